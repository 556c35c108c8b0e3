/** Trigger instance routes of the native API (issue 29). Handlers only translate; rules live in src/triggers. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { TriggerInstanceSchema } from '../../src/triggers/api-schemas.js';
import { triggerInstanceView } from '../../src/triggers/trigger-instance-service.js';
import { route } from '../operations.js';
import { triggerInstanceOperations as ops } from './contract.js';

/** `a,b` -> ['a', 'b']; absent or empty -> no filter. */
function list(raw: string | undefined): string[] | undefined {
  const items = raw
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

const triggerInstanceRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'triggerInstances'> }> = async (app, { services }) => {
  app.addSchema(TriggerInstanceSchema);
  const { triggerInstances } = services;

  route(app, ops.upsertTriggerInstance, async (req) => {
    const b = req.body;
    const { instance, created } = await triggerInstances.upsert(principal(req).projectId, {
      triggerSlug: b.triggerSlug,
      connectionId: b.connectedAccountId,
      entityId: b.entityId,
      config: b.config,
    });
    return { ...triggerInstanceView(instance), created };
  });

  route(app, ops.listTriggerInstances, async (req) => {
    const q = req.query;
    const found = await triggerInstances.list(principal(req).projectId, {
      authConfigIds: list(q.authConfigIds),
      connectionIds: list(q.connectedAccountIds),
      ids: list(q.triggerIds),
      triggerSlugs: list(q.triggerNames),
      entityIds: list(q.entityIds),
      showDisabled: q.showDisabled ?? false,
      limit: q.limit ?? 50,
      cursor: q.cursor,
    });
    return { items: found.items.map(triggerInstanceView), total: found.total, nextCursor: found.nextCursor };
  });

  route(app, ops.getTriggerInstance, async (req) =>
    triggerInstanceView(await triggerInstances.get(principal(req).projectId, req.params.triggerId)),
  );

  route(app, ops.updateTriggerInstance, async (req) =>
    triggerInstanceView(await triggerInstances.update(principal(req).projectId, req.params.triggerId, req.body)),
  );

  route(app, ops.deleteTriggerInstance, async (req) => {
    await triggerInstances.remove(principal(req).projectId, req.params.triggerId);
    return { deleted: true };
  });
};

export default triggerInstanceRoutes;
