/**
 * Every query on `provider_webhook_events` (src/triggers/ingress/), and the one lookup routing
 * needs: the connections of a provider account. Built by the ingress service on the shared `Db`.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { AuthConfig, Connection, ProviderWebhookEvent, type IProviderWebhookEvent } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';

export type NewProviderWebhookEvent = Omit<IProviderWebhookEvent, 'processedAt'>;

/** Which connections an app's events reach: the managed app's connections, or one custom app's (its auth config). */
export type AppScope = { kind: 'managed' } | { kind: 'custom'; authConfigId: string };

export function createProviderWebhookInbox(db: Db) {
  return {
    /**
     * Inserts the events whose (toolkit, source, provider event id) is new and returns those
     * inserted. One conflict-ignoring INSERT: a retry racing its first delivery on another instance
     * waits for that commit (PostgreSQL) and then inserts nothing, so exactly one request accepts it.
     */
    async insertNew(tx: EntityManager, rows: NewProviderWebhookEvent[]): Promise<IProviderWebhookEvent[]> {
      if (rows.length === 0) return [];
      await (tx as SqlEntityManager)
        .createQueryBuilder(ProviderWebhookEvent)
        .insert(rows.map((r) => ({ ...r, processedAt: null })))
        .onConflict(['toolkitSlug', 'source', 'providerEventId'])
        .ignore()
        .execute();
      // Our own new ids are the rows this statement inserted (a conflicting row keeps its old id).
      const inserted = await tx.find(ProviderWebhookEvent, { id: { $in: rows.map((r) => r.id) } }, fresh);
      const order = new Map(rows.map((r, i) => [r.id, i]));
      return inserted.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    },

    /** Connection ids of these accounts of a toolkit (any project, any status), by account. */
    async connectionsOf(toolkitSlug: string, accountIds: string[], scope: AppScope): Promise<Map<string, string[]>> {
      const byAccount = new Map<string, string[]>();
      if (accountIds.length === 0) return byAccount;
      const em = db.em();
      const where =
        scope.kind === 'custom'
          ? { toolkitSlug, providerAccountId: { $in: accountIds }, authConfigId: scope.authConfigId }
          : { toolkitSlug, providerAccountId: { $in: accountIds } };
      const rows = await em.find(Connection, where, {
        ...fresh,
        fields: ['id', 'authConfigId', 'providerAccountId'],
        orderBy: { id: 'asc' },
      });
      let allowed: Set<string> | undefined;
      if (scope.kind === 'managed' && rows.length > 0) {
        // Only connections made through the managed app belong to its events.
        const configs = await em.find(
          AuthConfig,
          { id: { $in: [...new Set(rows.map((r) => r.authConfigId))] }, isManaged: true },
          { ...fresh, fields: ['id'] },
        );
        allowed = new Set(configs.map((c) => c.id));
      }
      for (const r of rows) {
        if (!r.providerAccountId || (allowed && !allowed.has(r.authConfigId))) continue;
        const list = byAccount.get(r.providerAccountId) ?? [];
        list.push(r.id);
        byAccount.set(r.providerAccountId, list);
      }
      return byAccount;
    },

    /** Accepted events not yet routed, oldest first (what a listener missed in a crash). */
    pending(limit: number): Promise<IProviderWebhookEvent[]> {
      return db.em().find(ProviderWebhookEvent, { processedAt: null }, { ...fresh, orderBy: { receivedAt: 'asc', id: 'asc' }, limit });
    },

    /** Marks events routed. */
    async markProcessed(ids: string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.em().nativeUpdate(ProviderWebhookEvent, { id: { $in: ids }, processedAt: null }, { processedAt: at });
    },

    /** Deletes routed events received before `before`; returns how many. */
    deleteProcessedBefore(before: Date): Promise<number> {
      return db.em().nativeDelete(ProviderWebhookEvent, { processedAt: { $ne: null }, receivedAt: { $lt: before } });
    },

    /** An auth config by id alone: a custom app's ingress URL names it, outside any project's API key. */
    authConfig(id: string) {
      return db.em().findOne(AuthConfig, { id }, fresh);
    },

    find(id: string): Promise<IProviderWebhookEvent | null> {
      return db.em().findOne(ProviderWebhookEvent, { id }, fresh);
    },

    count(): Promise<number> {
      return db.em().count(ProviderWebhookEvent, {});
    },
  };
}
