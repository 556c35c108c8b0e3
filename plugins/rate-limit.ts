/**
 * Request budgets per minute, on every route but the health probes (both planes, the OAuth
 * callback, the connect pages):
 * - per key (RATE_LIMIT_PER_MINUTE): a request presenting a key (`x-api-key`, or
 *   `Authorization: Bearer <key>` as the MCP endpoint accepts) spends that key's budget, so one
 *   tenant cannot starve another; a request with no key but a console session cookie (correctly
 *   signed) spends that session's budget of the same size, so people behind one address (an
 *   office) do not share the anonymous budget;
 * - per address without a valid credential (RATE_LIMIT_ANONYMOUS_PER_MINUTE): a request presenting
 *   neither spends its address's budget, and so does every failed authentication (401), so a flood
 *   of made-up keys (or ended sessions) is not free: once the address is over, a credential not
 *   seen valid here is refused, unless it is a valid API key. "Seen valid" is a memory, and a
 *   memory forgets (it is bounded, and a 401 answered to a request carrying the key, as a console
 *   route answers one without a session, evicts it): so before refusing an API key the limiter
 *   asks authentication (its hot cache, else one indexed lookup by digest) whether the key is
 *   valid, and a valid key is never refused for what others did from its address. Credentials
 *   that authenticated keep their own budget.
 * Counters live in Redis when REDIS_URL is set, so every instance shares them. Over budget: 429 in
 * the plane's error body (each plane's error handler renders the thrown error) with Retry-After.
 * The limiter is registered even when both budgets are 0, so other budgets (console sign-in
 * attempts, plugins/console/sign-in-limits.ts) can use `app.createRateLimit` and the same store.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { hash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Config } from '../src/config.js';
import type { ApiKeys } from '../src/tenancy/api-keys.js';
import { SESSION_COOKIE } from './console/session-auth.js';
import { presentedApiKey } from './auth.js';

/** Never limited: load balancers and orchestrators probe these. */
const EXEMPT = new Set(['/healthz', '/readyz', '/metrics']);

/** How many credentials that authenticated are remembered (to spare them an address's anonymous budget). */
const KNOWN_KEYS_MAX = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** presentedCredential's memo: undefined until asked, null when the request presents none. */
    limitedAs: string | null | undefined;
  }
}

type Limiter = ReturnType<import('fastify').FastifyInstance['createRateLimit']>;
type Verdict = Awaited<ReturnType<Limiter>>;

/**
 * The credential a request presents, by digest (the limiter never holds one in clear), marked
 * `k:` for an API key (the digest authentication uses too, computed once: plugins/auth.ts) and
 * `s:` for a console session cookie; undefined if none.
 */
function presentedCredential(request: FastifyRequest): string | undefined {
  if (request.limitedAs === undefined) request.limitedAs = credentialOf(request);
  return request.limitedAs ?? undefined;
}

function credentialOf(request: FastifyRequest): string | null {
  const key = presentedApiKey(request);
  if (key) return `k:${key.hash}`;
  // Only a cookie this server signed: a made-up value must not buy a budget of its own.
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (cookie && request.unsignCookie(cookie).valid) return `s:${hash('sha256', cookie, 'base64url')}`;
  return null;
}

function pathOf(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return q === -1 ? request.url : request.url.slice(0, q);
}

/**
 * Sets the budget headers; over budget, throws the 429 the plane's error handler renders. A peek
 * (`spent`: a read that did not count this request) is over once the budget is used up.
 */
function enforce(verdict: Verdict, reply: FastifyReply, what: string, spent = false): void {
  if (verdict.isAllowed) return;
  const over = spent ? verdict.remaining === 0 : verdict.isExceeded;
  if (spent && !over) return; // the budget headers describe the key's own budget
  reply.header('x-ratelimit-limit', verdict.max);
  reply.header('x-ratelimit-remaining', over ? 0 : verdict.remaining);
  reply.header('x-ratelimit-reset', verdict.ttlInSeconds);
  if (!over) return;
  reply.header('retry-after', Math.max(1, verdict.ttlInSeconds));
  const message = `Rate limit exceeded (${what}): ${verdict.max} requests per minute; retry in ${Math.max(1, verdict.ttlInSeconds)} s`;
  throw Object.assign(new Error(message), { statusCode: 429 });
}

export default fp(
  async (app, opts: { config: Config; apiKeys: Pick<ApiKeys, 'authenticate'> }) => {
    const { rateLimitPerMinute: perKey, rateLimitAnonymousPerMinute: perAddress, redisUrl } = opts.config;
    const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
    if (redis) {
      // A Redis outage is logged, and requests are then served unlimited (skipOnError) rather than failed.
      redis.on('error', (err: Error) => app.log.warn({ err }, 'rate-limit store unavailable'));
      app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
    }
    app.decorateRequest('limitedAs', undefined);
    await app.register(rateLimit, { global: false, redis, nameSpace: 'broker-rl-', timeWindow: '1 minute', skipOnError: true });
    if (perKey === 0 && perAddress === 0) return;

    const keyed =
      perKey > 0
        ? app.createRateLimit({ max: perKey, timeWindow: 60_000, keyGenerator: (req) => presentedCredential(req) ?? 'none' })
        : undefined;
    const anonymous =
      perAddress > 0 ? app.createRateLimit({ max: perAddress, timeWindow: 60_000, keyGenerator: (req) => `a:${req.ip}` }) : undefined;
    const knownCredentials = new Set<string>();
    const remember = (hash: string) => {
      if (knownCredentials.size >= KNOWN_KEYS_MAX) knownCredentials.clear();
      knownCredentials.add(hash);
    };

    const spendAnonymous = async (request: FastifyRequest, reply: FastifyReply, limiter: Limiter) =>
      enforce(await limiter(request), reply, 'requests without a valid key, per address');
    /** Whether the request's API key is valid (a credential over an address's budget is refused only if not). */
    const validKey = async (request: FastifyRequest, hash: string): Promise<boolean> => {
      const presented = hash.startsWith('k:') ? presentedApiKey(request) : null;
      if (!presented || !(await opts.apiKeys.authenticate(presented.key, presented.hash))) return false;
      remember(hash);
      return true;
    };
    const spendKeyed = async (request: FastifyRequest, reply: FastifyReply, hash: string, waitOut: boolean) => {
      if (anonymous && waitOut) {
        const verdict = await anonymous(request, { increment: false });
        const over = !verdict.isAllowed && verdict.remaining === 0;
        if (over && !(await validKey(request, hash))) enforce(verdict, reply, 'failed authentications, per address', true);
      }
      if (keyed) enforce(await keyed(request), reply, hash.startsWith('s:') ? 'per session' : 'per key');
    };
    /** What a request spends; undefined (no promise, no turn) when no budget applies to it. */
    const spend = (request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined => {
      if (EXEMPT.has(pathOf(request))) return undefined;
      const hash = presentedCredential(request);
      if (hash === undefined) return anonymous && spendAnonymous(request, reply, anonymous);
      // Spent by failed authentications: a credential this instance has not seen valid waits it out.
      const waitOut = anonymous !== undefined && !knownCredentials.has(hash);
      return waitOut || keyed ? spendKeyed(request, reply, hash, waitOut) : undefined;
    };

    // Callback style: a request that spends no budget here (a known key, no per-key limit) costs no promise.
    app.addHook('onRequest', (request, reply, done) => {
      const spending = spend(request, reply);
      if (spending) spending.then(() => done(), done);
      else done();
    });

    if (anonymous) {
      app.addHook('onResponse', (request, reply, done) => {
        const hash = presentedCredential(request);
        if (hash !== undefined && reply.statusCode === 401) {
          knownCredentials.delete(hash);
          anonymous(request).then(() => done(), done);
          return;
        }
        if (hash !== undefined && (request.auth || request.consoleSession)) remember(hash);
        done();
      });
    }
  },
  { name: 'rate-limit' },
);
