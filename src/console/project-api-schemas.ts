/**
 * TypeBox schemas of the console's project routes: projects, API keys, executions, the toolkit
 * catalog as the console shows it, and the audit log. Auth configs and connections reuse the
 * native API's resources (src/connections/api-schemas.ts), so both planes show the same fields and
 * neither ever carries a secret.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ConnectLinkResponse, ConnectionStatusSchema, CreateAuthConfigBody, UpdateAuthConfigBody } from '../connections/api-schemas.js';
import { IdString, SlugString, TEXT_LIMITS } from '../schemas/common.js';
import { SCOPES } from '../tenancy/scopes.js';

/** One API key scope (src/tenancy/scopes.ts). */
export const ScopeSchema = Type.Union(
  SCOPES.map((s) => Type.Literal(s)),
  { description: 'An API key scope' },
);

/** The most URLs a project's redirect allow-list holds, and the longest one (the column's limit). */
export const MAX_REDIRECT_URLS = 20;
export const MAX_REDIRECT_URL_LENGTH = TEXT_LIMITS.url;

const ProjectName = Type.String({ minLength: 1, maxLength: TEXT_LIMITS.name, description: 'Unique within the organization' });
const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const ProjectView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Timestamp,
  allowedRedirectUrls: Type.Array(Type.String(), {
    description: 'Where the hosted connect page may send the user afterwards; empty means any https (or loopback) URL the caller gives',
  }),
  connectionVerifierUrl: Type.Union([Type.String(), Type.Null()], {
    description:
      'Called (a signed POST, like webhook deliveries) before a connection made through a hosted connect link becomes ACTIVE; a non-2xx answer leaves it FAILED. null: none',
  }),
  connectionVerifierSecret: Type.Optional(
    Type.String({
      description:
        'The secret the verifier calls are signed with (Standard Webhooks, whsec_…): only in the answer to the change that sets connectionVerifierUrl',
    }),
  ),
});
export type ProjectView = Static<typeof ProjectView>;

export const CreateProjectBody = Type.Object({ name: ProjectName }, { additionalProperties: false });

export const UpdateProjectBody = Type.Object(
  {
    name: Type.Optional(ProjectName),
    allowedRedirectUrls: Type.Optional(
      Type.Array(Type.String({ maxLength: MAX_REDIRECT_URL_LENGTH }), {
        maxItems: MAX_REDIRECT_URLS,
        description: `Absolute http(s) URLs, at most ${MAX_REDIRECT_URLS}, each at most ${MAX_REDIRECT_URL_LENGTH} characters`,
      }),
    ),
    connectionVerifierUrl: Type.Optional(
      Type.Union([Type.String({ maxLength: MAX_REDIRECT_URL_LENGTH }), Type.Null()], {
        description: 'An absolute http(s) URL the broker asks before a hosted-link connection becomes ACTIVE; null removes it',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;

export const ApiKeyView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  start: Type.String({ description: 'The first characters of the key, to recognise it; the key itself is shown once, at creation' }),
  createdAt: Timestamp,
  lastUsedAt: NullableTimestamp,
  revokedAt: NullableTimestamp,
  scopes: Type.Array(ScopeSchema, { description: 'What the key may do (docs/reference/scopes.md); keys made before scopes hold them all' }),
  expiresAt: Type.Union([Timestamp, Type.Null()], { description: 'Refused (401) from this instant; null: never expires' }),
});
export type ApiKeyView = Static<typeof ApiKeyView>;

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.name, description: 'A label, e.g. where the key is used' }),
    scopes: Type.Optional(
      Type.Array(ScopeSchema, {
        minItems: 1,
        maxItems: SCOPES.length,
        uniqueItems: true,
        description: 'What the key may do (docs/reference/scopes.md); left out: every scope',
      }),
    ),
    expiresAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'When the key stops working (in the future); left out: never' }),
    ),
  },
  { additionalProperties: false },
);
export const CreatedApiKey = Type.Object({
  key: Type.String({ description: 'The API key: shown here once and never again; store it as a secret' }),
  apiKey: ApiKeyView,
});
export const ApiKeyParams = Type.Object({
  organizationId: IdString(),
  projectId: IdString(),
  apiKeyId: IdString(),
});

export const AuthConfigParams = Type.Object({ organizationId: IdString(), projectId: IdString(), authConfigId: IdString() });
export const ConnectionParams = Type.Object({ organizationId: IdString(), projectId: IdString(), connectionId: IdString() });
export const EnabledBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });

const Cursor = Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page' });
const Limit = (max: number, fallback: number) =>
  Type.Integer({ minimum: 1, maximum: max, default: fallback, description: `Page size, 1 to ${max}` });

export const ListAuthConfigsQuery = Type.Object({
  toolkit: Type.Optional(SlugString('Toolkit slug')),
  limit: Type.Optional(Limit(200, 200)),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});

export const ListConnectionsQuery = Type.Object({
  status: Type.Optional(ConnectionStatusSchema),
  toolkit: Type.Optional(SlugString('Toolkit slug')),
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.entityId, description: "The end user's id (entityId)" })),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Limit(200, 50)),
});

const Outcome = Type.Union([Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('error'), Type.Literal('refused')], {
  description:
    'succeeded: the provider answered 2xx; failed: it answered otherwise; error: no answer (timeout, network, credential); refused: refused before the provider (no usable connection, invalid arguments, scope, restriction or quota)',
});

export const ListExecutionsQuery = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('tool'), Type.Literal('proxy')])),
  entityId: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.entityId, description: 'Only this end user' })),
  toolSlug: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.toolSlug, description: 'Only this tool' })),
  toolkitSlug: Type.Optional(SlugString('Only this toolkit')),
  outcome: Type.Optional(Outcome),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Only calls at or after this time' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Only calls before this time' })),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Limit(200, 50)),
});

export const ExecutionView = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('tool'), Type.Literal('proxy')]),
  toolSlug: Type.Union([Type.String(), Type.Null()]),
  toolkitSlug: Type.String({ description: "'' when the tool named is not in the catalog" }),
  connectionId: Type.Union([Type.String(), Type.Null()], {
    description: "null when the call carried the caller's own credentials or was refused before a connection was found",
  }),
  entityId: Type.Union([Type.String(), Type.Null()], { description: 'The end user' }),
  status: Type.Integer({ description: "The provider's HTTP status; 0 when it did not answer" }),
  successful: Type.Boolean(),
  outcome: Outcome,
  durationMs: Type.Integer(),
  errorCode: Type.Union([Type.String(), Type.Null()]),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()], { description: "The call's x-request-id (and its log lines' reqId)" }),
  createdAt: Timestamp,
});
export type ExecutionView = Static<typeof ExecutionView>;
export const ExecutionPage = Type.Object({ items: Type.Array(ExecutionView), nextCursor: Type.Union([Type.String(), Type.Null()]) });

export const ExecutionParams = Type.Object({
  organizationId: IdString(),
  projectId: IdString(),
  executionId: IdString(),
});

export const ExecutionDetailView = Type.Composite([
  ExecutionView,
  Type.Object({
    input: Type.Union([Type.String(), Type.Null()], {
      description:
        "The call's arguments (a proxy call: its request) as JSON text, redacted like log lines and cut with a marker past 16 KiB; null when none or no longer kept",
    }),
    response: Type.Union([Type.String(), Type.Null()], {
      description: "The provider's response body, redacted and bounded the same way; null when none or no longer kept",
    }),
    detailKept: Type.Boolean({ description: 'false once EXECUTION_BODY_RETENTION_DAYS has passed (or when details are not stored)' }),
  }),
]);
export type ExecutionDetailView = Static<typeof ExecutionDetailView>;

/** A JSON Schema object from a catalog file, or null. */
const JsonSchemaOrNull = (description: string) => Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description });

export const ConsoleAuthMethod = Type.Object({
  id: Type.String({ description: 'Pass it as authMethodId' }),
  name: Type.String(),
  kind: Type.Union([Type.Literal('oauth2'), Type.Literal('api_key'), Type.Literal('basic'), Type.Literal('bearer')]),
  managedClientConfigured: Type.Boolean({ description: 'oauth2: the deployment has a platform-managed OAuth client for the toolkit' }),
  credentialFields: JsonSchemaOrNull('api_key, basic, bearer: JSON Schema of the credential fields a user fills in; null for oauth2'),
  connectionFields: JsonSchemaOrNull('JSON Schema of the per-connection fields (a subdomain...); null when none'),
  defaultScopes: Type.Array(Type.String(), { description: 'oauth2: scopes requested when none are given; empty otherwise' }),
});

export const ConsoleToolkit = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  logo: Type.Optional(Type.String()),
  categories: Type.Array(Type.Object({ slug: Type.String(), name: Type.String() })),
  noAuth: Type.Boolean(),
  authMethods: Type.Array(ConsoleAuthMethod),
  scopes: Type.Array(Type.String(), { description: 'Union of the scopes the tools declare' }),
  toolsCount: Type.Integer(),
  triggersCount: Type.Integer(),
  oauthCallbackUrl: Type.Union([Type.String(), Type.Null()], {
    description:
      "The broker's OAuth callback URL ({PUBLIC_BASE_URL}/api/v1/connectors/{slug}/callback): register it at the provider as the redirect URL of your own OAuth client; null when the toolkit has no OAuth method",
  }),
});
export type ConsoleToolkit = Static<typeof ConsoleToolkit>;
export const ConsoleToolkitList = Type.Object({ items: Type.Array(ConsoleToolkit) });

export const ConsoleToolkitParams = Type.Object({ slug: SlugString('Toolkit slug, e.g. hubspot') });

/** The most trigger types a toolkit page lists (the catalog's toolkits have a handful). */
export const MAX_TOOLKIT_TRIGGER_TYPES = 200;

export const ConsoleTriggerTypeView = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  type: Type.Union([Type.Literal('poll'), Type.Literal('webhook')]),
  config: Type.Record(Type.String(), Type.Unknown(), { description: 'JSON Schema of the config an instance is set up with' }),
});

export const ConsoleToolkitDetail = Type.Composite([
  ConsoleToolkit,
  Type.Object({
    triggerTypes: Type.Array(ConsoleTriggerTypeView, {
      description: `The toolkit's trigger types by slug, at most ${MAX_TOOLKIT_TRIGGER_TYPES}`,
    }),
  }),
]);
export type ConsoleToolkitDetail = Static<typeof ConsoleToolkitDetail>;

export const ConsoleToolsQuery = Type.Object({
  search: Type.Optional(
    Type.String({ maxLength: TEXT_LIMITS.search, description: 'Fuzzy match on slug, name and description (the native listTools search)' }),
  ),
  limit: Type.Optional(Limit(100, 25)),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});

export const ConsoleToolView = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  version: Type.String(),
  deprecated: Type.Boolean(),
  tags: Type.Array(Type.String()),
  scopes: Type.Union([Type.Array(Type.String()), Type.Null()], {
    description: 'Provider scopes the tool needs; [] none; null when the catalog does not say',
  }),
  input: Type.Record(Type.String(), Type.Unknown(), { description: "JSON Schema of the tool's arguments" }),
});
export type ConsoleToolView = Static<typeof ConsoleToolView>;
export const ConsoleToolPage = Type.Object({
  items: Type.Array(ConsoleToolView),
  total: Type.Integer({ description: 'Tools matching, over all pages' }),
});

/** Create an auth config: the native createAuthConfig body, checked by the same service. */
export const ConsoleCreateAuthConfigBody = CreateAuthConfigBody;

export const ConsoleUpdateAuthConfigBody = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean({ description: 'false disables it: its connections stop working until it is enabled again' })),
    ...Type.Omit(UpdateAuthConfigBody, ['disabled']).properties,
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: 'What to change: enabled, or the native updateAuthConfig fields (clientSecret is stored sealed and never returned)',
  },
);
export type ConsoleUpdateAuthConfigBody = Static<typeof ConsoleUpdateAuthConfigBody>;

export const ConsoleConnectLinkBody = Type.Object(
  {
    authConfigId: IdString('The auth config the connection uses'),
    entityId: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.entityId, description: "The end user's id in your application" }),
  },
  { additionalProperties: false },
);

export const AuditQuery = Type.Object({ cursor: Type.Optional(Cursor), limit: Type.Optional(Limit(200, 50)) });
export const AuditEntryView = Type.Object({
  id: Type.String(),
  createdAt: Timestamp,
  actor: Type.Union([Type.Object({ userId: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }), Type.Null()], {
    description: 'The person who made the change; null when the operator or an API key made it (actorKind says which)',
  }),
  actorKind: Type.Union([Type.Literal('user'), Type.Literal('operator'), Type.Literal('apiKey')], {
    description: "Who made the change: a signed-in person, the operator (command line, first start), or a project's API key",
  }),
  actorApiKey: Type.Union([Type.Object({ id: Type.String(), name: Type.Union([Type.String(), Type.Null()]) }), Type.Null()], {
    description: 'The API key that made the change (its name then), when actorKind is apiKey',
  }),
  action: Type.String({ description: 'e.g. api_key.created, project.renamed, connection.revoked' }),
  targetType: Type.String(),
  targetId: Type.String(),
  projectId: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: 'What changed; never a secret' }),
});
export const AuditPageView = Type.Object({ items: Type.Array(AuditEntryView), nextCursor: Type.Union([Type.String(), Type.Null()]) });

export const ConsoleConnectLinkView = Type.Composite([
  ConnectLinkResponse,
  Type.Object({
    reconnect: Type.Optional(
      Type.Boolean({
        description:
          'Reconnect: true. The link brings back the connection connectionId itself (EXPIRED, FAILED or REVOKED): once the end user consents or enters new credentials it is ACTIVE again with the same id, its trigger instances resuming',
      }),
    ),
  }),
]);
