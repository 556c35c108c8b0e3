/**
 * Public types of the provider sandboxes (loopback emulators of HubSpot and Bitly).
 * Everything here is re-exported from `sandbox/index.ts`.
 */
import type { Clock } from '../src/clock.js';

/** An OAuth app registered with a sandbox. Without `redirectUris` any absolute redirect URI is accepted. */
export interface SandboxOAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
  /** Shown on the consent page and by Bitly's GET /apps/{client_id}. */
  name?: string;
}

export interface SandboxOptions {
  /** 0 (default) = a random free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Registered OAuth apps. Default: one fixed client per provider (see `DEFAULT_*_CLIENT`). */
  clients?: SandboxOAuthClient[];
  /** HubSpot access-token lifetime, default 1800. Bitly tokens never expire. */
  accessTokenTtlSeconds?: number;
  /** Fastify request logging (default off: benchmarks). */
  logger?: boolean;
  /** How many requests `requests` keeps (oldest dropped first); default 50000. */
  maxRecordedRequests?: number;
  /** Time source for code and token expiry (tests pass a manual clock); default the system clock. */
  clock?: Clock;
}

export interface RecordedRequest {
  method: string;
  /** Raw path without the query, exactly as received (not decoded). */
  path: string;
  query: Record<string, string | string[]>;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed body (JSON object, form fields as an object, or text); undefined when none. */
  body: unknown;
  bearer: string | null;
  /** Date.now() when the request arrived. */
  at: number;
}

export type TokenEndpointMode = 'ok' | 'fail' | 'stall' | 'invalid_grant';

/** A token minted directly by `control.issueToken` (no OAuth round trip). */
export interface IssuedToken {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scopes?: string[];
  login?: string;
}

export interface IssueTokenOptions {
  /** Default: the first registered client. */
  clientId?: string;
  /** HubSpot only; default: every CRM read/write scope plus `oauth`. */
  scopes?: string[];
  /** HubSpot only; default `accessTokenTtlSeconds`. */
  expiresInSeconds?: number;
}

export interface SandboxControl {
  /** Delay every API response by `ms` (0 = none). */
  latencyMs(ms: number): void;
  /** The next `count` (default 1) API calls answer `status` with the provider's error shape, or `body` when given. */
  failNext(status: number, count?: number, body?: unknown): void;
  /** The next `count` API calls answer 429 (HubSpot adds Retry-After when `retryAfterSeconds` is set; Bitly never does). */
  rateLimit(count: number, retryAfterSeconds?: number): void;
  /** ok | fail (500) | stall (never answers) | invalid_grant (400). Stays until changed. */
  tokenEndpoint(mode: TokenEndpointMode): void;
  /** Every access token issued so far now answers 401 (tokens issued later are fine). */
  expireAccessTokens(): void;
  /** Revoke every access and refresh token issued so far. */
  revokeAll(): void;
  /** Mint a valid token without the OAuth flow. */
  issueToken(opts?: IssueTokenOptions): IssuedToken;
  /** Register another OAuth app. */
  registerClient(client: SandboxOAuthClient): void;
}

export type HubspotObjectType = 'contacts' | 'companies' | 'deals';

export interface HubspotControl {
  /** Create `count` records with plausible properties; returns their ids. */
  seed(object: HubspotObjectType, count: number): string[];
}

export interface BitlySeedOptions {
  links?: number;
  tags?: number;
  qrCodes?: number;
  /** Default: the default group. */
  groupGuid?: string;
}

export interface BitlySeedResult {
  links: string[];
  tags: string[];
  qrCodes: string[];
}

export interface WebhookDelivery {
  webhookGuid: string;
  url: string;
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  at: number;
}

export interface BitlyControl {
  /** On: POST /shorten and POST /bitlinks answer 429 BRANDED_LINK_MONTHLY_LIMIT_EXCEEDED for custom (non bit.ly) domains. */
  brandedLinkMonthlyLimitReached(on: boolean): void;
  /** The domain's DNS is "not set up": the two create tools answer 417 DNS_CONFIGURATION_ERROR. `on=false` undoes it. */
  dnsMisconfigured(domain: string, on?: boolean): void;
  /** false: campaigns, channels, webhooks, custom bitlinks and the premium city/device metrics answer 402 UPGRADE_REQUIRED. */
  setPremium(on: boolean): void;
  /** false: POST /qr-codes/static answers 403 (the feature is enabled per account by Bitly). Default true. */
  staticQrCodes(enabled: boolean): void;
  /** Bulk-create links, group tags and QR codes. */
  seed(opts: BitlySeedOptions): BitlySeedResult;
  /** Organizations GET /organizations returns without include_all=true. */
  allowedOrgs(guids: string[]): void;
  /** Pings VERIFY sent (or refused) so far. */
  webhookDeliveries(): WebhookDelivery[];
}

export interface SandboxOAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** HubSpot: `.../oauth/v1/refresh-tokens/{token}` (DELETE, token in the path); Bitly: null. */
  revocationUrl: string | null;
}

export interface Sandbox<C extends SandboxControl = SandboxControl> {
  provider: 'hubspot' | 'bitly';
  /** Origin, e.g. http://127.0.0.1:41234 */
  url: string;
  /** HubSpot: same as url; Bitly: url + '/v4'. */
  apiBaseUrl: string;
  oauth: SandboxOAuthEndpoints;
  /** Registered OAuth apps (live list). */
  clients: SandboxOAuthClient[];
  /** Every API, OAuth and token request received, in order (the `/__sandbox/*` control routes excluded). */
  requests: RecordedRequest[];
  /** Only token-endpoint requests. */
  tokenRequests(): RecordedRequest[];
  /** Only provider API requests (HubSpot /crm/..., Bitly /v4/...). */
  apiRequests(): RecordedRequest[];
  /** A position in the request log, for sentSince (tests sharing one sandbox each read their own part). */
  mark(): number;
  /** The requests received since `mark`, in order. */
  sentSince(mark: number): RecordedRequest[];
  control: C;
  /** Clear state (back to the seeded fixtures), recorded requests and controls. */
  reset(): void;
  close(): Promise<void>;
}

export interface HubspotFixtures {
  hubId: number;
  userId: number;
  user: string;
  hubDomain: string;
  appId: number;
}

export interface BitlyFixtures {
  login: string;
  organizationGuid: string;
  otherOrganizationGuid: string;
  groupGuid: string;
  otherGroupGuid: string;
  brandedDomain: string;
}

export type HubspotSandbox = Sandbox<SandboxControl & HubspotControl> & { provider: 'hubspot'; fixtures: HubspotFixtures };
export type BitlySandbox = Sandbox<SandboxControl & BitlyControl> & { provider: 'bitly'; fixtures: BitlyFixtures };
