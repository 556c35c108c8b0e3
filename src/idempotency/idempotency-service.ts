/**
 * Idempotency-Key on the native operations that act (executeTool, proxy, initiate, connect,
 * createAuthConfig), with the semantics of the IETF draft (draft-ietf-httpapi-idempotency-key-header):
 * the same project, key and request within 24 hours gets the first answer again without acting;
 * the key with another request is 422; the key while its first request is still in flight is 409.
 *
 * The state is in the database (`idempotency_keys`), so it holds across instances: the request
 * claims its (project, key) row before it acts, and the answer is written into the row before it
 * is sent, so a retry that reaches another instance finds it. A claim whose instance crashed
 * expires after `lockMs` (longer than any request may run), and the key is free again.
 *
 * Only successful (2xx) answers are kept: they are the ones after which the broker acted. An error
 * answer (a refused argument, an unknown connection, a timeout, a 5xx) frees the key, so a retry
 * with the same key runs again; a tool call the provider refused is a 200 (successful=false) and so
 * kept. The request body is never stored, only a SHA-256 of it; answers of these operations carry
 * no secret (ids, a consent URL, the provider's data the caller already received).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { IdempotencyKeyRepository, StoredAnswer } from '../db/repositories/idempotency-key-repository.js';
import { BrokerError, badRequest } from '../errors.js';
import { newId } from '../ids.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set to `true` on an answer replayed from the first request. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key's first answer is kept and replayed (the draft's suggested 24 hours). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;
export const MAX_KEY_LENGTH = 255;

/** Printable ASCII, space included (a Structured Fields string's characters). */
const PRINTABLE = /^[\x20-\x7e]+$/;

/** The content of a Structured Fields string (`"a\\"b"` is `a"b`); undefined when malformed. */
function unquote(quoted: string): string | undefined {
  let out = '';
  for (let i = 1; i < quoted.length - 1; i++) {
    const c = quoted[i];
    if (c === '"') return undefined;
    if (c === '\\') {
      const next = quoted[i + 1];
      if (i + 1 >= quoted.length - 1 || (next !== '"' && next !== '\\')) return undefined;
      out += next;
      i++;
    } else out += c;
  }
  return out;
}

/**
 * The key from the header's value: the draft sends a Structured Fields string (`"…"`, with `\"`
 * and `\\` escapes); a bare token is accepted as the same key. 1 to 255 printable characters.
 */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const refuse = (why: string) =>
    badRequest(`Invalid Idempotency-Key header: ${why}`, { errors: [{ field: 'headers.idempotency-key', message: why }] });
  if (Array.isArray(raw)) throw refuse('sent more than once');
  let key = raw;
  if (!PRINTABLE.test(key)) throw refuse(`must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters`);
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    const inner = unquote(key);
    if (inner === undefined) throw refuse('is not a valid quoted string');
    key = inner;
  }
  if (key.length < 1 || key.length > MAX_KEY_LENGTH) throw refuse(`must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters`);
  return key;
}

/** JSON with object keys sorted, so a body's key order does not make it another request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What "the same request" means: method, path (with its parameters) and body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

export interface IdempotentRequest {
  projectId: string;
  key: string;
  method: string;
  /** The URL's path, without the query. */
  path: string;
  body: unknown;
}

export type Admission = { kind: 'replay'; answer: StoredAnswer } | { kind: 'act'; claimToken: string };

/** Attempts at claiming: a take-over lost to another instance reads the row again. */
const MAX_CLAIM_ATTEMPTS = 3;

export function createIdempotencyService(deps: {
  rows: IdempotencyKeyRepository;
  clock: Clock;
  /** How long an unfinished claim blocks the key before it counts as abandoned (a crashed instance). */
  lockMs: number;
}) {
  const { rows, clock, lockMs } = deps;

  const inUse = (key: string) =>
    new BrokerError('IDEMPOTENCY_KEY_IN_USE', `A request with Idempotency-Key "${key}" is still in progress; retry after it has answered`);
  const mismatch = (key: string) =>
    new BrokerError(
      'IDEMPOTENCY_KEY_MISMATCH',
      `Idempotency-Key "${key}" was already used with a different request (method, path or body) in the last 24 hours; use a new key for a new request`,
    );

  return {
    /** How long an unfinished claim blocks its key. */
    lockMs,
    /**
     * Claims the key for this request (`act`: run it, then `complete` or `release`), or answers
     * `replay` with the first answer; throws 409 while another request holds the key and 422 when
     * the key was used with another request.
     */
    async admit(request: IdempotentRequest): Promise<Admission> {
      const fingerprint = requestFingerprint(request.method, request.path, request.body);
      for (let attempt = 1; ; attempt++) {
        const now = clock.now();
        const claim = {
          id: newId('idk'),
          projectId: request.projectId,
          key: request.key,
          fingerprint,
          claimToken: randomUUID(),
          lockedUntil: new Date(now + lockMs),
          createdAt: new Date(now),
          expiresAt: new Date(now + IDEMPOTENCY_RETENTION_MS),
        };
        const row = await rows.insertOrGet(claim);
        if (row.claimToken === claim.claimToken) return { kind: 'act', claimToken: claim.claimToken };
        const expired = row.expiresAt.getTime() <= now;
        const abandoned = !row.completedAt && row.lockedUntil.getTime() <= now;
        if (!expired && !abandoned) {
          if (row.fingerprint !== fingerprint) throw mismatch(request.key);
          if (!row.completedAt) throw inUse(request.key);
          return {
            kind: 'replay',
            answer: { status: row.responseStatus ?? 200, contentType: row.responseContentType ?? null, body: row.responseBody ?? '' },
          };
        }
        if (await rows.takeOver(row.claimToken, claim, new Date(now))) return { kind: 'act', claimToken: claim.claimToken };
        if (attempt >= MAX_CLAIM_ATTEMPTS) throw inUse(request.key);
      }
    },

    /** Whether an answer is kept for replays: only 2xx ones, after which the broker acted. */
    keeps(status: number): boolean {
      return status >= 200 && status < 300;
    },

    /** Keeps the first answer; false when the claim lapsed and another request took the key over. */
    complete(claimToken: string, answer: StoredAnswer): Promise<boolean> {
      return rows.complete(claimToken, answer, new Date(clock.now()));
    },

    /** Frees the key: the request answered an error, so a retry with the key may act. */
    release(claimToken: string): Promise<void> {
      return rows.release(claimToken);
    },

    /** Removes the keys older than 24 hours (a scheduled task, once across instances). */
    sweepExpired(): Promise<number> {
      return rows.sweepExpired(new Date(clock.now()));
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
