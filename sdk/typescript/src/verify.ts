/**
 * Verifying a webhook delivery of a native subscription (Standard Webhooks): the broker signs
 * `{webhook-id}.{webhook-timestamp}.{body}` with HMAC-SHA256 under the subscription's `whsec_`
 * secret (base64 key bytes after the prefix) and sends `v1,<base64>` in webhook-signature, several
 * space-separated while a rotated secret still signs. A delivery passes when one of them matches
 * (timing-safe) and its timestamp is within the tolerance (5 minutes) of now, either way, which
 * bounds replays.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BrokerEvent } from './types.js';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

type HeaderValue = string | readonly string[] | undefined;
/** A delivery as a framework hands it over: headers (Headers or a Node-style record) and the raw body. */
export interface WebhookDelivery {
  headers: Headers | Record<string, HeaderValue>;
  /** The exact bytes received: verify before parsing, a re-serialized body would not match. */
  body: string | Uint8Array;
}
/** A fetch Request (what Next.js, Hono, Deno and Bun route handlers get): its body is read here. */
export interface RequestLike {
  headers: Headers;
  text(): Promise<string>;
}

export interface VerifyOptions {
  /** Default 300 seconds. */
  toleranceSeconds?: number;
  /** Seconds since the epoch to compare with; default now. */
  now?: number;
}

const PREFIX = 'whsec_';
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

function header(headers: WebhookDelivery['headers'], name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, HeaderValue>;
  const value = record[name] ?? Object.entries(record).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(' ') : (value as string | undefined);
}

function keyOf(secret: string): Buffer {
  if (!secret) throw new WebhookVerificationError('no webhook secret given');
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** Checks a delivery's signature and timestamp; returns the body's parsed event, throws otherwise. */
export function verifyDelivery(delivery: WebhookDelivery, secret: string, options: VerifyOptions = {}): BrokerEvent {
  const id = header(delivery.headers, 'webhook-id');
  const timestamp = header(delivery.headers, 'webhook-timestamp');
  const signatures = header(delivery.headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature');
  const sentAt = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || !Number.isSafeInteger(sentAt)) throw new WebhookVerificationError('invalid webhook-timestamp');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (sentAt < now - tolerance) throw new WebhookVerificationError('webhook-timestamp too old');
  if (sentAt > now + tolerance) throw new WebhookVerificationError('webhook-timestamp in the future');

  const body = typeof delivery.body === 'string' ? delivery.body : Buffer.from(delivery.body).toString('utf8');
  const expected = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest();
  const matched = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matched) throw new WebhookVerificationError('no matching signature');
  try {
    return JSON.parse(body) as BrokerEvent;
  } catch {
    throw new WebhookVerificationError('the body is not JSON');
  }
}

/** `verifyDelivery` for a fetch Request or a {headers, body} delivery. */
export async function verifyWebhook(
  input: RequestLike | WebhookDelivery,
  secret: string,
  options: VerifyOptions = {},
): Promise<BrokerEvent> {
  if ('text' in input && typeof input.text === 'function') {
    return verifyDelivery({ headers: input.headers, body: await input.text() }, secret, options);
  }
  return verifyDelivery(input as WebhookDelivery, secret, options);
}
