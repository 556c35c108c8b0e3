/**
 * A configurable request budget (off by default): `max` CRM calls per `intervalMs` window, then 429
 * RATE_LIMITS with Retry-After (seconds left in the window) and the X-HubSpot-RateLimit-* headers,
 * as HubSpot's ten-secondly (every call) or secondly (search) limits answer. Windows follow the
 * sandbox clock, so a test moves past one instead of sleeping.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Clock } from '../../src/clock.js';
import type { HubspotRateLimitPolicy } from '../types.js';

export class CrmRateLimiter {
  private policy: HubspotRateLimitPolicy | null = null;
  private windowStart = 0;
  private used = 0;

  constructor(private readonly clock: Clock) {}

  set(policy: HubspotRateLimitPolicy | null): void {
    if (policy !== null) {
      if (!Number.isInteger(policy.max) || policy.max < 0) throw new RangeError('rateLimitPolicy: max must be an integer >= 0');
      if (!(Number(policy.intervalMs) > 0)) throw new RangeError('rateLimitPolicy: intervalMs must be > 0');
    }
    this.policy = policy === null ? null : { ...policy };
    this.used = 0;
    this.windowStart = this.clock.now();
  }

  /** Counts one call; false (and the 429 sent) when the window's budget is spent. */
  admit(isSearch: boolean, reply: FastifyReply): boolean {
    const p = this.policy;
    if (!p || (p.searchOnly && !isSearch)) return true;
    const now = this.clock.now();
    if (now - this.windowStart >= p.intervalMs) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used < p.max) {
      this.used += 1;
      return true;
    }
    const retryAfter = Math.max(1, Math.ceil((this.windowStart + p.intervalMs - now) / 1000));
    const policyName = p.searchOnly ? 'SECONDLY' : 'TEN_SECONDLY_ROLLING';
    reply
      .code(429)
      .header('retry-after', String(retryAfter))
      .header('x-hubspot-ratelimit-max', String(p.max))
      .header('x-hubspot-ratelimit-remaining', '0')
      .header('x-hubspot-ratelimit-interval-milliseconds', String(p.intervalMs))
      .type('application/json; charset=utf-8')
      .send({
        status: 'error',
        message: `You have reached your ${policyName.toLowerCase()} limit.`,
        errorType: 'RATE_LIMIT',
        correlationId: randomUUID(),
        category: 'RATE_LIMITS',
        policyName,
      });
    return false;
  }
}
