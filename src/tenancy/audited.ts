/**
 * The audit-in-transaction piece: a tenancy command runs its writes and the audit entries they
 * make in one transaction (`audited.run`), so a change never lands without its entry nor an entry
 * without its change. The repositories it hands out are bound to that transaction; everything the
 * command reads before deciding, outside them, is re-checked by the writes' own conditions.
 */
import type { IAuditEntry } from '../db/entities/index.js';
import type { AuditRepository } from '../db/repositories/audit-repository.js';
import { createTenancyRepositories, type TenancyRepositories } from '../db/repositories/tenancy.js';
import { boundTo, type Db } from '../db/fork-per-call.js';
import type { Clock } from '../clock.js';
import { newOrderedId } from '../ids.js';
import type { Actor } from './actor.js';

export interface AuditEvent {
  organizationId: string;
  projectId?: string | null;
  action: string;
  targetType: string;
  targetId: string;
  detail?: Record<string, unknown>;
}

/** One transaction of a command: the tenancy repositories on it, and the audit log's entries. */
export interface TenancyTx {
  repos: TenancyRepositories;
  audit(event: AuditEvent): Promise<void>;
}

/** The audit row of `event` made by `actor` at `at`; an API key is recorded with its name. */
function auditRow(
  actor: Actor,
  event: AuditEvent,
  at: number,
  apiKeyName: string | null,
): Omit<IAuditEntry, 'createdAt'> & { createdAt: Date } {
  return {
    // Entries of one millisecond (a sign-up's organization, project and membership) list in the order they happened.
    id: newOrderedId('aud', at),
    organizationId: event.organizationId,
    projectId: event.projectId ?? null,
    actorKind: actor.kind,
    actorUserId: actor.kind === 'user' ? actor.userId : null,
    actorEmail: actor.kind === 'user' ? actor.email : null,
    actorApiKeyId: actor.kind === 'apiKey' ? actor.apiKeyId : null,
    actorApiKeyName: actor.kind === 'apiKey' ? apiKeyName : null,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    detail: event.detail ?? null,
    ip: actor.kind === 'operator' ? null : (actor.ip ?? null),
    createdAt: new Date(at),
  };
}

export function createAudited(deps: { db: Db; audit: AuditRepository; clock: Clock }) {
  const { db, clock } = deps;

  /** Runs `work` in one transaction; its audit entries commit or roll back with its changes. */
  function run<T>(actor: Actor, work: (tx: TenancyTx) => Promise<T>): Promise<T> {
    return db.transaction(async (em) => {
      const repos = createTenancyRepositories(boundTo(db, em));
      let keyName: Promise<string | null> | undefined;
      const nameOfKey = (id: string) => (keyName ??= repos.apiKeys.find({ id }).then((k) => k?.name ?? null));
      return work({
        repos,
        async audit(event) {
          const name = actor.kind === 'apiKey' ? await nameOfKey(actor.apiKeyId) : null;
          await repos.audit.insert(auditRow(actor, event, clock.now(), name));
        },
      });
    });
  }

  return {
    run,

    /** One entry about a change of rows outside tenancy (auth configs, connections), on its own. */
    async record(actor: Actor, event: AuditEvent): Promise<void> {
      if (actor.kind === 'apiKey') return run(actor, (tx) => tx.audit(event));
      await deps.audit.insert(auditRow(actor, event, clock.now(), null));
    },
  };
}

export type Audited = ReturnType<typeof createAudited>;

/** The names of the fields a change sets, sorted, for an entry's detail (never their values: one may be a secret). */
export const changedFields = (change: unknown): string[] =>
  change && typeof change === 'object'
    ? Object.keys(change)
        .filter((k) => (change as Record<string, unknown>)[k] !== undefined)
        .sort()
    : [];
