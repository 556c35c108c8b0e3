/** Keeps every request a sandbox receives (except its own `/__sandbox/*` control routes), in order. */
import type { FastifyRequest } from 'fastify';
import type { RecordedRequest } from '../types.js';

export const CONTROL_PREFIX = '/__sandbox';

export function parseBearer(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return m ? m[1] : null;
}

export function parseQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!search) return out;
  for (const [key, value] of new URLSearchParams(search)) {
    const prev = out[key];
    if (prev === undefined) out[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}

function flattenHeaders(headers: FastifyRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

export class RequestRecorder {
  /** Live array: reset() empties it in place so references held by tests stay valid. */
  readonly requests: RecordedRequest[] = [];
  /** Requests no longer in `requests` (trimmed at the cap, or cleared): marks count past them. */
  private gone = 0;
  private readonly byRequest = new WeakMap<object, RecordedRequest>();

  constructor(
    private readonly tokenPaths: ReadonlySet<string>,
    private readonly apiPrefix: string,
    private readonly max: number,
  ) {}

  /** onRequest: everything but the body, which is not parsed yet. */
  record(request: FastifyRequest): void {
    const raw = request.originalUrl ?? request.raw.url ?? '/';
    const q = raw.indexOf('?');
    const path = q === -1 ? raw : raw.slice(0, q);
    if (path.startsWith(CONTROL_PREFIX)) return;
    const entry: RecordedRequest = {
      method: request.method,
      path,
      query: q === -1 ? {} : parseQuery(raw.slice(q + 1)),
      headers: flattenHeaders(request.headers),
      body: undefined,
      bearer: parseBearer(request.headers.authorization),
      at: Date.now(),
    };
    if (this.requests.length >= this.max) this.gone += this.requests.splice(0, Math.ceil(this.max / 2)).length;
    this.requests.push(entry);
    this.byRequest.set(request, entry);
  }

  /** preValidation: the parsed body. */
  attachBody(request: FastifyRequest): void {
    const entry = this.byRequest.get(request);
    if (entry) entry.body = request.body;
  }

  tokenRequests(): RecordedRequest[] {
    return this.requests.filter((r) => this.tokenPaths.has(r.path));
  }

  apiRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.startsWith(this.apiPrefix));
  }

  /** A position in the log: sentSince(mark) is what arrived after it (marks survive trims and clears). */
  mark(): number {
    return this.gone + this.requests.length;
  }

  sentSince(mark: number): RecordedRequest[] {
    return this.requests.slice(Math.max(0, mark - this.gone));
  }

  clear(): void {
    this.gone += this.requests.length;
    this.requests.length = 0;
  }
}
