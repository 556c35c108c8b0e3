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
  /**
   * Time source for code and token expiry and for record timestamps (HubSpot createdate and
   * lastmodifieddate, Bitly created_at, webhook occurredAt and request timestamps); tests pass the
   * manual clock they give the broker. Default the system clock.
   */
  clock?: Clock;
  /** Start the activity generator at once (default off). */
  activity?: ActivitySettings;
}

export interface HubspotSandboxOptions extends SandboxOptions {
  /** The portal (hub) id: token info `hub_id` and webhook `portalId` (default 48123456). Two sandboxes = two portals. */
  hubId?: number;
  /** Configure the app's webhooks at once (see `configureAppWebhooks`). */
  appWebhooks?: AppWebhooksConfig;
}

/** The activity generator: `perMinute` changes a minute (0 = none), from a seeded random sequence. */
export interface ActivitySettings {
  perMinute: number;
  /** Default 1: the same seed and the same starting state give the same changes. */
  seed?: number;
}

/** One change the activity generator made. */
export interface ActivityChange {
  /** HubSpot: createContact, createCompany, createDeal, updateContact, moveDeal; Bitly: createBitlink. */
  action: string;
  /** HubSpot object type, or `bitlinks`. */
  object: string;
  id: string;
  /** What was written (HubSpot properties; Bitly long_url and title). */
  properties: Record<string, string>;
  /** ISO time of the change. */
  at: string;
}

/** When and by what a direct change happens. */
export interface DirectChangeOptions {
  /** Epoch ms or ISO time; default now. The same value for several calls makes a millisecond tie. */
  at?: number | string;
  /** HubSpot property-history `sourceType` and webhook `changeSource`; default CRM_UI. */
  source?: string;
}

/** A HubSpot record as the admin functions return it (all properties). */
export interface HubspotRecordSnapshot {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface AppWebhookSubscription {
  /** Default: assigned (1, 2, …). */
  id?: number;
  /** `contact|company|deal` . `creation|deletion|propertyChange`. */
  subscriptionType: string;
  /** Required for `*.propertyChange`: the one property this subscription watches. */
  propertyName?: string;
  /** Default true. */
  active?: boolean;
}

/** A HubSpot app's webhook settings: one target URL and its subscriptions. */
export interface AppWebhooksConfig {
  /** Where deliveries go; loopback only. */
  targetUrl: string;
  /** Default the sandbox's app id (`fixtures.appId`). */
  appId?: number;
  /** Signs deliveries (v3). Default: the first registered OAuth client's secret. */
  clientSecret?: string;
  subscriptions: AppWebhookSubscription[];
  /** Events are gathered this long before a POST (default 200 ms; at most 100 events a POST). */
  batchMs?: number;
  /** Attempts per delivery including the first (default 11: HubSpot retries up to 10 times). */
  maxAttempts?: number;
  /** Wait before retry n (0-based) = min(retryMaxMs, retryBaseMs * 2^n); default 60 s, tests use a few ms. */
  retryBaseMs?: number;
  /** Default 8 hours. */
  retryMaxMs?: number;
  /** A delivery that takes longer fails and is retried (default 5000, as HubSpot). */
  timeoutMs?: number;
  /** HubSpot also reports the properties set by a creation as property changes (default true). */
  propertyChangeOnCreate?: boolean;
}

/** One event of a delivery, as HubSpot sends it. */
export interface AppWebhookEvent {
  objectId: number;
  propertyName?: string;
  propertyValue?: string;
  changeSource: string;
  eventId: number;
  subscriptionId: number;
  portalId: number;
  appId: number;
  occurredAt: number;
  subscriptionType: string;
  attemptNumber: number;
}

/** One POST the sandbox made to the app's target URL. */
export interface AppWebhookDelivery {
  url: string;
  eventIds: number[];
  attemptNumber: number;
  statusCode: number | null;
  error: string | null;
  at: number;
}

/** A request budget per window; past it, CRM calls answer 429 with Retry-After until the window ends. */
export interface HubspotRateLimitPolicy {
  max: number;
  intervalMs: number;
  /** Only `POST .../search` counts (HubSpot's search limit); default every CRM call. */
  searchOnly?: boolean;
}

/** The activity generator's switches (both sandboxes). */
export interface ActivityControl {
  /** Start (or change) the timer; returns the settings in force. */
  startActivity(settings: ActivitySettings): Required<ActivitySettings>;
  stopActivity(): void;
  /** Make `count` changes now; all at `at` (epoch ms) when given. */
  stepActivity(count?: number, at?: number): ActivityChange[];
  /** The running settings, or null. */
  activityStatus(): Required<ActivitySettings> | null;
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

export interface HubspotControl extends ActivityControl {
  /** Create `count` records with plausible properties; returns their ids. */
  seed(object: HubspotObjectType, count: number): string[];
  /** Create a record "in HubSpot directly" (not through the API): webhooks fire, search finds it. */
  createObject(object: HubspotObjectType, properties: Record<string, string>, opts?: DirectChangeOptions): HubspotRecordSnapshot;
  /** Set properties of a live record directly; only changed values count as changes. */
  updateObject(
    object: HubspotObjectType,
    id: string,
    properties: Record<string, string>,
    opts?: DirectChangeOptions,
  ): HubspotRecordSnapshot;
  /** Archive a record directly (`*.deletion` webhooks). */
  deleteObject(object: HubspotObjectType, id: string, opts?: DirectChangeOptions): void;
  /** The app's webhook target and subscriptions (null removes them); returns the subscriptions with ids. */
  configureAppWebhooks(config: AppWebhooksConfig | null): Required<AppWebhookSubscription>[];
  /** Every POST made to the app's target so far, in order. */
  appWebhookDeliveries(): AppWebhookDelivery[];
  /** Send the gathered events now instead of after `batchMs`. */
  flushAppWebhooks(): void;
  /** A request budget per window (null = none, the default). */
  rateLimitPolicy(policy: HubspotRateLimitPolicy | null): void;
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

export interface BitlyCreateLinkInput {
  long_url: string;
  title?: string;
  tags?: string[];
  /** Default the default group. */
  group_guid?: string;
  /** Default bit.ly. */
  domain?: string;
  /** Epoch ms or ISO time of `created_at`; default now. */
  at?: number | string;
}

export interface BitlyControl extends ActivityControl {
  /** Create a Bitlink "in Bitly directly" (not through the API); returns its API body. */
  createLink(input: BitlyCreateLinkInput): Record<string, unknown>;
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
