/**
 * The catalog file format: TypeBox schemas for `toolkit.json` and `tools/<SLUG>.json` (trigger
 * files: trigger-schema.ts). These are the single source of truth: the loader validates files
 * against them (via Ajv) and `scripts/generate-catalog-schemas.ts` writes them to
 * `catalog/schema/*.schema.json` for editors (catalog-schema-documents.ts).
 * Field-by-field documentation: docs/guides/catalog.md.
 */
import { Type, type Static, type TUnsafe } from '@sinclair/typebox';

/** A string enum emitted as `{type: 'string', enum: [...]}` (Ajv's discriminator needs `enum`). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export const NonEmpty = (description: string) => Type.String({ minLength: 1, description });
const HttpUrl = (description: string) => Type.String({ pattern: '^https?://[^\\s/?#]+[^\\s]*$', description });

export const TOOLKIT_SLUG_PATTERN = '^[a-z][a-z0-9_]*$';
export const TOOL_SLUG_PATTERN = '^[A-Z][A-Z0-9_]*$';

/**
 * A JSON Schema in TypeBox's dialect, for one tool input property or credential field. Only the
 * keywords SDKs understand are allowed, so a typo such as `required: true` on a property is
 * refused at load time instead of being silently ignored. `$id` is a parameter because the tool
 * and toolkit meta-schemas are compiled into one Ajv instance and ids must be unique there.
 */
export function propertySchema(id: string) {
  const JsonType = StringEnum(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const);
  return Type.Recursive(
    (Self) =>
      Type.Object(
        {
          type: Type.Optional(Type.Union([JsonType, Type.Array(JsonType, { minItems: 1 })])),
          title: Type.Optional(Type.String()),
          description: Type.Optional(Type.String()),
          enum: Type.Optional(Type.Array(Type.Unknown(), { minItems: 1 })),
          const: Type.Optional(Type.Unknown()),
          default: Type.Optional(Type.Unknown()),
          examples: Type.Optional(Type.Array(Type.Unknown())),
          format: Type.Optional(Type.String()),
          pattern: Type.Optional(Type.String()),
          minLength: Type.Optional(Type.Integer({ minimum: 0 })),
          maxLength: Type.Optional(Type.Integer({ minimum: 0 })),
          minimum: Type.Optional(Type.Number()),
          maximum: Type.Optional(Type.Number()),
          exclusiveMinimum: Type.Optional(Type.Number()),
          exclusiveMaximum: Type.Optional(Type.Number()),
          multipleOf: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
          items: Type.Optional(Self),
          minItems: Type.Optional(Type.Integer({ minimum: 0 })),
          maxItems: Type.Optional(Type.Integer({ minimum: 0 })),
          uniqueItems: Type.Optional(Type.Boolean()),
          properties: Type.Optional(Type.Record(Type.String(), Self)),
          required: Type.Optional(Type.Array(Type.String(), { uniqueItems: true })),
          additionalProperties: Type.Optional(Type.Union([Type.Boolean(), Self])),
          minProperties: Type.Optional(Type.Integer({ minimum: 0 })),
          maxProperties: Type.Optional(Type.Integer({ minimum: 0 })),
          anyOf: Type.Optional(Type.Array(Self, { minItems: 1 })),
        },
        { additionalProperties: false },
      ),
    { $id: id },
  );
}

/** An object JSON Schema whose properties are `propertySchema`s: the root of an input or credential schema. */
export function objectSchema(propertyId: string, description: string) {
  return Type.Object(
    {
      type: Type.Literal('object'),
      description: Type.Optional(Type.String()),
      properties: Type.Record(Type.String(), propertySchema(propertyId)),
      required: Type.Optional(Type.Array(Type.String(), { uniqueItems: true })),
      additionalProperties: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false, description },
  );
}

// ---------------------------------------------------------------- toolkit.json

export const CategoryDef = Type.Object(
  {
    slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Category slug, used by GET /toolkits?category=.' }),
    name: NonEmpty('Display name of the category.'),
  },
  { additionalProperties: false },
);
export type CategoryDef = Static<typeof CategoryDef>;

export const InjectRule = Type.Object(
  {
    in: StringEnum(['header', 'query'] as const, { description: 'Where the credential goes on outbound requests.' }),
    name: NonEmpty('Header or query parameter name, e.g. Authorization or X-Api-Key.'),
    value: NonEmpty(
      'Value template: {field} inserts a credential field (oauth2: {access_token}); {base64:a:b} inserts base64("<a>:<b>").',
    ),
  },
  { additionalProperties: false },
);
export type InjectRule = Static<typeof InjectRule>;

export const RevocationDef = Type.Object(
  {
    url: HttpUrl('Revocation endpoint. With encoding "path" it must contain {token}.'),
    method: StringEnum(['POST', 'DELETE'] as const),
    tokenParam: NonEmpty('Form/JSON field carrying the token (ignored for encoding "path").'),
    encoding: StringEnum(['form', 'json', 'path'] as const, { description: 'How the token is sent.' }),
    revokes: Type.Array(StringEnum(['access_token', 'refresh_token'] as const), {
      minItems: 1,
      uniqueItems: true,
      description: 'Which stored tokens this endpoint revokes.',
    }),
  },
  { additionalProperties: false },
);
export type RevocationDef = Static<typeof RevocationDef>;

export const OAuth2Config = Type.Object(
  {
    authorizeUrl: HttpUrl('Provider authorization endpoint the user is redirected to.'),
    tokenUrl: HttpUrl('Token endpoint (authorization_code and refresh_token grants).'),
    tokenRequestEncoding: StringEnum(['form', 'json'] as const, { description: 'Body encoding of token requests.' }),
    tokenResponseAccept: Type.Optional(NonEmpty('Accept header for token requests, for providers that answer form-encoded otherwise.')),
    clientAuth: StringEnum(['body', 'basic'] as const, { description: 'client_id/secret in the body, or HTTP Basic.' }),
    defaultScopes: Type.Array(Type.String({ minLength: 1 }), { uniqueItems: true, description: 'Scopes requested when the caller names none.' }),
    scopeSeparator: Type.String({ minLength: 1, description: 'Separator joining scopes in the authorize URL.' }),
    scopeParam: NonEmpty('Authorize-URL parameter carrying the scopes.'),
    pkce: Type.Boolean({ description: 'Send an S256 PKCE challenge.' }),
    refresh: Type.Boolean({ description: 'The provider issues refresh tokens.' }),
    revocation: Type.Union([Type.Null(), RevocationDef], { description: 'Revocation endpoint, or null when the provider has none.' }),
  },
  { additionalProperties: false },
);
export type OAuth2Config = Static<typeof OAuth2Config>;

/** One connection field: a string the user gives per connection (a subdomain, a region). */
const ConnectionFieldProperty = Type.Object(
  {
    type: Type.Literal('string'),
    title: Type.Optional(Type.String()),
    description: NonEmpty('What the user enters, e.g. "Your Zendesk subdomain (acme in acme.zendesk.com)".'),
    enum: Type.Optional(Type.Array(Type.String(), { minItems: 1, uniqueItems: true })),
    default: Type.Optional(Type.String()),
    examples: Type.Optional(Type.Array(Type.String())),
    pattern: Type.Optional(Type.String()),
    minLength: Type.Optional(Type.Integer({ minimum: 0 })),
    maxLength: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

/**
 * Per-connection fields (`connectionConfig`) that baseUrl, allowedHosts, OAuth URLs and tool paths
 * use as `{connectionConfig.<name>}`. Every value must also be one DNS label, whatever the schema
 * says, so a value can never add a host, a port, a path segment or a dot segment to a URL.
 */
export const ConnectionFieldsSchema = Type.Object(
  {
    type: Type.Literal('object'),
    description: Type.Optional(Type.String()),
    properties: Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), ConnectionFieldProperty, { additionalProperties: false }),
    required: Type.Optional(Type.Array(Type.String(), { uniqueItems: true })),
    additionalProperties: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    description:
      'JSON Schema of the connectionConfig fields given at initiate/connect; every field is a string and every value a single DNS label (letters, digits, inner hyphens; 1 to 63 characters).',
  },
);
export type ConnectionFieldsSchema = Static<typeof ConnectionFieldsSchema>;

const OAuth2AuthMethod = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$', description: 'Stable id, unique in the toolkit.' }),
    displayName: NonEmpty('Human-readable name.'),
    kind: StringEnum(['oauth2'] as const),
    oauth2: OAuth2Config,
    inject: Type.Array(InjectRule, { minItems: 1 }),
    connectionFields: Type.Optional(ConnectionFieldsSchema),
  },
  { additionalProperties: false },
);
export type OAuth2AuthMethodDef = Static<typeof OAuth2AuthMethod>;

export const CredentialsSchema = objectSchema('CredentialProperty', 'JSON Schema of the fields the user submits; every field is a string.');
export type CredentialsSchema = Static<typeof CredentialsSchema>;

// Request templates: tools, trigger polls and credential verification share them.

export const RequestBody = Type.Union(
  [
    Type.Null(),
    Type.Literal('all'),
    Type.Object(
      {
        fields: Type.Array(Type.String({ minLength: 1 }), { uniqueItems: true, description: 'Inputs sent as JSON body fields.' }),
        wrapIn: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()], { description: 'Nest the fields under this key.' })),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'null: no body; "all": every input not used by path/query/headers; or the listed fields.' },
);
export type RequestBody = Static<typeof RequestBody>;

export const RequestTemplate = Type.Object(
  {
    method: StringEnum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const),
    path: Type.String({ pattern: '^/[^?#\\s]*$', description: 'Path after baseUrl with {input} placeholders.' }),
    rawPathParams: Type.Optional(
      Type.Array(Type.String(), { uniqueItems: true, description: 'Placeholders whose "/" stays literal (each segment still escaped). Default [].' }),
    ),
    query: Type.Optional(Type.Array(Type.String(), { uniqueItems: true, description: 'Inputs sent as query parameters. Default [].' })),
    arrayFormat: Type.Optional(StringEnum(['comma', 'repeat'] as const, { description: 'Array query values: a,b (default) or k=a&k=b.' })),
    body: Type.Optional(RequestBody),
    bodyEncoding: Type.Optional(
      StringEnum(['json', 'form'] as const, { description: 'How the body is sent: JSON (default) or application/x-www-form-urlencoded.' }),
    ),
    headers: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z0-9-]+$' }), Type.String(), { description: 'Header name -> input name.' })),
  },
  { additionalProperties: false },
);
export type RequestTemplate = Static<typeof RequestTemplate>;

/**
 * A credential auth method's verification request: one cheap authenticated call (the provider's
 * "who am I") sent with the submitted credentials before they are stored; a 2xx accepts them.
 * The request template format of tools, with constant arguments instead of an input schema.
 */
export const VerificationRequest = Type.Object(
  {
    request: RequestTemplate,
    arguments: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'Constant arguments of the request (e.g. {"limit": 1}). Default {}.' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'A cheap authenticated call sent with the submitted credentials at connect: a 2xx accepts them; a refusal answers 400 naming the provider\'s answer and nothing is stored.',
  },
);

const DirectAuthMethod = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$', description: 'Stable id, unique in the toolkit.' }),
    displayName: NonEmpty('Human-readable name.'),
    kind: StringEnum(['api_key', 'basic', 'bearer'] as const),
    credentials: CredentialsSchema,
    inject: Type.Array(InjectRule, { minItems: 1 }),
    connectionFields: Type.Optional(ConnectionFieldsSchema),
    verification: Type.Optional(VerificationRequest),
  },
  { additionalProperties: false },
);
export type DirectAuthMethodDef = Static<typeof DirectAuthMethod>;

export type AuthMethodDef = OAuth2AuthMethodDef | DirectAuthMethodDef;

/** Discriminated on `kind` so a bad method reports the errors of its own branch only. */
export const AuthMethodDef = Type.Unsafe<AuthMethodDef>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [OAuth2AuthMethod, DirectAuthMethod],
});

export const ToolkitFile = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'Editor hint, ignored by the loader.' })),
    formatVersion: Type.Optional(
      Type.String({
        pattern: '^[0-9]+\\.[0-9]+$',
        description: 'Catalog format version the files were written for (major.minor, e.g. 1.1); omitted = 1.0. Applies to the tool and trigger files too.',
      }),
    ),
    slug: Type.String({ pattern: TOOLKIT_SLUG_PATTERN, description: 'Toolkit slug; equals its folder name. Tool slugs start with SLUG_ upper-cased.' }),
    name: NonEmpty('Display name.'),
    description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    version: NonEmpty('Toolkit version, e.g. v1.0.0.'),
    categories: Type.Array(CategoryDef, { description: 'Catalog categories.' }),
    logo: Type.Optional(HttpUrl('Logo URL.')),
    appUrl: Type.Optional(HttpUrl("Provider's web site.")),
    baseUrl: HttpUrl('API root that tool paths are appended to (no trailing slash needed); may use {connectionConfig.<name>} placeholders.'),
    allowedHosts: Type.Array(Type.String({ pattern: '^([A-Za-z0-9.-]|\\{connectionConfig\\.[A-Za-z_][A-Za-z0-9_]*\\})+(:[0-9]{1,5})?$' }), {
      minItems: 1,
      uniqueItems: true,
      description:
        'Hosts (host or host:port) that tools and the proxy may reach; must include the baseUrl host. May use {connectionConfig.<name>} like baseUrl.',
    }),
    noAuth: Type.Boolean({ description: 'True when the API needs no credentials (then authMethods is empty).' }),
    triggersCount: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'Deprecated: counted from triggers/*.json. Tolerated only when it equals that count; leave it out.',
      }),
    ),
    authMethods: Type.Array(AuthMethodDef),
  },
  { additionalProperties: false, title: 'Connector broker toolkit' },
);
export type ToolkitFile = Static<typeof ToolkitFile>;

// ---------------------------------------------------------------- tools/<SLUG>.json

/** One alternative of a root `anyOf`/`oneOf`: only a set of argument names that must be given together. */
const RequiredSet = Type.Object(
  { required: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, uniqueItems: true, description: 'Argument names (input properties).' }) },
  { additionalProperties: false },
);
const RequiredSets = (rule: string) =>
  Type.Optional(Type.Array(RequiredSet, { minItems: 2, description: `${rule} of these argument sets must be given, e.g. [{"required": ["a"]}, {"required": ["b"]}].` }));

/**
 * Tool arguments: the object schema, plus root `anyOf`/`oneOf` of required sets for providers
 * that need "one of these arguments" (Bitly POST /bitlinks: long_url or bitlink_id). Nothing else
 * may go in them, so SDKs that parse the schema strictly still read it.
 */
export const ToolInputSchema = Type.Object(
  {
    ...objectSchema('ToolInputProperty', 'JSON Schema (TypeBox dialect) of the tool arguments.').properties,
    anyOf: RequiredSets('At least one'),
    oneOf: RequiredSets('Exactly one'),
  },
  { additionalProperties: false, description: 'JSON Schema (TypeBox dialect) of the tool arguments.' },
);
export type ToolInputSchema = Static<typeof ToolInputSchema>;


export const ToolFile = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'Editor hint, ignored by the loader.' })),
    slug: Type.String({ pattern: TOOL_SLUG_PATTERN, description: 'TOOLKIT_SUFFIX, upper-case; the file is named <slug>.json.' }),
    name: NonEmpty('Short display name.'),
    description: NonEmpty('What the tool does, written for an AI agent choosing and filling it.'),
    tags: Type.Array(Type.String({ minLength: 1 }), { uniqueItems: true }),
    version: NonEmpty('Tool version, e.g. v1.0.0.'),
    deprecated: Type.Optional(Type.Boolean({ description: 'Default false.' })),
    scopes: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), { uniqueItems: true, description: 'Provider scopes needed; [] = none; omitted = unknown.' }),
    ),
    input: ToolInputSchema,
    request: RequestTemplate,
  },
  { additionalProperties: false, title: 'Connector broker tool' },
);
export type ToolFile = Static<typeof ToolFile>;
