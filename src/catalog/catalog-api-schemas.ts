/**
 * Wire shapes of the catalog endpoints (spec 2.2, 2.3, 4.7, 4.8), for route `schema` blocks and
 * the OpenAPI document. Field sets are exactly the spec's: catalog file fields that the spec does
 * not list (logo, baseUrl, OAuth endpoints...) never leave the broker through these.
 */
import { Type, type Static } from '@sinclair/typebox';
import { TEXT_LIMITS } from '../schemas/common.js';

export const AuthMethodApi = Type.Object(
  {
    id: Type.String({ description: 'Auth method id; pass it as authMethodId when creating an auth config.' }),
    displayName: Type.String({ description: 'Human-readable name of the auth method.' }),
    kind: Type.String({ description: 'Auth scheme: oauth2, api_key, basic or bearer.' }),
    status: Type.Union([Type.Literal('available'), Type.Literal('unavailable')], {
      description: 'available when a connection can be created with this method on this deployment (an OAuth method always can, with your own OAuth client).',
    }),
    unavailableReason: Type.Union([Type.String(), Type.Null()], { description: 'Why the method is unavailable and what to do; null when available.' }),
    managedClientConfigured: Type.Boolean({
      description:
        'oauth2: true when this deployment has a platform-managed OAuth client for the toolkit, so an auth config with isManaged=true (and initiate without an auth config) works. ' +
        'When false the method is still available: create an auth config with isManaged=false and your own clientId and clientSecret (POST /api/v1/auth_configs). Always false for other kinds.',
    }),
    connectionFields: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description:
        'JSON Schema (object of string properties) of the connectionConfig fields to give at initiate/connect, e.g. a subdomain or region; null when the method needs none.',
    }),
  },
  { description: 'One way of authenticating to the toolkit provider.' },
);
export type AuthMethodApi = Static<typeof AuthMethodApi>;

export const CategoryApi = Type.Object(
  {
    slug: Type.String({ description: 'Category slug, usable as the category filter of listToolkits.' }),
    name: Type.String({ description: 'Display name of the category.' }),
  },
  { description: 'A catalog category.' },
);

export const ToolkitApi = Type.Object(
  {
    slug: Type.String({ description: 'Toolkit slug (lower-case), e.g. hubspot.' }),
    name: Type.String({ description: 'Display name.' }),
    authMethods: Type.Array(AuthMethodApi, { description: 'Ways to connect an account; empty when noAuth is true.' }),
    noAuth: Type.Boolean({ description: 'True when the provider needs no credentials.' }),
    scopes: Type.Array(Type.String(), { description: 'Union of the provider scopes the toolkit tools declare, sorted.' }),
    scopeStatus: Type.Union([Type.Literal('known'), Type.Literal('unknown')], {
      description: 'known when every tool declares its scopes; unknown when some do not (see unknownScopeToolsCount).',
    }),
    unknownScopeToolsCount: Type.Number({ description: 'Number of tools that do not declare their scopes.' }),
    description: Type.Union([Type.String(), Type.Null()], { description: 'What the provider and toolkit cover.' }),
    toolsCount: Type.Number({ description: 'Number of tools in the toolkit.' }),
    triggersCount: Type.Number({ description: 'Number of triggers (event sources) of the toolkit.' }),
    categories: Type.Array(CategoryApi, { description: 'Catalog categories of the toolkit.' }),
  },
  { description: 'A toolkit: one provider, its auth methods and its tools.' },
);
export type ToolkitApi = Static<typeof ToolkitApi>;

const toolFields = {
  slug: Type.String({ description: 'Tool slug: upper-case, toolkit prefix first, e.g. HUBSPOT_CONTACTS_CREATE.' }),
  name: Type.String({ description: 'Short display name.' }),
  description: Type.String({ description: 'What the tool does and how to fill its arguments, written for an AI agent.' }),
  toolkit: Type.String({ description: 'Slug of the toolkit the tool belongs to.' }),
  version: Type.String({ description: 'Tool version, e.g. v1.0.0.' }),
  tags: Type.Array(Type.String(), { description: 'Tags for grouping, e.g. contacts.' }),
  deprecated: Type.Boolean({ description: 'True when the tool should no longer be used.' }),
};

export const ToolSummaryApi = Type.Object(toolFields, { description: 'A tool, as listed (without inputParameters).' });
export type ToolSummaryApi = Static<typeof ToolSummaryApi>;

export const ToolApi = Type.Object(
  {
    ...toolFields,
    inputParameters: Type.Optional(
      Type.Unknown({ description: 'JSON Schema (object) of the tool arguments: properties with type, description, enum, default; required list.' }),
    ),
  },
  { description: 'A tool with its input schema.' },
);
export type ToolApi = Static<typeof ToolApi>;

export const ToolkitListApi = Type.Object(
  {
    items: Type.Array(ToolkitApi, { description: 'One page of toolkits.' }),
    total: Type.Number({ description: 'Number of toolkits matching the filters, across all pages.' }),
  },
  { description: 'A page of toolkits.' },
);
export type ToolkitListApi = Static<typeof ToolkitListApi>;

export const ToolListApi = Type.Object(
  {
    items: Type.Array(ToolSummaryApi, { description: 'One page of tools, best match first when searching.' }),
    total: Type.Number({ description: 'Number of tools matching the filters, across all pages.' }),
  },
  { description: 'A page of tools.' },
);
export type ToolListApi = Static<typeof ToolListApi>;

const MAX_OFFSET = 9007199254740991;

export const ListToolkitsQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.search, description: 'Case-insensitive substring of the toolkit name or slug.' })),
    category: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.slug, description: 'Only toolkits in this category (category slug).' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Page size, 1 to 200.' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: 'Number of results to skip.' })),
  },
  // Unknown parameters are ignored (spec 4: a list answers 401/403 only); the route reads known ones.
  { description: 'listToolkits query string.' },
);
export type ListToolkitsQuery = Static<typeof ListToolkitsQuery>;

export const ListToolsQuery = Type.Object(
  {
    toolkit: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.slug, description: 'Only tools of this toolkit (toolkit slug).' })),
    search: Type.Optional(
      Type.String({
        maxLength: TEXT_LIMITS.search,
        description: 'Fuzzy match on slug, name and description; tolerates typos and word order. Results are ranked.' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Page size, 1 to 500.' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: 'Number of results to skip.' })),
  },
  { description: 'listTools query string.' },
);
export type ListToolsQuery = Static<typeof ListToolsQuery>;

export const ToolkitSlugParams = Type.Object(
  { slug: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.slug, description: 'Toolkit slug, e.g. hubspot.' }) },
  { description: 'Path parameters of getToolkit.' },
);
export const ToolSlugParams = Type.Object(
  { slug: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.toolSlug, description: 'Tool slug, e.g. HUBSPOT_CONTACTS_CREATE.' }) },
  { description: 'Path parameters of getTool.' },
);

export const TriggerTypeApi = Type.Object(
  {
    slug: Type.String({ description: 'Trigger type slug: upper-case, toolkit prefix first, e.g. HUBSPOT_CONTACT_CREATED.' }),
    name: Type.String({ description: 'Short display name.' }),
    description: Type.String({ description: 'What happened when it fires.' }),
    instructions: Type.String({ description: 'How to set it up: what to put in the config, what the provider needs.' }),
    type: Type.Union([Type.Literal('poll'), Type.Literal('webhook')], {
      description: 'poll: the broker polls the provider at the config interval; webhook: only the provider webhooks feed it.',
    }),
    version: Type.String({ description: 'Trigger version, e.g. v1.0.0.' }),
    toolkit: Type.String({ description: 'Slug of the toolkit the trigger belongs to.' }),
    config: Type.Record(Type.String(), Type.Unknown(), {
      description: 'JSON Schema of the config an instance is set up with (poll triggers: interval in minutes, fractions allowed).',
    }),
    payload: Type.Record(Type.String(), Type.Unknown(), { description: "JSON Schema of an event's data." }),
    webhookSubscriptions: Type.Array(
      Type.Object({
        type: Type.String({ description: "The provider's subscription type, e.g. contact.creation." }),
        propertyName: Type.Union([Type.String(), Type.Null()], { description: 'For property changes: the property; null: any.' }),
      }),
      { description: "The provider's app webhook subscriptions that can also feed the trigger by push; empty when only polling does." },
    ),
  },
  { description: 'A trigger type: an event source of a toolkit.' },
);
export type TriggerTypeApi = Static<typeof TriggerTypeApi>;

export const TriggerTypeListApi = Type.Object(
  {
    items: Type.Array(TriggerTypeApi, { description: 'One page of trigger types, by slug.' }),
    nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last.' }),
  },
  { description: 'A page of trigger types.' },
);
export type TriggerTypeListApi = Static<typeof TriggerTypeListApi>;

export const ListTriggerTypesQuery = Type.Object(
  {
    toolkit: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.slug, description: 'Only trigger types of this toolkit (toolkit slug).' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Page size, 1 to 200.' })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page.' })),
  },
  { description: 'listTriggerTypes query string.' },
);
export type ListTriggerTypesQuery = Static<typeof ListTriggerTypesQuery>;

export const TriggerTypeSlugParams = Type.Object(
  { slug: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.toolSlug, description: 'Trigger type slug, e.g. HUBSPOT_CONTACT_CREATED.' }) },
  { description: 'Path parameters of getTriggerType.' },
);
