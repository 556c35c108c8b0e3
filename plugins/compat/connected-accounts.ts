/**
 * Compat connected accounts (compat-v3.1.md section 7): list, read and create. A create is the
 * native initiate (OAuth redirect, or a PENDING credential connection) or the native connect
 * (credentials in `connection.state`). The ids are the native connection ids, so an account made
 * here is usable on /api/v1 and the other way round. Updates and actions: connected-account-actions.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { principal } from '../auth.js';
import { apiKeyAudit } from '../api-key-audit.js';
import { MAX_MAP_ENTRIES, TEXT_LIMITS } from '../../src/schemas/common.js';
import type { IConnection } from '../../src/db/entities/index.js';
import { connectedAccountItem } from '../../src/compat/connected-account-view.js';
import { carriesTokens, connectionFields, credentialsFromState, stateScheme } from './credential-state.js';
import { compatBadRequest, notImplementedHere } from './errors.js';
import { COMPAT_STATUSES, nativeFilterFor, schemeOf, type CompatStatus } from '../../src/compat/mapping.js';
import { clampLimit, commaList, decodeCursor, page } from './paging.js';
import { CompatPage, ConnectedAccountSchema, IdParams, Nullable, OptionalString, StateSchema } from './schemas.js';
import { defineOperation, route } from '../operations.js';

const ListQuery = Type.Object(
  {
    user_ids: OptionalString,
    auth_config_ids: OptionalString,
    toolkit_slugs: OptionalString,
    statuses: OptionalString,
    connected_account_ids: OptionalString,
    order_by: OptionalString,
    order_direction: OptionalString,
    account_type: OptionalString,
    limit: OptionalString,
    cursor: OptionalString,
  },
  { additionalProperties: true },
);

const CreateBody = Type.Object(
  {
    auth_config: Type.Object({ id: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.id }) }, { additionalProperties: true }),
    connection: Type.Optional(
      Type.Object(
        {
          user_id: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.entityId })),
          callback_url: Type.Optional(Type.String({ pattern: '^https?://', maxLength: TEXT_LIMITS.url })),
          redirect_uri: Type.Optional(Type.String({ pattern: '^https?://', maxLength: TEXT_LIMITS.url })),
          state: Type.Optional(Nullable(StateSchema)),
          data: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown(), { maxProperties: MAX_MAP_ENTRIES }))),
          alias: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.name })),
          experimental: Type.Optional(Type.Unknown()),
        },
        { additionalProperties: true },
      ),
    ),
    validate_credentials: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

const CreateResponse = Type.Object(
  {
    id: Type.String(),
    status: Type.String(),
    redirect_url: Nullable(Type.String()),
    redirect_uri: Nullable(Type.String()),
    connectionData: Type.Object({
      authScheme: Type.String(),
      val: Type.Object({ status: Type.String(), redirectUrl: Type.Optional(Type.String()) }, { additionalProperties: true }),
    }),
  },
  { additionalProperties: true },
);

export const connectedAccountOperations = {
  listConnectedAccounts: defineOperation({
    operationId: 'listConnectedAccounts',
    method: 'GET',
    url: '/connected_accounts',
    querystring: ListQuery,
    response: { 200: CompatPage },
  }),
  getConnectedAccount: defineOperation({
    operationId: 'getConnectedAccount',
    method: 'GET',
    url: '/connected_accounts/:id',
    params: IdParams,
    response: { 200: ConnectedAccountSchema },
  }),
  createConnectedAccount: defineOperation({
    operationId: 'createConnectedAccount',
    method: 'POST',
    url: '/connected_accounts',
    body: CreateBody,
    response: { 201: CreateResponse },
  }),
};
const ops = connectedAccountOperations;

const connectedAccountRoutes: FastifyPluginAsyncTypebox<{
  services: Pick<Services, 'authConfigs' | 'catalog' | 'connections' | 'tenancy'>;
}> = async (app, { services }) => {
  const { authConfigs, catalog, connections } = services;
  const audit = apiKeyAudit(services.tenancy.audited);

  /** The v3.1 object of one connection, with its auth config's flags. */
  async function detail(projectId: string, conn: IConnection) {
    const config = await authConfigs.get(projectId, conn.authConfigId).catch(() => undefined);
    return connectedAccountItem(conn, config, true);
  }

  route(app, ops.listConnectedAccounts, async (req) => {
    const q = req.query;
    const statuses = commaList(q.statuses)?.map((s) => s.toUpperCase());
    const badStatus = statuses?.find((s) => !(COMPAT_STATUSES as readonly string[]).includes(s));
    if (badStatus)
      throw compatBadRequest(`Unknown status ${badStatus}; use ${COMPAT_STATUSES.join(', ')}`, [
        `statuses must be among ${COMPAT_STATUSES.join(', ')}`,
      ]);
    const orderBy = q.order_by || 'created_at';
    if (orderBy !== 'created_at' && orderBy !== 'updated_at')
      throw compatBadRequest('order_by must be created_at or updated_at', ['order_by is invalid']);
    const direction = (q.order_direction || 'desc').toLowerCase();
    if (direction !== 'asc' && direction !== 'desc')
      throw compatBadRequest('order_direction must be asc or desc', ['order_direction is invalid']);
    const offset = decodeCursor(q.cursor);
    const limit = clampLimit(q.limit, 50, 1000);
    // Every broker connection is PRIVATE to its user; there are no SHARED accounts.
    if (q.account_type?.toUpperCase() === 'SHARED') return page([], 0, offset, limit);
    const { projectId } = principal(req);
    // An exact filter: statuses no connection can have (INITIALIZING) select nothing.
    const states = statuses?.flatMap((s) => nativeFilterFor(s as CompatStatus) ?? []);
    const r = await connections.listRows(projectId, {
      entityIds: commaList(q.user_ids),
      authConfigIds: commaList(q.auth_config_ids),
      toolkitSlugs: commaList(q.toolkit_slugs)?.map((s) => s.toLowerCase()),
      states,
      ids: commaList(q.connected_account_ids),
      orderBy: orderBy === 'updated_at' ? 'updatedAt' : 'createdAt',
      direction,
      limit,
      offset,
    });
    return page(
      r.rows.map((c) => connectedAccountItem(c, r.authConfigs.get(c.authConfigId))),
      r.total,
      offset,
      limit,
    );
  });

  route(app, ops.getConnectedAccount, async (req) => {
    const { projectId } = principal(req);
    return detail(projectId, await connections.get(projectId, req.params.id));
  });

  route(app, ops.createConnectedAccount, async (req, reply) => {
    const { projectId } = principal(req);
    const config = await authConfigs.get(projectId, req.body.auth_config.id);
    const conn = req.body.connection ?? {};
    const scheme = schemeOf(config.authMethodKind);
    const given = stateScheme(conn.state ?? undefined);
    if (given && given.toUpperCase() !== scheme) {
      throw compatBadRequest(`Auth config ${config.id} uses ${scheme}, but connection.state.authScheme is ${given}`, [
        'connection.state.authScheme does not match the auth config',
      ]);
    }
    if ((conn.experimental as { account_type?: string } | undefined)?.account_type === 'SHARED')
      throw notImplementedHere('SHARED connected accounts');
    const connectionConfig = connectionFields(conn.data ?? undefined, 'connection.data');
    const base = {
      // The v3.1 API's own default user when none is named.
      entityId: conn.user_id ?? 'default',
      authConfigId: config.id,
      ...(conn.alias ? { alias: conn.alias } : {}),
      ...(connectionConfig ? { connectionConfig } : {}),
    };
    const created = async (id: string, status: 'INITIATED' | 'ACTIVE', redirectUrl: string | null) => {
      await audit(req, 'connection.created', id, { toolkit: config.toolkitSlug, userId: base.entityId });
      return reply.code(201).send({
        id,
        status,
        redirect_url: redirectUrl,
        redirect_uri: redirectUrl,
        connectionData: { authScheme: scheme, val: { status, ...(redirectUrl ? { redirectUrl } : {}) } },
      });
    };

    if (config.authMethodKind === 'oauth2') {
      if (carriesTokens(conn.state ?? undefined))
        throw notImplementedHere(
          'Importing existing OAuth tokens',
          'Create the connected account without state and send the user to redirect_url.',
        );
      const callback = conn.callback_url ?? conn.redirect_uri;
      const r = await connections.initiate(projectId, config.toolkitSlug, { ...base, ...(callback ? { redirectUrl: callback } : {}) });
      return created(r.connectionId, 'INITIATED', r.redirectUrl ?? null);
    }
    const method = catalog.requireAuthMethod('auth config', config);
    const credentials = method.kind !== 'oauth2' ? credentialsFromState(conn.state ?? undefined, method) : undefined;
    if (!credentials) {
      // No credentials yet: a PENDING connection, completed later (connect link, PATCH, native connect).
      const r = await connections.initiate(projectId, config.toolkitSlug, base);
      return created(r.connectionId, 'INITIATED', null);
    }
    const r = await connections.connect(projectId, config.toolkitSlug, { ...base, credentials });
    return created(r.connectionId, 'ACTIVE', null);
  });
};

export default connectedAccountRoutes;
