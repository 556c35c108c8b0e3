/**
 * HubSpot's webhook signature v3: `X-HubSpot-Signature-v3` is base64(HMAC-SHA256(the app's client
 * secret, method + full request URI + raw body + `X-HubSpot-Request-Timestamp`)), the timestamp in
 * milliseconds. Pure: the caller gives the raw bytes as received and the URI HubSpot called.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HubSpot's documented bound: older (or further in the future) requests are refused as replays. */
export const MAX_SKEW_MS = 5 * 60_000;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'unsigned' | 'bad_timestamp' | 'stale' | 'mismatch'; message: string };

export interface SignedRequest {
  method: string;
  /** The full URI as HubSpot called it (scheme, host, path and query). */
  uri: string;
  rawBody: Buffer;
  signature: string | undefined;
  timestamp: string | undefined;
}

/**
 * HubSpot signs the URI with some percent-escapes decoded (its v3 documentation lists them); a
 * URI without those escapes is the same either way. Both forms are tried.
 */
const DECODED: Record<string, string> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};

function uriForms(uri: string): string[] {
  const decoded = uri.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi, (m) => DECODED[m.toUpperCase()] ?? m);
  return decoded === uri ? [uri] : [uri, decoded];
}

function sign(secret: string, method: string, uri: string, rawBody: Buffer, timestamp: string): Buffer {
  return createHmac('sha256', secret)
    .update(method + uri)
    .update(rawBody)
    .update(timestamp)
    .digest();
}

/** Checks a request against each candidate secret (an app has one; rotation may give two). */
export function verifyHubspotV3(request: SignedRequest, secrets: readonly string[], nowMs: number): SignatureCheck {
  const { signature, timestamp } = request;
  if (!signature || !timestamp)
    return { ok: false, reason: 'unsigned', message: 'Missing X-HubSpot-Signature-v3 or X-HubSpot-Request-Timestamp' };
  if (!/^\d{1,16}$/.test(timestamp))
    return { ok: false, reason: 'bad_timestamp', message: 'X-HubSpot-Request-Timestamp must be milliseconds since the epoch' };
  if (Math.abs(nowMs - Number(timestamp)) > MAX_SKEW_MS)
    return {
      ok: false,
      reason: 'stale',
      message: 'X-HubSpot-Request-Timestamp is more than 5 minutes away from now (a replay or a skewed clock)',
    };
  const given = Buffer.from(signature, 'base64');
  const method = request.method.toUpperCase();
  for (const secret of secrets) {
    for (const uri of uriForms(request.uri)) {
      const expected = sign(secret, method, uri, request.rawBody, timestamp);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
    }
  }
  return {
    ok: false,
    reason: 'mismatch',
    message:
      'X-HubSpot-Signature-v3 does not match: the body was changed, the secret differs, or the URL HubSpot called is not PUBLIC_BASE_URL + this path',
  };
}
