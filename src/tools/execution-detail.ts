/**
 * The stored detail of a recorded call (issue 32): its input and the provider's response body as
 * JSON text, redacted by the log lines' rules (src/logging.ts redactedJson: a secret's key at any
 * depth loses its value) and, beyond them, with every credential value injected into the call cut
 * out wherever it appears, then bounded: past DETAIL_MAX_CHARS the text is cut with a marker.
 */
import { redactedJson } from '../logging.js';

/** Characters kept of each of a call's input and response (the rest is cut with a marker). */
export const DETAIL_MAX_CHARS = 16_384;
/** Shorter values are not searched for: they would match ordinary text and hide nothing secret. */
const MIN_SECRET_LENGTH = 6;

export const REDACTED = '[REDACTED]';

/** `value` as stored in execution_details; null when there was none. */
export function detailText(value: unknown, secrets: readonly string[] = []): string | null {
  if (value === undefined) return null;
  const text = redactedText(value, secrets);
  if (text.length <= DETAIL_MAX_CHARS) return text;
  return `${text.slice(0, DETAIL_MAX_CHARS)}…[truncated: ${text.length - DETAIL_MAX_CHARS} more characters]`;
}

/**
 * `value` redacted by the same rules, unbounded, as a value again (the console's playground shows
 * the request it sent and the answer this way). Text a cut made unreadable as JSON stays text.
 */
export function redactedValue(value: unknown, secrets: readonly string[] = []): unknown {
  if (value === undefined) return undefined;
  const text = redactedText(value, secrets);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function redactedText(value: unknown, secrets: readonly string[]): string {
  let text = redactedJson(value);
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    // As written in JSON text too (a quote or backslash in it is escaped there).
    const escaped = JSON.stringify(secret).slice(1, -1);
    text = text.split(secret).join(REDACTED);
    if (escaped !== secret) text = text.split(escaped).join(REDACTED);
  }
  return text;
}
