/**
 * The headers of an outbound provider call: what the caller asked for (proxy `headers`, tool
 * templates) merged with what the broker injects (the connection's credentials). Callers can
 * neither override nor duplicate an injected header, nor send their own credentials or
 * connection-level headers that belong to the HTTP client.
 */

/** Caller headers always dropped: credentials and headers the HTTP client itself owns. */
const CALLER_FORBIDDEN = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'http2-settings',
]);

/** RFC 9110 token: a valid header field name. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Field values may not carry CR, LF or NUL (header injection); Node would refuse them anyway. */
const BAD_VALUE = /[\r\n\0]/;

/**
 * Merges caller headers with injected ones. Caller headers are dropped (case-insensitively) when
 * they are `authorization`, `proxy-authorization`, `cookie`, `x-api-key`, `host`, `content-length`,
 * `transfer-encoding`, `connection` or another hop-by-hop header, any `proxy-*` header, a name an
 * injected header uses, or not a valid name/value. Names come back lower-case; injected headers
 * are written last, so they always win.
 */
export function mergeOutboundHeaders(
  callerHeaders: Record<string, string> | undefined,
  injected: Record<string, string>,
): Record<string, string> {
  const injectedNames = new Set(Object.keys(injected).map((n) => n.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(callerHeaders ?? {})) {
    const name = rawName.toLowerCase();
    if (typeof value !== 'string' || !TOKEN.test(name) || BAD_VALUE.test(value)) continue;
    if (CALLER_FORBIDDEN.has(name) || name.startsWith('proxy-') || injectedNames.has(name)) continue;
    out[name] = value;
  }
  for (const [name, value] of Object.entries(injected)) out[name.toLowerCase()] = value;
  return out;
}
