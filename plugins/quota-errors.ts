/**
 * A refusal for the monthly execution quota (src/tools/execution-quota.ts) tells clients when to
 * come back, on every plane whose error handler renders it (native, compat): `Retry-After` with the
 * seconds until the quota resets, and `x-should-retry: false` so the official clients (which retry
 * a 429 within seconds) do not spend their retries on a month-long wait. Set in an onError hook,
 * which runs before each plane's own error handler, so the planes' bodies stay theirs. MCP answers
 * the refusal inside a tool result (an `isError` result naming the quota), over HTTP 200.
 */
import fp from 'fastify-plugin';
import { QuotaExceededError } from '../src/tools/execution-quota.js';

export default fp(
  async (app) => {
    app.addHook('onError', async (_request, reply, error) => {
      if (!(error instanceof QuotaExceededError)) return;
      reply.header('retry-after', String(error.retryAfterSeconds));
      reply.header('x-should-retry', 'false');
    });
  },
  { name: 'quota-errors' },
);
