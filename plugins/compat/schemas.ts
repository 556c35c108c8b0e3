/**
 * TypeBox pieces shared by the compat routes. Query strings are read as strings and interpreted
 * by paging.ts (comma lists, empty = null, clamped limits), because the v3.1 clients'
 * encodings are not what Ajv coercion expects. Bodies allow extra properties: the SDKs send
 * deprecated and newer fields we accept and ignore. Response schemas name the fields the SDK
 * needs and let the rest through (`additionalProperties: true`).
 */
import { Type, type TSchema } from '@sinclair/typebox';

export const OptionalString = Type.Optional(Type.String());

/** `?revoke_on_delete=true`: revoke at the provider before deleting (both delete routes). */
export const RevokeOnDeleteQuery = Type.Object({ revoke_on_delete: OptionalString }, { additionalProperties: true });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Any JSON object; its fields are serialized as they are. */
export const LooseObject = Type.Object({}, { additionalProperties: true });

export const CompatPage = Type.Object(
  {
    items: Type.Array(Type.Unknown()),
    next_cursor: Nullable(Type.String()),
    total_pages: Type.Integer(),
    current_page: Type.Integer(),
    total_items: Type.Integer(),
  },
  { additionalProperties: true },
);

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const ToolSlugParams = Type.Object({ tool_slug: Type.String({ minLength: 1, maxLength: 200 }) });

/** Credentials the v3.1 way: `{authScheme, val: {status?, ...fields}}`. */
export const StateSchema = Type.Object(
  {
    authScheme: Type.Optional(Type.String()),
    auth_scheme: Type.Optional(Type.String()),
    val: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: true },
);

export const ConnectedAccountSchema = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    status: Type.String(),
    status_reason: Nullable(Type.String()),
    is_disabled: Type.Boolean(),
    created_at: Type.String(),
    updated_at: Type.String(),
    toolkit: Type.Object({ slug: Type.String() }),
    auth_config: Type.Object(
      { id: Type.String(), auth_scheme: Type.String(), is_composio_managed: Type.Boolean(), is_disabled: Type.Boolean() },
      { additionalProperties: true },
    ),
    alias: Nullable(Type.String()),
  },
  { additionalProperties: true },
);

export const AuthConfigSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    toolkit: Type.Object({ slug: Type.String(), logo: Type.String() }, { additionalProperties: true }),
    auth_scheme: Type.String(),
    is_composio_managed: Type.Boolean(),
    status: Type.Union([Type.Literal('ENABLED'), Type.Literal('DISABLED')]),
    no_of_connections: Type.Integer(),
  },
  { additionalProperties: true },
);

/** `{data, error, successful, log_id?}`: `error` must be present (null on success). */
export const ExecuteResponse = Type.Object(
  {
    data: Type.Object({}, { additionalProperties: true }),
    error: Nullable(Type.String()),
    successful: Type.Boolean(),
    log_id: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
