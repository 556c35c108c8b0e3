/** Every query on `webhook_subscriptions`, scoped by project except the delivery worker's lookups by id. */
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { WebhookSubscription, type IWebhookSubscription } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';
import { olderThan, type Position } from './event-repository.js';

export type NewWebhookSubscription = Omit<IWebhookSubscription, 'createdAt' | 'updatedAt'>;
export type WebhookSubscriptionChanges = Partial<Omit<NewWebhookSubscription, 'id' | 'projectId'>>;

/** Whether a subscription wants events of `type` (null event types: all of them). */
export function subscribesTo(sub: Pick<IWebhookSubscription, 'eventTypes'>, type: string): boolean {
  return sub.eventTypes == null || sub.eventTypes.includes(type);
}

export function createWebhookSubscriptionRepository(db: Db) {
  return {
    async insert(row: NewWebhookSubscription, em: EntityManager = db.em()): Promise<IWebhookSubscription> {
      return insertNew(em, WebhookSubscription, row);
    },

    findInProject(projectId: string, id: string, em: EntityManager = db.em()): Promise<IWebhookSubscription | null> {
      return em.findOne(WebhookSubscription, { id, projectId }, fresh);
    },

    /** The delivery worker: the subscription a delivery row points at. */
    findById(id: string, em: EntityManager = db.em()): Promise<IWebhookSubscription | null> {
      return em.findOne(WebhookSubscription, { id }, fresh);
    },

    findByIds(ids: string[], em: EntityManager = db.em()): Promise<IWebhookSubscription[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return em.find(WebhookSubscription, { id: { $in: ids } }, fresh);
    },

    /** Newest first. */
    list(projectId: string, limit: number, cursor?: Position): Promise<IWebhookSubscription[]> {
      const where = { projectId, ...olderThan(cursor) } as FilterQuery<IWebhookSubscription>;
      return db.em().find(WebhookSubscription, where, { ...fresh, orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    },

    /**
     * The project's enabled subscriptions that want events of `type` (the fan-out). A project has
     * few subscriptions, so the event type filter runs here rather than on a JSON column in SQL.
     */
    async matching(projectId: string, type: string, em: EntityManager = db.em()): Promise<IWebhookSubscription[]> {
      const rows = await em.find(WebhookSubscription, { projectId, enabled: true }, fresh);
      return rows.filter((s) => subscribesTo(s, type));
    },

    /** Changes one subscription of a project; returns rows changed (0: no such subscription). */
    update(projectId: string, id: string, changes: WebhookSubscriptionChanges, em: EntityManager = db.em()): Promise<number> {
      return em.nativeUpdate(WebhookSubscription, { id, projectId }, { ...changes, updatedAt: new Date() });
    },

    /** The delivery worker gives up on a subscription; only an enabled one changes (true once). */
    async disable(id: string, reason: string, at: Date, em: EntityManager = db.em()): Promise<boolean> {
      const changed = await em.nativeUpdate(
        WebhookSubscription,
        { id, enabled: true },
        { enabled: false, disabledAt: at, disabledReason: reason, updatedAt: new Date() },
      );
      return changed === 1;
    },

    delete(projectId: string, id: string, em: EntityManager = db.em()): Promise<number> {
      return em.nativeDelete(WebhookSubscription, { id, projectId });
    },
  };
}

export type WebhookSubscriptionRepository = ReturnType<typeof createWebhookSubscriptionRepository>;
