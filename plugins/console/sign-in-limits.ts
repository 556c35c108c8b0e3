/**
 * Budgets of failed console sign-ins (and sign-ups refused because the email has an account, so
 * neither passwords nor which emails have accounts can be found at speed): per account (the
 * normalized email, whether or not an account has it, so the answer never tells) and per address.
 * Only failures spend them; a success neither spends nor resets anything, so signing in to one's
 * own account does not buy more guesses at another. Over budget, every attempt is refused (429,
 * Retry-After) before the password is checked, even a right one: that is what stops the guessing.
 *
 * The counters are @fastify/rate-limit's (plugins/rate-limit.ts registers it), in Redis when
 * REDIS_URL is set, so every instance shares them. Within an instance, attempts on one account or
 * from one address are checked one at a time: otherwise a burst of parallel guesses would all pass
 * the check before the first failure is counted.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BrokerError } from '../../src/errors.js';
import { normalizeEmail } from '../../src/tenancy/invitations.js';

/** Failed sign-ins allowed per account per window. */
export const FAILED_SIGN_INS_PER_ACCOUNT = 10;
/** Failed sign-ins allowed per address per window (several people may share one). */
export const FAILED_SIGN_INS_PER_ADDRESS = 30;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Runs tasks with the same key one after another (in this process); other keys run freely. A task
 * waits for its turn at most until `deadline` (epoch ms), then fails with a retryable 503: while the
 * database is partitioned each earlier attempt holds its turn for a whole statement timeout, and
 * an unbounded queue would add those up (a burst of sign-ins from one address answered after
 * tens of seconds instead of within the documented bound).
 */
function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return async function serially<T>(key: string, deadline: number, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    // The next task waits for the previous one too, even when this one gives up its turn.
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    try {
      if (!(await settlesBefore(previous, deadline))) {
        throw new BrokerError(
          'SERVICE_UNAVAILABLE',
          'Another sign-in from this address or for this account is still being checked; retry shortly',
        );
      }
      return await task();
    } finally {
      done();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

/** Whether `promise` (which never rejects) settles before `deadline` (epoch ms). */
async function settlesBefore(promise: Promise<void>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))));
  try {
    return await Promise.race([promise.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One set of budgets per server: the public routes and the signed-in ones (change-password) must
 * spend the same counters, and without Redis each limiter made by createRateLimit has its own store.
 */
const perServer = new WeakMap<object, ReturnType<typeof createSignInLimits>>();
export function signInLimitsOf(app: FastifyInstance, maxWaitMs: number): ReturnType<typeof createSignInLimits> {
  let limits = perServer.get(app.server);
  if (!limits) perServer.set(app.server, (limits = createSignInLimits(app, maxWaitMs)));
  return limits;
}

/**
 * `maxWaitMs`: the longest an attempt waits for an earlier one on the same account or address
 * (the database's acquire timeout: the same wait as for a pooled connection).
 */
export function createSignInLimits(app: FastifyInstance, maxWaitMs: number) {
  const accountKey = (email: string) =>
    `signin-account:${createHash('sha256').update(normalizeEmail(email)).digest('base64url').slice(0, 22)}`;
  // The limiter asks the request for its key; the email rides along on it for this one call.
  const emails = new WeakMap<FastifyRequest, string>();
  const perAccount: Limiter = app.createRateLimit({
    max: FAILED_SIGN_INS_PER_ACCOUNT,
    timeWindow: SIGN_IN_WINDOW_MS,
    keyGenerator: (req) => accountKey(emails.get(req) ?? ''),
  });
  const perAddress: Limiter = app.createRateLimit({
    max: FAILED_SIGN_INS_PER_ADDRESS,
    timeWindow: SIGN_IN_WINDOW_MS,
    keyGenerator: (req) => `signin-address:${req.ip}`,
  });
  const serially = createKeyedQueue();

  /** Refuses when any of `budgets` is used up (a read: it spends nothing). */
  async function assertWithinBudget(
    request: FastifyRequest,
    reply: FastifyReply,
    budgets = [perAccount, perAddress],
    what = 'failed sign-in attempts',
  ): Promise<void> {
    const verdicts = await Promise.all(budgets.map((budget) => budget(request, { increment: false })));
    const over = verdicts.filter((v) => !v.isAllowed && v.remaining === 0);
    if (over.length === 0) return;
    const wait = Math.max(1, ...over.map((v) => (v.isAllowed ? 0 : v.ttlInSeconds)));
    reply.header('retry-after', wait);
    // The same words for either budget, and whether or not the account exists.
    throw new BrokerError('TOO_MANY_REQUESTS', `Too many ${what}: try again in ${wait} s`);
  }

  return {
    /**
     * Runs `signIn` unless a budget is used up; a 401 from it (or an error `isFailure` picks, such
     * as a wrong current password on change-password) spends both budgets.
     */
    async attempt<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      email: string,
      signIn: () => Promise<T>,
      isFailure: (err: BrokerError) => boolean = (err) => err.status === 401,
    ): Promise<T> {
      emails.set(request, email);
      const deadline = Date.now() + maxWaitMs;
      return serially(`a:${request.ip}`, deadline, () =>
        serially(accountKey(email), deadline, async () => {
          await assertWithinBudget(request, reply);
          try {
            return await signIn();
          } catch (err) {
            if (err instanceof BrokerError && isFailure(err)) await Promise.all([perAccount(request), perAddress(request)]);
            throw err;
          }
        }),
      );
    },

    /** Runs a password reset unless the address's budget is used up; a refused token (400) spends it. */
    async passwordReset<T>(request: FastifyRequest, reply: FastifyReply, reset: () => Promise<T>): Promise<T> {
      return serially(`a:${request.ip}`, Date.now() + maxWaitMs, async () => {
        await assertWithinBudget(request, reply, [perAddress], 'failed sign-in or password-reset attempts from this address');
        try {
          return await reset();
        } catch (err) {
          if (err instanceof BrokerError && err.status === 400) await perAddress(request);
          throw err;
        }
      });
    },

    /**
     * Runs `signUp` unless the address's budget is used up; a 409 (the email has an account) spends
     * it, so sign-up cannot be used to test at speed which emails have accounts.
     */
    async signUp<T>(request: FastifyRequest, reply: FastifyReply, signUp: () => Promise<T>): Promise<T> {
      return serially(`a:${request.ip}`, Date.now() + maxWaitMs, async () => {
        await assertWithinBudget(request, reply, [perAddress], 'failed sign-in or sign-up attempts from this address');
        try {
          return await signUp();
        } catch (err) {
          if (err instanceof BrokerError && err.status === 409) await perAddress(request);
          throw err;
        }
      });
    },
  };
}
