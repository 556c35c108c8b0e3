/** Compat auth configs (compat-v3.1.md section 6) over the native auth config service. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { principal } from '../auth.js';
import { apiKeyAudit } from '../api-key-audit.js';
import { changedFields } from '../../src/tenancy/audited.js';
import { MAX_MAP_ENTRIES, TEXT_LIMITS } from '../../src/schemas/common.js';
import type { AuthConfigView } from '../../src/connections/auth-config-service.js';
import { authConfigItem, parseEnabledStatus, toCreateInput, toUpdateInput } from './auth-config-view.js';
import { compatBadRequest } from './errors.js';
import { clampLimit, decodeCursor, page, queryBool } from './paging.js';
import { AuthConfigSchema, CompatPage, IdParams, LooseObject, OptionalString, RevokeOnDeleteQuery } from './schemas.js';
import { defineOperation, route } from '../operations.js';

const StringList = Type.Array(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.scope }), { maxItems: 1000 });
const ToolAccess = Type.Object(
  { tools_for_connected_account_creation: Type.Optional(StringList), tools_available_for_execution: Type.Optional(StringList) },
  { additionalProperties: true },
);
const Credentials = Type.Record(
  Type.String(),
  Type.Union([
    Type.String({ maxLength: TEXT_LIMITS.secret }),
    Type.Number(),
    Type.Boolean(),
    Type.Array(Type.String({ maxLength: TEXT_LIMITS.scope }), { maxItems: 200 }),
  ]),
  { maxProperties: MAX_MAP_ENTRIES },
);
const authConfigFields = {
  name: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.name })),
  credentials: Type.Optional(Credentials),
  proxy_config: Type.Optional(Type.Unknown()),
  tool_access_config: Type.Optional(ToolAccess),
  restrict_to_following_tools: Type.Optional(StringList),
};

const CreateBody = Type.Object(
  {
    toolkit: Type.Object({ slug: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.slug }) }, { additionalProperties: true }),
    auth_config: Type.Optional(
      Type.Object(
        {
          type: Type.Optional(Type.String({ maxLength: 40, description: 'use_composio_managed_auth (default) or use_custom_auth' })),
          authScheme: Type.Optional(
            Type.String({ maxLength: 40, description: 'OAUTH2, API_KEY, BASIC or BEARER_TOKEN (use_custom_auth)' }),
          ),
          auth_scheme: Type.Optional(Type.String({ maxLength: 40 })),
          ...authConfigFields,
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);

const UpdateBody = Type.Object(
  {
    type: Type.Optional(Type.String({ maxLength: 40 })),
    scopes: Type.Optional(Type.Union([Type.String({ maxLength: TEXT_LIMITS.url }), StringList])),
    ...authConfigFields,
  },
  { additionalProperties: true },
);

const ListQuery = Type.Object(
  {
    toolkit_slug: OptionalString,
    is_composio_managed: OptionalString,
    show_disabled: OptionalString,
    search: OptionalString,
    limit: OptionalString,
    cursor: OptionalString,
  },
  { additionalProperties: true },
);

export const authConfigOperations = {
  createAuthConfig: defineOperation({
    operationId: 'createAuthConfig',
    method: 'POST',
    url: '/auth_configs',
    body: CreateBody,
    response: {
      201: Type.Object({
        toolkit: Type.Object({ slug: Type.String() }),
        auth_config: Type.Object(
          {
            id: Type.String(),
            auth_scheme: Type.String(),
            is_composio_managed: Type.Boolean(),
            restrict_to_following_tools: StringList,
          },
          { additionalProperties: true },
        ),
      }),
    },
  }),
  listAuthConfigs: defineOperation({
    operationId: 'listAuthConfigs',
    method: 'GET',
    url: '/auth_configs',
    querystring: ListQuery,
    response: { 200: CompatPage },
  }),
  getAuthConfig: defineOperation({
    operationId: 'getAuthConfig',
    method: 'GET',
    url: '/auth_configs/:id',
    params: IdParams,
    response: { 200: AuthConfigSchema },
  }),
  updateAuthConfig: defineOperation({
    operationId: 'updateAuthConfig',
    method: 'PATCH',
    url: '/auth_configs/:id',
    params: IdParams,
    body: UpdateBody,
    response: { 200: AuthConfigSchema },
  }),
  setAuthConfigStatus: defineOperation({
    operationId: 'setAuthConfigStatus',
    method: 'PATCH',
    url: '/auth_configs/:id/:status',
    params: Type.Object({
      id: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.id }),
      status: Type.String({ maxLength: 20, description: 'ENABLED or DISABLED' }),
    }),
    body: Type.Optional(Type.Union([LooseObject, Type.Null()])),
    response: { 200: LooseObject },
  }),
  deleteAuthConfig: defineOperation({
    operationId: 'deleteAuthConfig',
    method: 'DELETE',
    url: '/auth_configs/:id',
    params: IdParams,
    querystring: RevokeOnDeleteQuery,
    response: { 200: LooseObject },
  }),
};
const ops = authConfigOperations;

const authConfigRoutes: FastifyPluginAsyncTypebox<{
  services: Pick<Services, 'authConfigs' | 'catalog' | 'connections' | 'tenancy'>;
}> = async (app, { services }) => {
  const { authConfigs, catalog, connections } = services;
  const audit = apiKeyAudit(services.tenancy.audited);
  const item = (v: AuthConfigView) => authConfigItem(v, catalog.getToolkit(v.toolkit));

  route(app, ops.createAuthConfig, async (req, reply) => {
    const slug = req.body.toolkit.slug.toLowerCase();
    const tk = catalog.getToolkit(slug);
    // 400, not 404: toolkits.authorize() reads a 400 here as "no default auth config".
    if (!tk) throw compatBadRequest(`Unknown toolkit "${req.body.toolkit.slug}"`, ['toolkit.slug is not a toolkit in the catalog']);
    const created = await authConfigs.create(principal(req).projectId, toCreateInput(tk, req.body.auth_config));
    await audit(req, 'auth_config.created', created.id, { name: created.name, toolkit: created.toolkitSlug });
    const view = item(await authConfigs.view(created.projectId, created.id));
    return reply.code(201).send({
      toolkit: { slug: tk.slug },
      auth_config: {
        id: view.id,
        auth_scheme: view.auth_scheme,
        is_composio_managed: view.is_composio_managed,
        restrict_to_following_tools: view.restrict_to_following_tools,
      },
    });
  });

  route(app, ops.listAuthConfigs, async (req) => {
    const q = req.query;
    const { projectId } = principal(req);
    const offset = decodeCursor(q.cursor);
    const limit = clampLimit(q.limit, 50, 200);
    const filters = {
      ...(q.toolkit_slug ? { toolkit: q.toolkit_slug } : {}),
      ...(queryBool(q.is_composio_managed) !== undefined ? { isManaged: queryBool(q.is_composio_managed) } : {}),
      // Disabled configs are listed only on request: toolkits.authorize() takes the first item.
      includeDisabled: queryBool(q.show_disabled) === true,
    };
    const r = await authConfigs.list(projectId, { ...filters, ...(q.search?.trim() ? { search: q.search.trim() } : {}), limit, offset });
    return page(r.items.map(item), r.total, offset, limit);
  });

  route(app, ops.getAuthConfig, async (req) => item(await authConfigs.view(principal(req).projectId, req.params.id)));

  route(app, ops.updateAuthConfig, async (req) => {
    const view = await authConfigs.update(principal(req).projectId, req.params.id, toUpdateInput(req.body));
    await audit(req, 'auth_config.updated', view.id, { name: view.name, toolkit: view.toolkit, changed: changedFields(req.body) });
    return item(view);
  });

  route(app, ops.setAuthConfigStatus, async (req) => {
    const enabled = parseEnabledStatus(req.params.status);
    const view = await authConfigs.update(principal(req).projectId, req.params.id, { disabled: !enabled });
    await audit(req, enabled ? 'auth_config.enabled' : 'auth_config.disabled', view.id, { name: view.name, toolkit: view.toolkit });
    return { success: true, id: view.id, status: view.disabled ? 'DISABLED' : 'ENABLED' };
  });

  route(app, ops.deleteAuthConfig, async (req) => {
    const { projectId } = principal(req);
    const id = req.params.id;
    const deleted = await connections.removeAuthConfig(projectId, id, { revoke: queryBool(req.query.revoke_on_delete) === true });
    await audit(req, 'auth_config.deleted', id, { deletedConnections: deleted.length });
    return { success: true, id, deleted_connected_accounts: deleted };
  });
};

export default authConfigRoutes;
