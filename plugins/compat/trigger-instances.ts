/**
 * Compat trigger instances (events-and-triggers.md section 1): upsert, listActive, enable/disable
 * and delete, as `@composio/core`'s `triggers.create`, `listActive`, `enable`, `disable`, `update`
 * and `delete` call them, over the native trigger instance service (src/triggers). A listed
 * instance carries both snake_case and camelCase fields, as core's schema reads either.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../src/services.js';
import type { ITriggerInstance } from '../../src/db/entities/index.js';
import { principal } from '../auth.js';
import { clampLimit, commaList, page, queryBool } from './paging.js';
import { CompatPage, LooseObject, OptionalString } from './schemas.js';
import { defineOperation, route } from '../operations.js';

const TriggerIdParams = Type.Object({ triggerId: Type.String({ minLength: 1, maxLength: 100 }) });

export const triggerInstanceOperations = {
  upsertTriggerInstance: defineOperation({
    operationId: 'upsertTriggerInstance',
    method: 'POST',
    url: '/trigger_instances/:slug/upsert',
    params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) }),
    body: Type.Object(
      {
        user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
        connected_account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        trigger_config: Type.Optional(LooseObject),
        toolkit_versions: Type.Optional(Type.Unknown()),
      },
      { additionalProperties: true },
    ),
    response: { 200: Type.Object({ trigger_id: Type.String() }, { additionalProperties: true }) },
  }),
  listActiveTriggers: defineOperation({
    operationId: 'listActiveTriggers',
    method: 'GET',
    url: '/trigger_instances/active',
    querystring: Type.Object(
      {
        auth_config_ids: OptionalString,
        connected_account_ids: OptionalString,
        trigger_ids: OptionalString,
        trigger_names: OptionalString,
        user_ids: OptionalString,
        show_disabled: OptionalString,
        cursor: OptionalString,
        limit: OptionalString,
      },
      { additionalProperties: true },
    ),
    response: { 200: CompatPage },
  }),
  updateTriggerInstanceStatus: defineOperation({
    operationId: 'updateTriggerInstanceStatus',
    method: 'PATCH',
    url: '/trigger_instances/manage/:triggerId',
    params: TriggerIdParams,
    body: Type.Object({ status: Type.Union([Type.Literal('enable'), Type.Literal('disable')]) }, { additionalProperties: true }),
    response: { 200: Type.Object({ status: Type.Literal('success') }) },
  }),
  deleteTriggerInstance: defineOperation({
    operationId: 'deleteTriggerInstance',
    method: 'DELETE',
    url: '/trigger_instances/manage/:triggerId',
    params: TriggerIdParams,
    response: { 200: Type.Object({ trigger_id: Type.String() }) },
  }),
};
const ops = triggerInstanceOperations;

/** A listed instance as core reads it: every field it requires, twice where it takes either spelling. */
function item(t: ITriggerInstance) {
  const disabledAt = t.disabledAt ? t.disabledAt.toISOString() : null;
  const updatedAt = t.updatedAt.toISOString();
  return {
    id: t.id,
    uuid: t.id,
    connected_account_id: t.connectionId,
    connectedAccountId: t.connectionId,
    auth_config_id: t.authConfigId,
    user_id: t.entityId,
    disabled_at: disabledAt,
    disabledAt,
    disabled_reason: t.disabledReason ?? null,
    // Poll progress belongs to the poller, not to the instance's public view.
    state: {},
    trigger_config: t.config,
    triggerConfig: t.config,
    trigger_name: t.triggerSlug,
    triggerName: t.triggerSlug,
    toolkit_slug: t.toolkitSlug,
    created_at: t.createdAt.toISOString(),
    updated_at: updatedAt,
    updatedAt,
    version: 'v1.0.0',
  };
}

const triggerInstanceRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'triggerInstances'> }> = async (app, { services }) => {
  const { triggerInstances } = services;

  // Without connected_account_id: user_id's most recently updated ACTIVE connection of the trigger's toolkit (the native rule).
  route(app, ops.upsertTriggerInstance, async (req) => {
    const b = req.body;
    const { instance } = await triggerInstances.upsert(principal(req).projectId, {
      triggerSlug: req.params.slug,
      connectionId: b.connected_account_id,
      entityId: b.user_id,
      config: b.trigger_config,
    });
    return { trigger_id: instance.id };
  });

  route(app, ops.listActiveTriggers, async (req) => {
    const q = req.query;
    const limit = clampLimit(q.limit, 50, 1000);
    const found = await triggerInstances.list(principal(req).projectId, {
      authConfigIds: commaList(q.auth_config_ids),
      connectionIds: commaList(q.connected_account_ids),
      ids: commaList(q.trigger_ids),
      triggerSlugs: commaList(q.trigger_names),
      entityIds: commaList(q.user_ids),
      showDisabled: queryBool(q.show_disabled) ?? false,
      limit,
      cursor: q.cursor,
    });
    return { ...page(found.items.map(item), found.total, found.offset, limit), next_cursor: found.nextCursor };
  });

  route(app, ops.updateTriggerInstanceStatus, async (req) => {
    await triggerInstances.update(principal(req).projectId, req.params.triggerId, { enabled: req.body.status === 'enable' });
    return { status: 'success' as const };
  });

  route(app, ops.deleteTriggerInstance, async (req) => {
    const removed = await triggerInstances.remove(principal(req).projectId, req.params.triggerId);
    return { trigger_id: removed.id };
  });
};

export default triggerInstanceRoutes;
