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
 * waiting for its turn gives up with a retryable 503 when no task of its key has ended for
 * `maxIdleMs`: while the database is partitioned each earlier attempt holds its turn for a whole
 * statement timeout, and an unbounded queue would add those up (a burst of sign-ins from one
 * address answered after tens of seconds instead of within the documented bound). A queue that
 * moves, however long (a burst of sign-ins at the production password cost), is waited for.
 */
function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  /** Per key: the waiters to tell when one of its tasks ends (the queue moved). */
  const waiters = new Map<string, Set<() => void>>();

  /** Whether `previous` settles before the queue of `key` stands still for `maxIdleMs`. */
  async function turnComes(key: string, previous: Promise<void>, maxIdleMs: number): Promise<boolean> {
    const listeners = waiters.get(key) ?? new Set<() => void>();
    waiters.set(key, listeners);
    try {
      for (;;) {
        let moved!: () => void;
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          previous.then(() => 'ready' as const),
          new Promise<'moved'>((resolve) => listeners.add((moved = () => resolve('moved')))),
          new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), maxIdleMs))),
        ]);
        clearTimeout(timer);
        listeners.delete(moved);
        if (outcome !== 'moved') return outcome === 'ready';
      }
    } finally {
      if (listeners.size === 0 && waiters.get(key) === listeners) waiters.delete(key);
    }
  }

  return async function serially<T>(key: string, maxIdleMs: number, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    // The next task waits for the previous one too, even when this one gives up its turn.
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    let ran = false;
    try {
      if (!(await turnComes(key, previous, maxIdleMs))) {
        throw new BrokerError(
          'SERVICE_UNAVAILABLE',
          'Another sign-in from this address or for this account is still being checked; retry shortly',
        );
      }
      ran = true;
      return await task();
    } finally {
      done();
      // Only a task that ran moves the queue: one that gave up must not buy the others more time.
      if (ran) for (const moved of waiters.get(key) ?? []) moved();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
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
 * `maxWaitMs`: the longest an attempt waits for the queue of earlier ones on the same account or
 * address to move (the database's acquire timeout: the same wait as for a pooled connection).
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
      return serially(`a:${request.ip}`, maxWaitMs, () =>
        serially(accountKey(email), maxWaitMs, async () => {
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
      return serially(`a:${request.ip}`, maxWaitMs, async () => {
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
      return serially(`a:${request.ip}`, maxWaitMs, async () => {
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
