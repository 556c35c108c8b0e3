/** application/x-www-form-urlencoded in and out, and small readers for loosely typed inputs. */

/** Form body -> fields (first occurrence of a repeated name wins). */
export function parseFormBody(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) if (!(k in out)) out[k] = v;
  return out;
}

export function formEncode(fields: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

/** Body fields as strings, whatever the body's content type (form object or JSON object). */
export function formFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    }
  }
  return out;
}

/** client_id/client_secret from HTTP Basic, when the caller authenticates that way. */
export function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | null {
  if (!header) return null;
  const m = /^Basic\s+(\S+)$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return null;
  return { clientId: decodeURIComponent(decoded.slice(0, i)), clientSecret: decodeURIComponent(decoded.slice(i + 1)) };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** First value of a query parameter. */
export function q1(query: unknown, name: string): string | undefined {
  if (!isPlainObject(query)) return undefined;
  const v = query[name];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** All values of a query parameter (repeated keys, and comma lists when `splitCommas`). */
export function qAll(query: unknown, name: string, splitCommas = false): string[] {
  if (!isPlainObject(query)) return [];
  const v = query[name];
  const list = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
  const out = splitCommas ? list.flatMap((s) => s.split(',')) : list;
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) URL on this machine: the only kind of address a sandbox ever sends requests to. */
export function isLoopbackUrl(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
