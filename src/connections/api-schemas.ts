/** TypeBox schemas of the connection and auth-config routes (spec 2.1, 4.1 to 4.6, 4.9). */
import { Type, type Static } from '@sinclair/typebox';
import { CONNECTION_STATUSES } from '../db/entities/index.js';
import { IdString, MAX_MAP_ENTRIES, SlugString, TEXT_LIMITS } from '../schemas/common.js';

/** String maps callers send (connection fields, credentials): bounded in count and value length. */
const StringMap = (description: string, maxLength: number) =>
  Type.Record(Type.String(), Type.String({ maxLength }), { description, maxProperties: MAX_MAP_ENTRIES });

/** Limits of the lists an auth config stores (a toolkit has at most a few hundred tools). */
const MAX_RESTRICTED_TOOLS = 1000;
const MAX_SCOPES = 200;
const Scopes = Type.Array(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.scope }), { maxItems: MAX_SCOPES });

export const ConnectionStatusSchema = Type.Union(
  CONNECTION_STATUSES.map((s) => Type.Literal(s)),
  {
    description:
      'INITIATED: OAuth redirect issued, waiting for the callback. PENDING: made by initiate for a direct scheme, waiting for credentials (connect). ' +
      'ACTIVE: usable. FAILED: the authorization did not complete (provider error, expired or misused state, failed code exchange); see statusReason. ' +
      'EXPIRED: tokens are no longer valid and could not be refreshed; re-authorize (initiate again). REVOKED: credentials destroyed by revoke. ' +
      'Transitions: INITIATED->ACTIVE|FAILED (also once the authorization link expired); PENDING->ACTIVE; ACTIVE->EXPIRED (refresh refused)|REVOKED; ' +
      'EXPIRED->ACTIVE (successful refresh)|REVOKED; EXPIRED|FAILED->INITIATED (re-authorized in place); EXPIRED|FAILED|REVOKED->INITIATED (OAuth) or ACTIVE (credentials) ' +
      'through a reconnect link (createConnectLink with connectionId). Revoke applies to ACTIVE and EXPIRED only. ' +
      '`disabled` is independent: a disabled connection keeps its status but cannot be used.',
  },
);

const NullableTime = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const ConnectionHealthSchema = Type.Object(
  {
    lastRefreshedAt: NullableTime('When the OAuth tokens were last renewed (by a call or the background refresher); null if never'),
    lastFailureAt: NullableTime('When a refresh last failed (transient, or refused: then the connection is EXPIRED); null if never'),
    lastFailure: Type.Union([Type.String(), Type.Null()], { description: 'Why that refresh failed, in short; null if none ever did' }),
    nextRefreshAt: NullableTime(
      'When the background refresher next renews the tokens, or retries after a transient failure; null when nothing is scheduled (not OAuth, EXPIRED, or not yet looked at)',
    ),
  },
  {
    description:
      'OAuth token health. The broker renews access tokens before they expire and uses idle refresh tokens at least daily; failures also arrive as connection.refresh_failed and connection.expired events.',
  },
);

export const ConnectionSchema = Type.Object(
  {
    id: Type.String({ description: 'Connection id' }),
    providerSlug: Type.String({ description: 'Toolkit slug' }),
    authMethodId: Type.String(),
    authMethodKind: Type.Union([Type.Literal('oauth2'), Type.Literal('api_key'), Type.Literal('basic'), Type.Literal('bearer')]),
    status: ConnectionStatusSchema,
    statusReason: Type.Union([Type.String(), Type.Null()], {
      description: 'Why the connection is in its status (FAILED, EXPIRED, REVOKED, waiting states)',
    }),
    disabled: Type.Boolean({ description: 'A disabled connection cannot execute tools or proxy calls' }),
    entityId: Type.String({ description: 'The end user who owns it' }),
    authConfigId: Type.String(),
    alias: Type.Union([Type.String(), Type.Null()]),
    connectionConfig: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()], {
      description:
        "The connection fields given at initiate/connect (e.g. a subdomain or region the toolkit's URLs use), with defaults applied; not secret. null when none.",
    }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    health: ConnectionHealthSchema,
  },
  { $id: 'Connection', title: 'Connection' },
);

const CONNECTION_CONFIG = StringMap(
  'Provider-specific connection fields, per the auth method\'s connectionFields (GET /toolkits/{slug}), e.g. {"subdomain": "acme"}. ' +
    'Each value is one DNS label; a missing or invalid field is 400 naming it (connectionConfig.<name>).',
  TEXT_LIMITS.connectionField,
);

const EntityId = Type.String({ minLength: 1, maxLength: TEXT_LIMITS.entityId, description: 'End-user id the connection belongs to' });

export const InitiateBody = Type.Object(
  {
    entityId: EntityId,
    authConfigId: Type.Optional(IdString('Used when several auth configs exist for the toolkit')),
    authMethodId: Type.Optional(SlugString('Auth method id when the auth config is created implicitly (managed)')),
    scopes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.scope }), {
        maxItems: MAX_SCOPES,
        description: "Defaults to the auth config's scopes, else the toolkit's",
      }),
    ),
    connectionConfig: Type.Optional(CONNECTION_CONFIG),
    redirectUrl: Type.Optional(
      Type.String({
        format: 'uri',
        pattern: '^https?://',
        maxLength: TEXT_LIMITS.url,
        description: "Where the user's browser goes after the callback; gets ?status=&connectionId=",
      }),
    ),
    alias: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.name })),
  },
  { additionalProperties: false },
);
export type InitiateBody = Static<typeof InitiateBody>;

export const InitiateResponse = Type.Object({
  connectionId: Type.String(),
  redirectUrl: Type.Optional(Type.String({ description: 'Send the user here (OAuth); absent for direct schemes' })),
});

export const ConnectBody = Type.Object(
  {
    entityId: EntityId,
    credentials: StringMap("Credential fields, per the toolkit's credential schema", TEXT_LIMITS.secret),
    authConfigId: Type.Optional(IdString()),
    authMethodId: Type.Optional(SlugString()),
    connectionConfig: Type.Optional(CONNECTION_CONFIG),
    connectionId: Type.Optional(IdString('Complete a PENDING connection returned by initiate')),
    alias: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.name })),
  },
  { additionalProperties: false },
);
export type ConnectBody = Static<typeof ConnectBody>;

export const ConnectionIdParams = Type.Object({ connectionId: IdString() });
export const SlugParams = Type.Object({ slug: SlugString('Toolkit slug') });

/** Paging of the list routes: optional, with defaults (ajv fills them in before the handler runs). */
const PAGE = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Page size, 1 to 200.' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 9007199254740991, default: 0, description: 'Number of results to skip.' })),
};

/** The page a list query asks for, defaults applied. */
export function pageOf(q: { limit?: number; offset?: number }): { limit: number; offset: number } {
  return { limit: q.limit ?? PAGE.limit.default, offset: q.offset ?? PAGE.offset.default };
}

export const ListConnectionsQuery = Type.Object(
  {
    authConfigId: Type.Optional(IdString()),
    entityId: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.entityId })),
    toolkit: Type.Optional(SlugString('Toolkit slug')),
    status: Type.Optional(ConnectionStatusSchema),
    ...PAGE,
  },
  // Unknown parameters are ignored, never 400 (spec 4: a list answers 401/403 only); the route
  // passes only the fields above to the service.
  { description: 'listConnections query string.' },
);

export const ConnectionList = Type.Object({ items: Type.Array(Type.Ref(ConnectionSchema)), total: Type.Integer() });

export const StrictBody = Type.Union([
  Type.Object(
    { strict: Type.Optional(Type.Boolean({ description: 'Fail when the provider does not support the action' })) },
    { additionalProperties: false },
  ),
  Type.Null(),
]);

export const RefreshResponse = Type.Object({ status: ConnectionStatusSchema, needsRedirect: Type.Boolean() });
export const RevokeResponse = Type.Object({
  status: ConnectionStatusSchema,
  revokedTokens: Type.Array(Type.String(), {
    description:
      'Kinds of tokens revoked and destroyed: access_token, refresh_token. Empty when the provider cannot revoke (a no-op unless strict)',
  }),
});
export const DeleteResponse = Type.Object({ deleted: Type.Boolean() });

export const UpdateConnectionBody = Type.Object(
  {
    alias: Type.Optional(Type.Union([Type.String({ maxLength: TEXT_LIMITS.name }), Type.Null()])),
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------- auth configs

const ToolSlugs = Type.Array(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.toolSlug }), {
  maxItems: MAX_RESTRICTED_TOOLS,
  description: 'Tool slugs of the toolkit; executions of other tools are refused (403)',
});

export const CreateAuthConfigBody = Type.Object(
  {
    slug: SlugString('Toolkit slug'),
    authMethodId: SlugString(),
    name: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.name, description: 'Label' })),
    isManaged: Type.Optional(
      Type.Boolean({ description: "true: the platform's OAuth app for the toolkit (default when no clientId is given)" }),
    ),
    clientId: Type.Optional(
      Type.String({ minLength: 1, maxLength: TEXT_LIMITS.clientId, description: 'Your OAuth client id (custom configs)' }),
    ),
    clientSecret: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: TEXT_LIMITS.secret,
        description: 'Your OAuth client secret; stored encrypted, never returned',
      }),
    ),
    restrictToTools: Type.Optional(ToolSlugs),
    scopes: Type.Optional(Scopes),
  },
  { additionalProperties: false },
);

export const CreateAuthConfigResponse = Type.Object({
  authConfigId: Type.String(),
  authMethodId: Type.String(),
  authMethodKind: Type.String(),
});

export const AuthConfigSchema = Type.Object(
  {
    id: Type.String(),
    toolkit: Type.String(),
    authMethodId: Type.String(),
    authMethodKind: Type.String(),
    name: Type.String(),
    isManaged: Type.Boolean(),
    clientId: Type.Union([Type.String(), Type.Null()]),
    hasClientSecret: Type.Boolean({ description: 'Whether a client secret is stored (it is never returned)' }),
    restrictToTools: Type.Union([Type.Array(Type.String()), Type.Null()]),
    scopes: Type.Union([Type.Array(Type.String()), Type.Null()]),
    disabled: Type.Boolean(),
    connectionsCount: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'AuthConfig', title: 'AuthConfig' },
);

export const UpdateAuthConfigBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.name })),
    clientId: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.clientId })),
    clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.secret })),
    restrictToTools: Type.Optional(Type.Union([ToolSlugs, Type.Null()])),
    scopes: Type.Optional(Type.Union([Scopes, Type.Null()])),
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ListAuthConfigsQuery = Type.Object(
  {
    toolkit: Type.Optional(SlugString()),
    isManaged: Type.Optional(Type.Boolean()),
    ...PAGE,
  },
  { description: 'listAuthConfigs query string (unknown parameters are ignored).' },
);
export const AuthConfigList = Type.Object({ items: Type.Array(Type.Ref(AuthConfigSchema)), total: Type.Integer() });
export const AuthConfigIdParams = Type.Object({ authConfigId: IdString() });

// ---------------------------------------------------------------- hosted connect links

export const CreateConnectLinkBody = Type.Object(
  {
    authConfigId: IdString('The auth config the connection uses (its toolkit and auth method: OAuth consent, or the credential form)'),
    entityId: EntityId,
    callbackUrl: Type.Optional(
      Type.String({
        format: 'uri',
        pattern: '^https?://',
        maxLength: TEXT_LIMITS.url,
        description:
          "Where the user's browser goes when done, with ?status=success|failed&connectionId=. Must be one of the project's allowed redirect URLs when it lists any",
      }),
    ),
    connectionId: Type.Optional(
      IdString(
        'Reconnect this connection in place instead of making a new one: it must be an EXPIRED, FAILED or REVOKED connection of ' +
          "entityId and authConfigId (400 otherwise; 403 for another project's). Nothing changes until the user acts; then it is " +
          're-authorized at the provider (OAuth) or gets the credentials entered (API key/basic/bearer) and is ACTIVE again with the same id',
      ),
    ),
  },
  { additionalProperties: false },
);

export const ConnectLinkResponse = Type.Object({
  connectionId: Type.String({
    description:
      'The connection the link completes (new: INITIATED for OAuth, PENDING for credentials; a reconnect: the connectionId given, unchanged until the user acts)',
  }),
  url: Type.String({
    description: 'The hosted connect page to send the user to; single use: opening it changes nothing, submitting it uses it',
  }),
  expiresAt: Type.String({ format: 'date-time', description: 'After this the page refuses the link (410); create a new one' }),
});
