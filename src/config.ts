/**
 * Every setting comes from the environment, is validated here once at start-up, and is passed down
 * as a typed object. A bad value stops the process with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { PRODUCTION_PASSWORD_HASH_COST } from './console/password-hasher.js';

const LogLevel = Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)));
const LogFormat = Type.Union([Type.Literal('json'), Type.Literal('pretty')]);

/**
 * The environment variables we read, with their rules, defaults and descriptions: the one source of
 * docs/reference/configuration.md (`npm run docs:reference`). `defaultText` names a default computed
 * at start-up (see loadConfig).
 */
export const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
    description:
      '`production` makes `VAULT_KEYS` and `SESSION_SECRET` mandatory, creates nothing on an empty database and refuses to start on a PostgreSQL database that does not exist (`broker migrate --create-database` creates it); `test` silences the log by default',
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'Port to listen on' }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1', description: 'Interface to bind (`0.0.0.0` in the Docker image)' }),
  PUBLIC_BASE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/?#]+$',
      formatText: 'an `http://` or `https://` origin without a path, such as `https://broker.example.com`',
      description:
        "Public origin (no path) used to build OAuth callback URLs and links; must be reachable by users' browsers. An `https://` origin makes console cookies `Secure`",
      defaultText: '`http://localhost:$PORT`',
    }),
  ),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^(postgres(ql)?://|sqlite:).+',
      formatText: '`postgres://…` or `sqlite:…`',
      description: '`postgres://user@host:5432/db` for PostgreSQL, or `sqlite:/path/file.sqlite`',
      defaultText: 'embedded SQLite at `$DATA_DIR/broker.sqlite`',
    }),
  ),
  DATA_DIR: Type.String({ minLength: 1, default: './data', description: 'Where the embedded database and development secrets live' }),
  VAULT_KEYS: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+(,[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+)*$',
      formatText: 'comma-separated `id:key` pairs, each key 32 random bytes in base64 (`broker generate-secrets` makes one)',
      description:
        'Master key ring `id:base64(32 bytes)[,id:key…]`; the first key encrypts, all decrypt. **Required in production.** In development a key is generated into `$DATA_DIR/vault-keys` with a loud warning',
      defaultText: 'generated in development',
    }),
  ),
  SESSION_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description: 'At least 32 characters; signs console sessions and OAuth state. Required in production',
      defaultText: 'generated in development',
    }),
  ),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: '^rediss?://.+',
      formatText: '`redis://…` or `rediss://…`',
      description: '`redis://…`; shares rate-limit counters between instances',
    }),
  ),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://.+',
      formatText: '`smtp://user:pass@host:587` or `smtps://…`',
      description: 'When set, `broker reset-password` and invitations also email their link; without it the links are only shown',
    }),
  ),
  SMTP_FROM: Type.Optional(
    Type.String({
      minLength: 3,
      description: 'The sender of those emails, e.g. `Connector Broker <broker@example.com>`',
      defaultText: '`no-reply@` the PUBLIC_BASE_URL host',
    }),
  ),
  LOG_LEVEL: Type.Optional(
    Type.Union(LogLevel.anyOf, {
      description:
        '`info` writes one line per request, when it completes (method, URL, client, status, time; its CPU cost: docs/internals/performance.md#logging); `debug` adds a line when each request arrives; `warn` for the most throughput',
      defaultText: '`info` (`silent` when `NODE_ENV=test`)',
    }),
  ),
  LOG_FORMAT: Type.Union(LogFormat.anyOf, {
    default: 'json',
    description:
      '`json`: one JSON object per line, for log collectors. `pretty`: `12:00:01.123 INFO  message  key=value …`, for reading in a terminal during development. Redaction is the same in both',
  }),
  CATALOG_PATHS: Type.String({ default: '', description: 'Extra catalog directories (comma-separated) loaded beside `catalog/`' }),
  TOOLKIT_OVERRIDES: Type.Optional(
    Type.String({
      description:
        'Point a toolkit at other endpoints without editing its files (regional host, staging provider, sandbox): JSON `{"<slug>": {"baseUrl": "…", "allowedHosts": ["host[:port]"], "oauth2": {"authorizeUrl": "…", "tokenUrl": "…", "revocationUrl": "…"}}}`; see docs/guides/catalog.md',
    }),
  ),
  MANAGED_OAUTH_CLIENTS: Type.Optional(
    Type.String({
      description:
        'JSON `{"<toolkit>": {"clientId": "…", "clientSecret": "…"}}`: the platform\'s own OAuth apps, used by managed auth configs',
    }),
  ),
  PROVIDER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600000, default: 30000, description: 'Time limit of one provider call' }),
  RATE_LIMIT_PER_MINUTE: Type.Integer({
    minimum: 0,
    default: 6000,
    description: 'Requests per minute per API key (per address without a key); `0` disables',
  }),
  TRUST_PROXY: Type.Boolean({ default: false, description: 'Trust `X-Forwarded-*` from a load balancer' }),
  BOOTSTRAP: Type.Boolean({
    default: true,
    description: 'Create a default organization, project and key on an empty database (not in production)',
  }),
  // Bounded database waits (PostgreSQL): a cut or partitioned database fails requests fast.
  DB_POOL_MAX: Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: 'Connections per PostgreSQL pool' }),
  DB_ACQUIRE_TIMEOUT_MS: Type.Integer({
    minimum: 50,
    maximum: 600000,
    default: 2000,
    description: 'Longest wait for a pooled connection (or to open one); past it the request fails with 503',
  }),
  DB_STATEMENT_TIMEOUT_MS: Type.Integer({
    minimum: 50,
    maximum: 3600000,
    default: 5000,
    description: 'Longest one statement may run (PostgreSQL `statement_timeout`; SQLite busy timeout)',
  }),
  // Slow clients: how long a request may take to arrive, and how many sockets one address may hold.
  HTTP_HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 600000,
    default: 10000,
    description: 'Time a client has to send the request headers',
  }),
  HTTP_REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 3600000,
    default: 30000,
    description: 'Time a client has to send the whole request (headers and body)',
  }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 600000,
    default: 65000,
    description: "Idle keep-alive sockets are closed after this (keep it above the load balancer's idle timeout)",
  }),
  HTTP_CONNECTIONS_PER_ADDRESS: Type.Integer({
    minimum: 0,
    default: 256,
    description: 'Open sockets one client address may hold; `0` disables (behind a load balancer, count its connections)',
  }),
  BODY_LIMIT_BYTES: Type.Integer({
    minimum: 1024,
    maximum: 1073741824,
    default: 5242880,
    description: 'Largest request body (413 beyond)',
  }),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: Type.Integer({
    minimum: 0,
    default: 600,
    description: 'Requests per minute per address without a valid key (missing or bad keys, OAuth callback, connect pages); `0` disables',
  }),
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16, description: 'When set, `/metrics` needs `Authorization: Bearer <token>`' })),
  CACHE_SAFETY_TTL_MS: Type.Integer({
    minimum: 0,
    maximum: 3600000,
    default: 5000,
    description: 'Longest an instance trusts its caches without a pushed invalidation',
  }),
  // Webhook delivery (docs/events.md#delivery): the worker on every instance, its schedule and limits.
  WEBHOOK_CONCURRENCY: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000,
      description:
        'Webhook deliveries one instance sends at once (one slow receiver holds at most one of them while it does not answer); `0`: this instance sends none, others do (the CLI never sends)',
      defaultText: '`16` (`0` when `NODE_ENV=test`: a test that delivers sets it)',
    }),
  ),
  WEBHOOK_POLL_INTERVAL_MS: Type.Integer({
    minimum: 10,
    maximum: 600000,
    default: 1000,
    description: 'How often each instance looks for due deliveries (retries) besides being woken by new events',
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 50,
    maximum: 600000,
    default: 15000,
    description: 'Time a receiver has to answer one delivery attempt',
  }),
  WEBHOOK_LEASE_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: 30,
    description:
      "How long an instance's claim on a webhook delivery holds unless renewed (the instance renews the claims of the deliveries it holds every third of this): how long a delivery waits when the instance sending it dies",
  }),
  WEBHOOK_RETRY_SCHEDULE: Type.String({
    pattern: '^ *\\d+(\\.\\d+)? *(, *\\d+(\\.\\d+)? *)*$',
    formatText: 'comma-separated numbers of seconds, such as `5,300,1800`',
    default: '5,300,1800,7200,18000,36000,36000',
    description:
      'Seconds before each retry of a failed delivery (the first attempt is immediate); the default retries for about a day: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h',
  }),
  WEBHOOK_DISABLE_AFTER_DAYS: Type.Number({
    exclusiveMinimum: 0,
    maximum: 365,
    default: 5,
    description:
      'A subscription whose deliveries all fail and that has had no success for this many days is disabled (with a `webhook_subscription.disabled` event)',
  }),
  EVENT_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 30,
    description: 'Events (listEvents) and their webhook deliveries and attempts are deleted this many days after they happened',
  }),
  EXECUTION_RETENTION_DAYS: Type.Integer({
    // Usage and the monthly quota count a whole month of records: never fewer days than that.
    minimum: 35,
    maximum: 3650,
    default: 90,
    description:
      "Execution records (the console's Executions list, usage) are deleted this many days after the call; at least 35, since usage and quotas count a month",
  }),
  EXECUTION_BODY_RETENTION_DAYS: Type.Integer({
    minimum: 0,
    maximum: 3650,
    default: 7,
    description:
      "The stored detail of each call (its arguments and the provider's response body, redacted and bounded) is deleted this many days after the call; 0 stores none",
  }),
  // Periodic tasks (src/events/jobs/): each runs once across all instances sharing the database.
  SCHEDULED_TASKS: Type.Optional(
    Type.Boolean({
      description:
        'Run the periodic tasks (the connection health refresher, the event retention sweep) in this process. Any number of instances may; each run happens on one of them',
      defaultText: '`true`; `false` with `NODE_ENV=test`',
    }),
  ),
  SCHEDULED_TASKS_POLL_MS: Type.Integer({
    minimum: 10,
    maximum: 600000,
    default: 5000,
    description: 'How often an instance asks the database whether a periodic task is due',
  }),
  // Trigger poller (src/triggers/poller/): every instance polls; each tick of a trigger instance runs on one.
  TRIGGER_MIN_INTERVAL_SECONDS: Type.Number({
    minimum: 1,
    maximum: 86400,
    default: 60,
    description: 'Shortest time between two polls of one trigger instance, whatever its `interval` (minutes) says',
  }),
  TRIGGER_POLL_CONCURRENCY: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000,
      description: 'Trigger polls one instance runs at once; `0`: this instance polls none, others do',
      defaultText: '`8` (`0` when `NODE_ENV=test`: a test that polls sets it or runs polls itself)',
    }),
  ),
  TRIGGER_POLL_CHECK_MS: Type.Integer({
    minimum: 10,
    maximum: 600000,
    default: 1000,
    description: 'How often an instance asks the database whether a trigger poll is due',
  }),
  TRIGGER_POLL_LEASE_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: 30,
    description:
      'How long a claim on a trigger poll holds unless renewed (a running poll renews it every third of this): how long a trigger waits when the instance polling it dies',
  }),
  TRIGGER_POLL_MAX_FAILURES: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 10,
    description: 'Failed polls in a row after which a trigger instance is given up (disabled with the last error as its reason)',
  }),
  CONNECTION_REFRESH_INTERVAL_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 86400,
    default: 60,
    description: 'How often the connection health refresher looks for OAuth connections to renew',
  }),
  CONNECTION_REFRESH_WINDOW_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 86400,
    default: 600,
    description: 'The refresher renews access tokens that expire within this many seconds',
  }),
  CONNECTION_REFRESH_IDLE_HOURS: Type.Integer({
    minimum: 1,
    maximum: 8760,
    default: 24,
    description:
      'A refresh token not used for this long is used once by the refresher (providers let idle refresh tokens lapse); only connections that have one',
  }),
  CONNECTION_REFRESH_BATCH_SIZE: Type.Integer({
    minimum: 1,
    maximum: 10000,
    default: 100,
    description: 'Connections the refresher reads per query; a run goes on batch after batch until none is due',
  }),
  CONNECTION_REFRESH_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 4,
    description: 'Refreshes the refresher has in flight at once (each is one token request to a provider)',
  }),
  CONNECTION_REFRESH_RETRY_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 86400,
    default: 60,
    description:
      'After a transient refresh failure (timeout, provider 5xx), the next attempt waits this long, doubled per failure in a row',
  }),
  CONNECTION_REFRESH_RETRY_MAX_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 86400,
    default: 3600,
    description: 'The longest wait between attempts after transient refresh failures',
  }),
  // The console plane: who may sign up, how long a session lives, the default monthly quota.
  CONSOLE_SIGN_UP: Type.Union([Type.Literal('open'), Type.Literal('invite-only')], {
    default: 'open',
    description:
      '`open`: anyone who can reach the console may create an account. `invite-only`: only people with an invitation link (the first user of an empty instance always may)',
  }),
  SESSION_IDLE_TIMEOUT_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 525600,
    default: 10080,
    description: 'A console session unused this long ends (default 7 days); each use extends it',
  }),
  SESSION_MAX_AGE_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 5256000,
    default: 43200,
    description: 'No console session lasts longer, however active (default 30 days)',
  }),
  ORG_MONTHLY_EXECUTION_QUOTA: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        "Tool executions + proxy calls a new organization may make per UTC month (429 beyond); change one organization's with `broker set-quota`",
      defaultText: 'none (unlimited)',
    }),
  ),
  PASSWORD_HASH_COST: Type.Integer({
    minimum: 1,
    maximum: 20,
    default: PRODUCTION_PASSWORD_HASH_COST,
    description:
      "log2 of scrypt's N for new console password hashes; lower than the default only with `NODE_ENV=test` (the test suite), since a low cost makes stolen hashes cheap to crack",
  }),
});
export type Env = Static<typeof EnvSchema>;

export interface DatabaseConfig {
  kind: 'sqlite' | 'postgresql';
  /** SQLite: file path (or `:memory:`); PostgreSQL: the connection URL. */
  url: string;
  /** PostgreSQL pool size per pool. */
  poolMax: number;
  /** Longest wait for a pooled connection (and to open one), ms. */
  acquireTimeoutMs: number;
  /** Longest one statement may run (PostgreSQL statement_timeout; SQLite busy timeout), ms. */
  statementTimeoutMs: number;
  /**
   * PostgreSQL: migrating creates the database DATABASE_URL names when it does not exist. Not in
   * production, where a mistyped name must not become an empty instance the first sign-up owns
   * (`broker migrate --create-database` creates it on purpose).
   */
  createIfMissing?: boolean;
}

/** Timeouts and caps of the HTTP server itself (slow clients). 0 disables the per-address cap. */
export interface HttpServerConfig {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  connectionsPerAddress: number;
  bodyLimitBytes: number;
}

/** Periodic tasks (src/events/jobs/scheduler.ts). */
export interface ScheduledTasksConfig {
  /** Whether this process runs the loop that claims due tasks. */
  enabled: boolean;
  pollMs: number;
}

/** The connection health refresher (src/events/jobs/connection-refresher.ts), all in ms. */
export interface ConnectionRefreshConfig {
  intervalMs: number;
  /** Access tokens expiring within this are renewed. */
  windowMs: number;
  /** Refresh tokens unused this long are used once. */
  idleMs: number;
  batchSize: number;
  concurrency: number;
  /** Backoff after transient failures: base, doubled per failure in a row, capped. */
  retryBaseMs: number;
  retryMaxMs: number;
}

/** The console plane (people, sessions, quotas). */
export interface ConsoleConfig {
  /** `open`: anyone may sign up; `invite-only`: only with an invitation (the first user always may). */
  signUp: 'open' | 'invite-only';
  /** A session unused this long expires (sliding), ms. */
  sessionIdleMs: number;
  /** No session outlives this, however active, ms. */
  sessionMaxAgeMs: number;
  /** Monthly tool executions + proxy calls of a new organization; undefined = unlimited. */
  defaultMonthlyExecutionQuota: number | undefined;
  /** Cookies are `Secure` when the public origin is https. */
  secureCookies: boolean;
  /** log2 of scrypt's N for new password hashes (src/console/password-hasher.ts). */
  passwordHashCost: number;
}

/** The trigger poller (src/triggers/poller/). */
export interface TriggerPollerConfig {
  minIntervalMs: number;
  concurrency: number;
  checkMs: number;
  /** A claim on a poll holds this long unless renewed; polls in flight renew it every third of it. */
  leaseMs: number;
  maxFailures: number;
}

/** Webhook delivery (src/events/delivery). */
export interface WebhookDeliveryConfig {
  concurrency: number;
  pollIntervalMs: number;
  timeoutMs: number;
  /** A claim's lease, renewed every third of it while the instance holds the delivery. */
  leaseMs: number;
  /** Delay before each retry, ms. */
  retryScheduleMs: number[];
  disableAfterMs: number;
}

export interface ManagedOAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicBaseUrl: string;
  database: DatabaseConfig;
  dataDir: string;
  /** Master keys, first is active: `[{id, key}]` with 32-byte keys. */
  vaultKeys: { id: string; key: Buffer }[];
  sessionSecret: string;
  redisUrl: string | undefined;
  /** Outgoing mail for reset and invitation links; undefined without SMTP_URL. */
  smtp: { url: string; from: string } | undefined;
  logLevel: string;
  /** `json` (one object per line, for log collectors) or `pretty` (human-readable, for development). */
  logFormat: 'json' | 'pretty';
  catalogPaths: string[];
  /** Raw JSON; parsed and validated by the catalog loader, which knows the toolkits. */
  toolkitOverrides: string | undefined;
  managedOAuthClients: Record<string, ManagedOAuthClient>;
  providerTimeoutMs: number;
  rateLimitPerMinute: number;
  trustProxy: boolean;
  bootstrap: boolean;
  http: HttpServerConfig;
  /** Requests per minute per address for requests without a valid key; 0 disables. */
  rateLimitAnonymousPerMinute: number;
  /** When set, /metrics requires `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Longest a cache entry is trusted without a pushed invalidation, ms. */
  cacheSafetyTtlMs: number;
  /** Days an event, its deliveries and their attempts are kept. */
  eventRetentionDays: number;
  /** Days execution records (`days`) and their details (`bodyDays`, 0 = none stored) are kept. */
  executionRetention: { days: number; bodyDays: number };
  console: ConsoleConfig;
  webhooks: WebhookDeliveryConfig;
  scheduledTasks: ScheduledTasksConfig;
  triggers: TriggerPollerConfig;
  connectionRefresh: ConnectionRefreshConfig;
  /** Warnings to print once the logger exists (for example a generated development key). */
  warnings: string[];
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

/** Turns raw strings into the types the schema wants, so `PORT=abc` fails validation by name. */
function coerce(raw: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(EnvSchema.properties)) {
    const value = raw[name];
    if (value === undefined || value === '') continue;
    const type = (schema as { type?: string }).type;
    if (type === 'integer') out[name] = /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
    else if (type === 'number') out[name] = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value;
    else if (type === 'boolean') out[name] = BOOLEAN_WORDS[value.trim().toLowerCase()] ?? value;
    else out[name] = value;
  }
  return out;
}

/** The allowed words of a variable that takes one of a list (LOG_LEVEL, NODE_ENV…), else undefined. */
function allowedWords(name: string): string[] | undefined {
  const schema = (EnvSchema.properties as Record<string, { anyOf?: { const?: unknown }[] }>)[name];
  const words = schema?.anyOf?.map((s) => s.const);
  return words?.every((w) => typeof w === 'string') ? (words as string[]) : undefined;
}

/** A pattern-checked variable's expected form in words (its `formatText`): never the raw expression. */
function formatWords(name: string): string | undefined {
  return (EnvSchema.properties as Record<string, { formatText?: string }>)[name]?.formatText;
}

function describeProblem(path: string, message: string, value: unknown): string {
  const name = path.replace(/^\//, '') || 'environment';
  const shown = /SECRET|KEYS|CLIENTS/.test(name) ? '(value hidden)' : JSON.stringify(value);
  const words = allowedWords(name);
  const format = /match/.test(message) ? formatWords(name) : undefined;
  return `${name}: ${words ? `must be one of ${words.join(', ')}` : format ? `must be ${format}` : message} (got ${shown})`;
}

const GENERATE_SECRETS = 'make one with `npm run broker -- generate-secrets`';

function parseVaultKeys(raw: string, problems: string[]): { id: string; key: Buffer }[] {
  const seen = new Set<string>();
  return raw.split(',').map((entry) => {
    const [id, b64] = entry.split(':') as [string, string];
    const key = Buffer.from(b64, 'base64');
    if (key.length !== 32)
      problems.push(`VAULT_KEYS: key "${id}" must be 32 bytes of base64 (got ${key.length} bytes); ${GENERATE_SECRETS}`);
    if (seen.has(id)) problems.push(`VAULT_KEYS: key id "${id}" appears twice`);
    seen.add(id);
    return { id, key };
  });
}

/** `VAULT_KEYS` and `SESSION_SECRET` lines for a new installation (`broker generate-secrets`). */
export function generateSecrets(now = new Date()): { VAULT_KEYS: string; SESSION_SECRET: string } {
  const id = `k${now.toISOString().slice(0, 10).replace(/-/g, '')}`;
  return { VAULT_KEYS: `${id}:${randomBytes(32).toString('base64')}`, SESSION_SECRET: randomBytes(32).toString('base64url') };
}

function parseManagedClients(raw: string | undefined, problems: string[]): Record<string, ManagedOAuthClient> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push('MANAGED_OAUTH_CLIENTS: not valid JSON; expected {"<toolkit>": {"clientId": "...", "clientSecret": "..."}}');
    return {};
  }
  const ClientMap = Type.Record(
    Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$' }),
    Type.Object({ clientId: Type.String({ minLength: 1 }), clientSecret: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  );
  const first = Value.Errors(ClientMap, parsed).First();
  if (first) {
    problems.push(`MANAGED_OAUTH_CLIENTS${first.path}: ${first.message}`);
    return {};
  }
  return parsed as Record<string, ManagedOAuthClient>;
}

/** Reads a development secret from the data dir, creating it on first use. */
function persistedDevSecret(dataDir: string, file: string, make: () => string): string {
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = make();
  writeFileSync(path, value + '\n', { mode: 0o600 });
  return value;
}

function resolveDatabase(env: Env, dataDir: string): DatabaseConfig {
  const limits = { poolMax: env.DB_POOL_MAX, acquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS, statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS };
  const url = env.DATABASE_URL;
  if (!url) return { kind: 'sqlite', url: join(dataDir, 'broker.sqlite'), ...limits };
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { kind: 'sqlite', url: path === ':memory:' || isAbsolute(path) ? path : resolve(path), ...limits };
  }
  return { kind: 'postgresql', url, ...limits, createIfMissing: env.NODE_ENV !== 'production' };
}

export function loadConfig(raw: NodeJS.ProcessEnv = process.env): Config {
  const input = Value.Default(EnvSchema, coerce(raw));
  // Every problem at once: an operator fixing one setting per restart is the slow way to a start.
  const problems = [...Value.Errors(EnvSchema, input)].map((e) => describeProblem(e.path, e.message, e.value));
  const invalid = new Set([...Value.Errors(EnvSchema, input)].map((e) => e.path.replace(/^\//, '')));
  const env = input as Env;
  const dataDir = resolve(env.DATA_DIR);
  const production = env.NODE_ENV === 'production';
  const warnings: string[] = [];
  if (!invalid.has('PASSWORD_HASH_COST') && env.PASSWORD_HASH_COST < PRODUCTION_PASSWORD_HASH_COST && env.NODE_ENV !== 'test') {
    problems.push(
      `PASSWORD_HASH_COST below ${PRODUCTION_PASSWORD_HASH_COST} is for the test suite only (NODE_ENV=test): it makes stolen password hashes cheap to crack`,
    );
  }
  if (production && !env.VAULT_KEYS && !invalid.has('VAULT_KEYS'))
    problems.push(
      `VAULT_KEYS is required when NODE_ENV=production (id:key pairs, each key 32 random bytes in base64): ${GENERATE_SECRETS}`,
    );
  if (production && !env.SESSION_SECRET && !invalid.has('SESSION_SECRET'))
    problems.push(`SESSION_SECRET is required when NODE_ENV=production (at least 32 characters): ${GENERATE_SECRETS}`);
  const vaultKeys = env.VAULT_KEYS && !invalid.has('VAULT_KEYS') ? parseVaultKeys(env.VAULT_KEYS, problems) : [];
  const managedOAuthClients = invalid.has('MANAGED_OAUTH_CLIENTS') ? {} : parseManagedClients(env.MANAGED_OAUTH_CLIENTS, problems);
  if (problems.length === 1) throw new ConfigError(`Invalid configuration: ${problems[0]}`);
  if (problems.length > 1) throw new ConfigError(`Invalid configuration (${problems.length} problems):\n  ${problems.join('\n  ')}`);

  let vaultKeysRaw = env.VAULT_KEYS;
  if (!vaultKeysRaw) {
    vaultKeysRaw = persistedDevSecret(dataDir, 'vault-keys', () => `dev1:${randomBytes(32).toString('base64')}`);
    warnings.push(
      `VAULT_KEYS is not set: using a development master key stored in ${join(dataDir, 'vault-keys')}. ` +
        'Anyone who can read that file can decrypt every stored credential. Set VAULT_KEYS in production.',
    );
  }
  let sessionSecret = env.SESSION_SECRET;
  if (!sessionSecret) {
    sessionSecret = persistedDevSecret(dataDir, 'session-secret', () => randomBytes(32).toString('base64url'));
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicBaseUrl: env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`,
    database: resolveDatabase(env, dataDir),
    dataDir,
    vaultKeys: vaultKeys.length > 0 ? vaultKeys : parseVaultKeys(vaultKeysRaw, []),
    sessionSecret,
    redisUrl: env.REDIS_URL,
    smtp: env.SMTP_URL
      ? {
          url: env.SMTP_URL,
          from: env.SMTP_FROM ?? `no-reply@${new URL(env.PUBLIC_BASE_URL ?? 'http://localhost').hostname}`,
        }
      : undefined,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: env.LOG_FORMAT,
    catalogPaths: env.CATALOG_PATHS.split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => resolve(p)),
    toolkitOverrides: env.TOOLKIT_OVERRIDES,
    managedOAuthClients,
    providerTimeoutMs: env.PROVIDER_TIMEOUT_MS,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    trustProxy: env.TRUST_PROXY,
    bootstrap: env.BOOTSTRAP,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsPerAddress: env.HTTP_CONNECTIONS_PER_ADDRESS,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
    },
    rateLimitAnonymousPerMinute: env.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
    metricsToken: env.METRICS_TOKEN,
    cacheSafetyTtlMs: env.CACHE_SAFETY_TTL_MS,
    eventRetentionDays: env.EVENT_RETENTION_DAYS,
    executionRetention: { days: env.EXECUTION_RETENTION_DAYS, bodyDays: env.EXECUTION_BODY_RETENTION_DAYS },
    console: {
      signUp: env.CONSOLE_SIGN_UP,
      sessionIdleMs: env.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
      sessionMaxAgeMs: env.SESSION_MAX_AGE_MINUTES * 60_000,
      defaultMonthlyExecutionQuota: env.ORG_MONTHLY_EXECUTION_QUOTA,
      secureCookies: (env.PUBLIC_BASE_URL ?? '').startsWith('https://'),
      passwordHashCost: env.PASSWORD_HASH_COST,
    },
    webhooks: {
      concurrency: env.WEBHOOK_CONCURRENCY ?? (env.NODE_ENV === 'test' ? 0 : 16),
      pollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      leaseMs: env.WEBHOOK_LEASE_SECONDS * 1000,
      retryScheduleMs: env.WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => Math.round(Number(s) * 1000)),
      disableAfterMs: Math.round(env.WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000),
    },
    // Off in tests unless a test turns it on: a test drives tasks itself (scheduler.runDue).
    scheduledTasks: { enabled: env.SCHEDULED_TASKS ?? env.NODE_ENV !== 'test', pollMs: env.SCHEDULED_TASKS_POLL_MS },
    triggers: {
      minIntervalMs: Math.round(env.TRIGGER_MIN_INTERVAL_SECONDS * 1000),
      concurrency: env.TRIGGER_POLL_CONCURRENCY ?? (env.NODE_ENV === 'test' ? 0 : 8),
      checkMs: env.TRIGGER_POLL_CHECK_MS,
      leaseMs: env.TRIGGER_POLL_LEASE_SECONDS * 1000,
      maxFailures: env.TRIGGER_POLL_MAX_FAILURES,
    },
    connectionRefresh: {
      intervalMs: env.CONNECTION_REFRESH_INTERVAL_SECONDS * 1000,
      windowMs: env.CONNECTION_REFRESH_WINDOW_SECONDS * 1000,
      idleMs: env.CONNECTION_REFRESH_IDLE_HOURS * 3_600_000,
      batchSize: env.CONNECTION_REFRESH_BATCH_SIZE,
      concurrency: env.CONNECTION_REFRESH_CONCURRENCY,
      retryBaseMs: env.CONNECTION_REFRESH_RETRY_SECONDS * 1000,
      retryMaxMs: env.CONNECTION_REFRESH_RETRY_MAX_SECONDS * 1000,
    },
    warnings,
  };
}
