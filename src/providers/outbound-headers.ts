/**
 * The headers of an outbound provider call: what the caller asked for (proxy `headers`, tool
 * templates) merged with what the broker injects (the connection's credentials). Callers can
 * neither override nor duplicate an injected header, nor send their own credentials or
 * connection-level headers that belong to the HTTP client.
 */

/** Headers the HTTP client itself owns: a caller setting them could desynchronise or redirect the request. */
const CLIENT_OWNED = new Set([
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

/** True for a header only the HTTP client may set (including any `proxy-*` header); `name` lower-case. */
export const isClientOwnedHeader = (name: string): boolean => CLIENT_OWNED.has(name) || name.startsWith('proxy-');

/** Caller headers always dropped besides the client-owned ones: credentials only the broker injects. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'x-api-key']);

/** RFC 9110 token: a valid header field name. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Field values may not carry CR, LF or NUL (header injection, request smuggling). */
export const BAD_HEADER_VALUE = /[\r\n\0]/;

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
    if (typeof value !== 'string' || !HEADER_NAME.test(name) || BAD_HEADER_VALUE.test(value)) continue;
    if (CREDENTIAL_HEADERS.has(name) || isClientOwnedHeader(name) || injectedNames.has(name)) continue;
    out[name] = value;
  }
  for (const [name, value] of Object.entries(injected)) out[name.toLowerCase()] = value;
  return out;
}
