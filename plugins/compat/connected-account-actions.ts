/**
 * Compat connected-account updates and actions (compat-v3.1.md section 7): PATCH (alias,
 * credentials), enable/disable, refresh, revoke, delete, and hosted connect links. Each maps to
 * the native connection, token or connect-link service.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { principal } from '../auth.js';
import { apiKeyAudit } from '../api-key-audit.js';
import { changedFields } from '../../src/tenancy/audited.js';
import { MAX_MAP_ENTRIES, TEXT_LIMITS } from '../../src/schemas/common.js';
import { connectionFields, credentialsFromState, stateScheme } from './credential-state.js';
import { compatBadRequest, notImplementedHere } from './errors.js';
import { compatStatus, schemeOf } from '../../src/compat/mapping.js';
import { queryBool } from './paging.js';
import { IdParams, LooseObject, Nullable, OptionalString, RevokeOnDeleteQuery, StateSchema } from './schemas.js';
import { defineOperation, route } from '../operations.js';

const PatchBody = Type.Object(
  {
    alias: Type.Optional(Nullable(Type.String({ maxLength: TEXT_LIMITS.name }))),
    connection: Type.Optional(Type.Object({ state: Type.Optional(StateSchema) }, { additionalProperties: true })),
    experimental: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

const LinkBody = Type.Object(
  {
    auth_config_id: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.id }),
    user_id: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.entityId }),
    callback_url: Type.Optional(Type.String({ pattern: '^https?://', maxLength: TEXT_LIMITS.url })),
    alias: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.name })),
    connection_data: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { maxProperties: MAX_MAP_ENTRIES })),
    experimental: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

const OptionalBody = Type.Optional(Type.Union([LooseObject, Type.Null()]));

export const connectedAccountActionOperations = {
  updateConnectedAccount: defineOperation({
    operationId: 'updateConnectedAccount',
    method: 'PATCH',
    url: '/connected_accounts/:id',
    params: IdParams,
    body: PatchBody,
    response: { 200: LooseObject },
  }),
  setConnectedAccountStatus: defineOperation({
    operationId: 'setConnectedAccountStatus',
    method: 'PATCH',
    url: '/connected_accounts/:id/status',
    params: IdParams,
    body: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: true }),
    response: { 200: LooseObject },
  }),
  refreshConnectedAccount: defineOperation({
    operationId: 'refreshConnectedAccount',
    method: 'POST',
    url: '/connected_accounts/:id/refresh',
    params: IdParams,
    querystring: Type.Object({ redirect_url: OptionalString }, { additionalProperties: true }),
    body: OptionalBody,
    response: { 200: LooseObject },
  }),
  revokeConnectedAccount: defineOperation({
    operationId: 'revokeConnectedAccount',
    method: 'POST',
    url: '/connected_accounts/:id/revoke',
    params: IdParams,
    body: OptionalBody,
    response: { 200: LooseObject },
  }),
  deleteConnectedAccount: defineOperation({
    operationId: 'deleteConnectedAccount',
    method: 'DELETE',
    url: '/connected_accounts/:id',
    params: IdParams,
    querystring: RevokeOnDeleteQuery,
    response: { 200: LooseObject },
  }),
  createConnectLink: defineOperation({
    operationId: 'createConnectLink',
    method: 'POST',
    url: '/connected_accounts/link',
    body: LinkBody,
    response: {
      201: Type.Object(
        { link_token: Type.String(), redirect_url: Type.String(), expires_at: Type.String(), connected_account_id: Type.String() },
        { additionalProperties: true },
      ),
    },
  }),
};
const ops = connectedAccountActionOperations;

const connectedAccountActions: FastifyPluginAsyncTypebox<{
  services: Pick<Services, 'catalog' | 'connections' | 'tokens' | 'connectLinks' | 'tenancy'>;
}> = async (app, { services }) => {
  const { catalog, connections, tokens } = services;
  const audit = apiKeyAudit(services.tenancy.audited);
  const links = services.connectLinks;

  /** `connection.state` of a PATCH as new credentials; the replacement itself is the domain's (atomic). */
  async function replaceCredentials(
    projectId: string,
    id: string,
    state: { authScheme?: string; auth_scheme?: string; val?: Record<string, unknown> },
  ) {
    const conn = await connections.get(projectId, id);
    const method = catalog.requireAuthMethod('connection', conn);
    const scheme = schemeOf(conn.authMethodKind);
    const given = stateScheme(state);
    if (method.kind !== 'oauth2' && given && given.toUpperCase() !== scheme) {
      throw compatBadRequest(`Connected account ${id} uses ${scheme}, not ${given}`, [
        'connection.state.authScheme does not match the account',
      ]);
    }
    const credentials = method.kind === 'oauth2' ? {} : credentialsFromState(state, method);
    if (!credentials) throw compatBadRequest('connection.state.val carries no credential fields', ['connection.state.val is empty']);
    await connections.replaceCredentials(projectId, id, credentials, 'connection.state.val');
  }

  route(app, ops.updateConnectedAccount, async (req) => {
    const { projectId } = principal(req);
    const { id } = req.params;
    if ((req.body.experimental as { account_type?: string } | undefined)?.account_type === 'SHARED')
      throw notImplementedHere('SHARED connected accounts');
    await connections.get(projectId, id);
    if (req.body.connection?.state) await replaceCredentials(projectId, id, req.body.connection.state);
    if (req.body.alias !== undefined) await connections.update(projectId, id, { alias: req.body.alias });
    const conn = await connections.get(projectId, id);
    await audit(req, 'connection.updated', id, { toolkit: conn.toolkitSlug, userId: conn.entityId, changed: changedFields(req.body) });
    return { success: true, id, status: compatStatus(conn.status, conn.disabled) };
  });

  route(app, ops.setConnectedAccountStatus, async (req) => {
    const view = await connections.update(principal(req).projectId, req.params.id, { disabled: !req.body.enabled });
    const detail = { toolkit: view.providerSlug, userId: view.entityId };
    await audit(req, req.body.enabled ? 'connection.enabled' : 'connection.disabled', view.id, detail);
    return { success: true, id: view.id, status: compatStatus(view.status, view.disabled) };
  });

  route(app, ops.refreshConnectedAccount, async (req) => {
    const { projectId } = principal(req);
    const redirectUrl = req.query.redirect_url || (req.body as { redirect_url?: unknown } | null)?.redirect_url;
    if (redirectUrl !== undefined && (typeof redirectUrl !== 'string' || !/^https?:\/\//i.test(redirectUrl)))
      throw compatBadRequest('redirect_url must be an http(s) URL', ['redirect_url must be an http(s) URL']);
    const conn = await connections.get(projectId, req.params.id);
    const outcome = await tokens.refreshConnection(conn, false);
    if (outcome.needsRedirect) {
      // Re-authorized in place, as the v3.1 SDK expects: the same account id, a new authorize URL.
      const now = await connections.get(projectId, conn.id);
      if (connections.needsReauthorization(now)) {
        const again = await connections.reauthorize(projectId, conn.id, redirectUrl ? { redirectUrl } : {});
        return { id: conn.id, status: compatStatus('INITIATED', now.disabled), redirect_url: again.redirectUrl };
      }
    }
    return { id: conn.id, status: compatStatus(outcome.status, conn.disabled), redirect_url: null };
  });

  route(app, ops.revokeConnectedAccount, async (req) => {
    const conn = await connections.get(principal(req).projectId, req.params.id);
    const outcome = await tokens.revokeConnection(conn, false);
    await audit(req, 'connection.revoked', conn.id, {
      toolkit: conn.toolkitSlug,
      userId: conn.entityId,
      revokedTokens: outcome.revokedTokens,
    });
    return {
      revoked_tokens: outcome.revokedTokens,
      connected_account: { id: conn.id, status: compatStatus(outcome.status, conn.disabled) },
    };
  });

  route(app, ops.deleteConnectedAccount, async (req) => {
    const conn = await connections.get(principal(req).projectId, req.params.id);
    await connections.remove(conn.projectId, conn.id, { revoke: queryBool(req.query.revoke_on_delete) === true });
    await audit(req, 'connection.deleted', conn.id, { toolkit: conn.toolkitSlug, userId: conn.entityId });
    return { success: true, id: req.params.id };
  });

  route(app, ops.createConnectLink, async (req, reply) => {
    const b = req.body;
    if ((b.experimental as { account_type?: string } | undefined)?.account_type === 'SHARED')
      throw notImplementedHere('SHARED connected accounts');
    const connectionData = connectionFields(b.connection_data, 'connection_data');
    const link = await links.create(principal(req).projectId, {
      authConfigId: b.auth_config_id,
      entityId: b.user_id,
      ...(b.callback_url ? { callbackUrl: b.callback_url } : {}),
      ...(b.alias ? { alias: b.alias } : {}),
      ...(connectionData ? { connectionData } : {}),
    });
    await audit(req, 'connect_link.created', link.connectionId, { userId: b.user_id, authConfigId: b.auth_config_id });
    return reply.code(201).send({
      link_token: link.token,
      redirect_url: link.url,
      expires_at: link.expiresAt.toISOString(),
      connected_account_id: link.connectionId,
    });
  });
};

export default connectedAccountActions;
