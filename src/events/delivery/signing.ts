/**
 * Signing a delivery (docs/events.md#delivery). Both schemes sign `{webhook-id}.{timestamp}.{body}`
 * with HMAC-SHA256 and send `v1,<base64>`; they differ only in how the secret becomes the key:
 * - `standard` (native subscriptions): Standard Webhooks, secret `whsec_` + base64 of the key bytes.
 * - `composio` (compat subscriptions): @composio/core's verifier keys the HMAC with the secret
 *   string's UTF-8 bytes as given.
 * node:crypto computes it (the `standardwebhooks` package's pure-JS HMAC cost most of a delivery's
 * signing time); the tests verify every scheme with the receivers' own verifiers
 * (standardwebhooks, @composio/core). During a rotation's overlap the old secret signs too:
 * space-separated signatures, which both verifiers accept.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

export type SigningScheme = 'standard' | 'composio';

/** The headers of one attempt, names lower-case. */
export type DeliveryHeaders = Record<string, string>;

export interface SignedAttempt {
  scheme: SigningScheme;
  /** The composio payload version (`V1`|`V2`|`V3`), sent in `x-composio-webhook-version`. */
  version?: string | null;
  /** The delivery id (`msg_…`): the same on every attempt. */
  messageId: string;
  /** 1-based. */
  attempt: number;
  /** Seconds since the epoch of this attempt. */
  timestamp: number;
  /** The exact bytes sent (identical on every attempt). */
  body: string;
  /** The current secret first, then the previous one while it still signs. */
  secrets: readonly string[];
}

export const USER_AGENT = 'connector-broker-webhooks';

const STANDARD_PREFIX = 'whsec_';

/** The HMAC key a secret stands for in its scheme. */
function decodeKey(scheme: SigningScheme, secret: string): KeyObject {
  if (scheme === 'composio') return createSecretKey(Buffer.from(secret, 'utf8'));
  return createSecretKey(Buffer.from(secret.startsWith(STANDARD_PREFIX) ? secret.slice(STANDARD_PREFIX.length) : secret, 'base64'));
}

/** Decoded keys of the secrets signing now (a few per subscription), so each signature only hashes. */
const keys = new Map<string, KeyObject>();
const KEYS_KEPT = 1000;
function keyOf(scheme: SigningScheme, secret: string): KeyObject {
  const name = `${scheme}:${secret}`;
  let key = keys.get(name);
  if (!key) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    keys.set(name, (key = decodeKey(scheme, secret)));
  }
  return key;
}

/** The `webhook-signature` value: one `v1,<base64>` per secret, space-separated. */
export function signatureHeader(
  scheme: SigningScheme,
  secrets: readonly string[],
  messageId: string,
  timestamp: number,
  body: string,
): string {
  const signed = `${messageId}.${timestamp}.${body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', keyOf(scheme, secret)).update(signed).digest('base64')}`).join(' ');
}

/** Every header of one attempt of one delivery. */
export function deliveryHeaders(a: SignedAttempt): DeliveryHeaders {
  const headers: DeliveryHeaders = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': a.messageId,
    'webhook-timestamp': String(a.timestamp),
    'webhook-signature': signatureHeader(a.scheme, a.secrets, a.messageId, a.timestamp, a.body),
  };
  if (a.scheme === 'standard') {
    headers['webhook-attempt'] = String(a.attempt);
  } else {
    headers['x-composio-webhook-version'] = a.version ?? 'V3';
    headers['x-composio-delivery-attempt'] = String(a.attempt);
  }
  return headers;
}
