/**
 * A project's trigger instances as the console shows and changes them (issue 29). Reads and
 * changes are the native API's own (src/triggers/trigger-instance-service.ts: a user's disable
 * stays, enabling needs the connection ACTIVE, deleting stops its polls); this adds the trigger
 * type's name, what the instance has been doing (src/triggers/trigger-activity.ts) and the audit
 * log entry for every change. Who may read or change is the routes' declared role.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { ITriggerInstance } from '../db/entities/index.js';
import type { TriggerInstancePageFilter, TriggerInstanceRepository } from '../db/repositories/trigger-instance-repository.js';
import type { Actor } from '../tenancy/actor.js';
import type { Audited } from '../tenancy/audited.js';
import type { TriggerActivityReader } from '../triggers/trigger-activity.js';
import { triggerInstanceView, type createTriggerInstanceService } from '../triggers/trigger-instance-service.js';
import type { ProjectTarget } from './console-resource-service.js';
import { decodeKeysetCursor, keysetPage } from './keyset-cursor.js';
import type { ConsoleTriggerInstanceView } from './trigger-api-schemas.js';

type TriggerInstances = Pick<ReturnType<typeof createTriggerInstanceService>, 'get' | 'update' | 'remove'>;

export interface TriggerInstanceListQuery {
  connectionId?: string | undefined;
  triggerSlug?: string | undefined;
  status?: 'enabled' | 'disabled' | undefined;
  cursor?: string | undefined;
  limit: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createConsoleTriggerService(deps: {
  audit: Pick<Audited, 'record'>;
  instances: TriggerInstances;
  rows: Pick<TriggerInstanceRepository, 'page'>;
  activity: TriggerActivityReader;
  catalog: Pick<Catalog, 'getTriggerEntry'>;
}) {
  const { audit, instances, rows, activity, catalog } = deps;

  async function views(projectId: string, items: ITriggerInstance[]): Promise<ConsoleTriggerInstanceView[]> {
    const facts = await activity.of(projectId, items);
    return items.map((i) => {
      const trigger = catalog.getTriggerEntry(i.triggerSlug)?.trigger;
      const a = facts.get(i.id);
      return {
        ...triggerInstanceView(i),
        triggerName: trigger?.name ?? i.triggerSlug,
        triggerType: trigger?.type ?? null,
        pollState: a?.pollState ?? null,
        lastPolledAt: iso(a?.lastPolledAt ?? null),
        nextPollAt: iso(a?.nextPollAt ?? null),
        lastEventAt: iso(a?.lastEventAt ?? null),
        lastError: a?.lastError ?? null,
        failures: a?.failures ?? 0,
      };
    });
  }

  const viewOf = async (projectId: string, instance: ITriggerInstance) => (await views(projectId, [instance]))[0]!;

  const record = (actor: Actor, t: ProjectTarget, action: string, i: ITriggerInstance) =>
    audit.record(actor, {
      organizationId: t.organizationId,
      projectId: t.projectId,
      action,
      targetType: 'trigger_instance',
      targetId: i.id,
      detail: { trigger: i.triggerSlug, connectionId: i.connectionId, userId: i.entityId },
    });

  return {
    /** Newest first, keyset-paged: rows added meanwhile never shift a page. */
    async list(t: ProjectTarget, q: TriggerInstanceListQuery): Promise<{ items: ConsoleTriggerInstanceView[]; nextCursor: string | null }> {
      const filter: TriggerInstancePageFilter = {
        connectionId: q.connectionId,
        // Trigger slugs are upper case: the filter takes any case.
        triggerSlug: q.triggerSlug?.toUpperCase(),
        enabled: q.status === undefined ? undefined : q.status === 'enabled',
      };
      const found = await rows.page(t.projectId, filter, q.limit + 1, q.cursor ? decodeKeysetCursor(q.cursor) : undefined);
      const page = keysetPage(found, q.limit);
      return { items: await views(t.projectId, page.items), nextCursor: page.nextCursor };
    },

    get: async (t: ProjectTarget, id: string) => viewOf(t.projectId, await instances.get(t.projectId, id)),

    /** Enables (the connection must be ACTIVE) or disables by the user; no audit entry when nothing changed. */
    async setEnabled(actor: Actor, t: ProjectTarget, id: string, enabled: boolean): Promise<ConsoleTriggerInstanceView> {
      const before = await instances.get(t.projectId, id);
      const after = await instances.update(t.projectId, id, { enabled });
      const changed = before.enabled !== after.enabled || before.disabledBy !== after.disabledBy;
      if (changed) await record(actor, t, enabled ? 'trigger_instance.enabled' : 'trigger_instance.disabled', after);
      return viewOf(t.projectId, after);
    },

    /** Deletes the instance; its polls stop. */
    async remove(actor: Actor, t: ProjectTarget, id: string): Promise<void> {
      const removed = await instances.remove(t.projectId, id);
      await record(actor, t, 'trigger_instance.deleted', removed);
    },
  };
}
