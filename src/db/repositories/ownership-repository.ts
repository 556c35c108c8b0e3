/**
 * Which project a project-scoped row belongs to, by id alone: src/tenancy/ownership.ts tells a
 * resource of another project (403) from one of none (404) with it.
 */
import { AuthConfig, Connection, Event, TriggerInstance, WebhookSubscription } from '../entities/index.js';
import type { Db } from '../fork-per-call.js';

/** The table of each kind (the entities name them). */
const OWNED = {
  connection: Connection.meta.tableName,
  auth_config: AuthConfig.meta.tableName,
  trigger_instance: TriggerInstance.meta.tableName,
  webhook_subscription: WebhookSubscription.meta.tableName,
  event: Event.meta.tableName,
};

export type OwnedKind = keyof typeof OWNED;

export function createOwnershipRepository(db: Db) {
  return {
    /** The project of the `kind` row `id`; null when there is none. */
    async projectOf(kind: OwnedKind, id: string): Promise<string | null> {
      const rows = await db
        .em()
        .getConnection()
        .execute<{ project_id: string }[]>(`select project_id from ${OWNED[kind]} where id = ?`, [id]);
      return rows[0]?.project_id ?? null;
    },
  };
}

export type OwnershipRepository = ReturnType<typeof createOwnershipRepository>;
