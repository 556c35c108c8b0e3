/**
 * Transport failures of either client, named in one vocabulary. got and undici report the same
 * event under different codes (a provider closing the socket mid-response is got's ECONNRESET
 * "socket hang up" and undici's UND_ERR_SOCKET "other side closed"), so each client turns its
 * library's error into a `NetworkFailure` of a library-independent kind; the retry loop
 * (retry-policy.ts) decides on the kind and turns the last one into a `ProviderNetworkError`.
 */

export type NetworkFailureKind =
  | 'connection_refused'
  | 'connection_reset'
  | 'socket_hang_up'
  | 'dns'
  | 'tls'
  | 'connect_timeout'
  | 'unreachable'
  | 'headers_too_large'
  | 'response_too_large'
  | 'invalid_response'
  | 'other';

/** Kinds where nothing (or nothing complete) came back, so an idempotent request may be sent again. */
export const RETRYABLE_KINDS: ReadonlySet<NetworkFailureKind> = new Set([
  'connection_refused',
  'connection_reset',
  'socket_hang_up',
  'connect_timeout',
]);

/** Thrown by a client's single attempt; never leaves the provider layer. */
export class NetworkFailure extends Error {
  readonly kind: NetworkFailureKind;
  /** The library's own code (ECONNRESET, UND_ERR_SOCKET, CERT_HAS_EXPIRED...), for operators. */
  readonly networkCode: string;
  constructor(kind: NetworkFailureKind, networkCode: string) {
    super(`${kind} (${networkCode})`);
    this.name = 'NetworkFailure';
    this.kind = kind;
    this.networkCode = networkCode;
  }
}

const BY_CODE: Record<string, NetworkFailureKind> = {
  ECONNREFUSED: 'connection_refused',
  ECONNRESET: 'connection_reset',
  EPIPE: 'connection_reset',
  ECONNABORTED: 'connection_reset',
  UND_ERR_SOCKET: 'socket_hang_up',
  UND_ERR_CLOSED: 'socket_hang_up',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  EAI_NODATA: 'dns',
  EAI_NONAME: 'dns',
  ESERVFAIL: 'dns',
  ETIMEDOUT: 'connect_timeout',
  UND_ERR_CONNECT_TIMEOUT: 'connect_timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENETDOWN: 'unreachable',
  UND_ERR_HEADERS_OVERFLOW: 'headers_too_large',
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  UND_ERR_RES_EXCEEDED_MAX_SIZE: 'response_too_large',
  ERR_BUFFER_TOO_LARGE: 'response_too_large',
  ERR_RESPONSE_TOO_LARGE: 'response_too_large',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'invalid_response',
  Z_DATA_ERROR: 'invalid_response',
  Z_BUF_ERROR: 'invalid_response',
  EPROTO: 'tls',
};

/** TLS codes come from OpenSSL and Node under several prefixes. */
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/** The kind of a transport error code; `message` tells got's "socket hang up" / "aborted" (closed mid-response) from a real reset. */
export function failureKind(code: string, message = ''): NetworkFailureKind {
  if (code === 'ECONNRESET' && /socket hang up|aborted/i.test(message)) return 'socket_hang_up';
  const known = BY_CODE[code];
  if (known) return known;
  if (TLS_CODE.test(code)) return 'tls';
  if (code.startsWith('HPE_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR_ZSTD')) return 'invalid_response';
  return 'other';
}

const TLS_DETAIL: Record<string, string> = {
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate does not match the host',
  CERT_HAS_EXPIRED: 'certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate could not be verified',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server does not speak TLS on this port',
};

/** What happened, in words, naming the host (`host[:port]`, never a path, query or header). */
export function describeFailure(kind: NetworkFailureKind, networkCode: string, host: string): string {
  switch (kind) {
    case 'connection_refused':
      return `connection refused by ${host}`;
    case 'connection_reset':
      return `connection reset by ${host}`;
    case 'socket_hang_up':
      return `${host} closed the connection before the response was complete (socket hang up)`;
    case 'dns':
      return `DNS lookup of ${host} failed`;
    case 'tls': {
      const detail = TLS_DETAIL[networkCode];
      return `TLS handshake with ${host} failed${detail ? `: ${detail}` : ''}`;
    }
    case 'connect_timeout':
      return `connecting to ${host} timed out`;
    case 'unreachable':
      return `${host} is unreachable`;
    case 'headers_too_large':
      return `the response headers from ${host} exceed the size limit`;
    case 'response_too_large':
      return `the response body from ${host} exceeds the size limit`;
    case 'invalid_response':
      return `${host} sent an invalid HTTP response`;
    case 'other':
      return `the request to ${host} failed`;
  }
}
