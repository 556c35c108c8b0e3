/**
 * The contract every outbound provider client implements (http-client.ts, undici, for tool
 * executions and the proxy; oauth-http-client.ts, got, for OAuth token and revocation calls).
 * Callers depend on this shape only, so either transport can serve any of them.
 */
import type { PrivateHostAllowance } from './address-guard.js';

export interface ProviderRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A JSON value (json/form encodings), or a Buffer/string (raw). `undefined`/`null`: no body. */
  body?: unknown;
  /** Default: `raw` for a Buffer/Uint8Array/string body, `json` otherwise. */
  bodyEncoding?: 'json' | 'form' | 'raw';
  /** Overrides the client's per-attempt timeout. */
  timeoutMs?: number;
  /** Default: true only for GET, HEAD, OPTIONS. */
  retry?: boolean;
  /** Redirects are never followed; the field exists to make that explicit at call sites. */
  followRedirects?: false;
}

export interface ProviderResponse {
  status: number;
  /** Lower-case names; multi-valued headers joined with ', '. Unfiltered: see passableResponseHeaders. */
  headers: Record<string, string>;
  /** Decompressed body bytes. */
  body: Buffer;
  contentType: string | null;
  /** Wall time of the whole call, retries and waits included. */
  durationMs: number;
  attempts: number;
}

export interface ProviderHttpClientOptions {
  timeoutMs: number;
  /** Default 2. */
  maxRetries?: number;
  /** Default 200. */
  retryBaseDelayMs?: number;
  /** Default 10000. */
  maxRetryAfterMs?: number;
  /**
   * Hostnames (lower-case, no port) allowed to resolve to private/loopback addresses: the
   * toolkits' configured base URL hosts (see `privateAllowedHosts` in proxy-target.ts). A Set is
   * read at every new connection, so it may be filled after the client is created. Default: none.
   */
  allowPrivateHosts?: PrivateHostAllowance;
  /** Default true. false removes the connect-time private-address check (never in production). */
  guardPrivateAddresses?: boolean;
  /** Per-origin cap of pooled keep-alive connections. Default 256. */
  maxSockets?: number;
  /** Largest response body accepted, before and after decompression. Default 20 MiB. */
  maxResponseBytes?: number;
  /** Largest response header block accepted. Default 32 KiB. */
  maxHeaderBytes?: number;
}

export interface ProviderHttpClient {
  request(req: ProviderRequest): Promise<ProviderResponse>;
  /** Closes the pooled connections. */
  close(): Promise<void>;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_HEADER_BYTES = 32 * 1024;
