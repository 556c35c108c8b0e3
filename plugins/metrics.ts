/**
 * GET /metrics in Prometheus text format (src/metrics/broker-metrics.ts), and the timing of every
 * request by route pattern (`/api/v1/connectors/connections/:id`, never a raw URL, so ids do not
 * multiply series). When METRICS_TOKEN is set the endpoint wants `Authorization: Bearer <token>`.
 * Hidden from spec.json; never rate limited (plugins/rate-limit.ts), like the health probes.
 */
import fp from 'fastify-plugin';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { BrokerMetrics } from '../src/metrics/broker-metrics.js';
import { unauthorized } from '../src/errors.js';
import { bearerToken } from './auth.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of the presented bearer token (hashed first: equal lengths). */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const token = bearerToken(request);
  return token !== undefined && timingSafeEqual(digest(token), expected);
}

export default fp(
  async (app, opts: { metrics: Pick<BrokerMetrics, 'registry' | 'observeRequest'>; token: string | undefined }) => {
    const { registry, observeRequest } = opts.metrics;
    const expected = opts.token ? digest(opts.token) : undefined;

    app.addHook('onResponse', (request, reply, done) => {
      // Unmatched URLs (404s, probes of random paths) share one series.
      observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      if (expected && !bearerMatches(request, expected))
        throw unauthorized('Send the metrics token: Authorization: Bearer <METRICS_TOKEN>');
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
