/**
 * Trigger instances (issue 29): a trigger type of the catalog set up for one connection with one
 * config. Upsert matches on (trigger, connection, canonical config) so calling it again gives the
 * same instance; every read and write is scoped by project. Changes are told to listeners after
 * they commit (`onChange`): the poller schedules, reschedules and drops instances from them.
 *
 * The connection health hooks live here too (`connectionChanged`): called by the connection
 * events in the transaction of the change, they disable a connection's instances when it expires,
 * is revoked or deleted (recording `trigger.disabled` with the reason), and resume the ones the
 * system disabled when it is ACTIVE again.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Catalog } from '../catalog/catalog.js';
import type { Clock } from '../clock.js';
import type { ConnectionResolver } from '../connections/connection-resolver.js';
import type { ITriggerInstance, TriggerDisabledBy } from '../db/entities/index.js';
import { afterCommit, type Db } from '../db/fork-per-call.js';
import type { TriggerInstanceFilter, TriggerInstanceRepository } from '../db/repositories/trigger-instance-repository.js';
import { BrokerError, badRequest, notFound } from '../errors.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { EventType } from '../events/event-types.js';
import { newId } from '../ids.js';
import type { TriggerInstanceView } from './api-schemas.js';
import type { Ownership } from '../tenancy/ownership.js';

export type TriggerInstanceChangeKind = 'enabled' | 'disabled' | 'deleted' | 'config';
/** What a listener is told, after the change committed; `instance` is the row as it now is (as it was, for deleted). */
export interface TriggerInstanceChange {
  kind: TriggerInstanceChangeKind;
  instance: ITriggerInstance;
}
export type TriggerInstanceListener = (change: TriggerInstanceChange) => void;

/** Why an instance is disabled (`disabledReason`); the system's are Composio's names. */
export const DISABLE_REASONS = {
  user: 'user_disabled',
  'connection.expired': 'connection_expired',
  'connection.revoked': 'connection_revoked',
  'connection.deleted': 'connection_deleted',
} as const;

export interface UpsertInput {
  triggerSlug: string;
  connectionId?: string | undefined;
  entityId?: string | undefined;
  config?: Record<string, unknown> | undefined;
}

export interface ListInput extends TriggerInstanceFilter {
  limit: number;
  cursor?: string | undefined;
}

export interface UpdateInput {
  enabled?: boolean | undefined;
  config?: Record<string, unknown> | undefined;
}

/** JSON with object keys sorted at every depth: equal configs give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const configHash = (config: Record<string, unknown>): string => createHash('sha256').update(canonicalJson(config)).digest('hex');

/** The native view of an instance (also the data of a trigger.disabled event). */
export function triggerInstanceView(t: ITriggerInstance): TriggerInstanceView {
  return {
    id: t.id,
    triggerSlug: t.triggerSlug,
    toolkitSlug: t.toolkitSlug,
    connectedAccountId: t.connectionId,
    authConfigId: t.authConfigId,
    entityId: t.entityId,
    config: t.config,
    enabled: t.enabled,
    disabledAt: t.disabledAt ? t.disabledAt.toISOString() : null,
    disabledReason: t.disabledReason ?? null,
    disabledBy: t.disabledBy ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

const CURSOR_PREFIX = 'ti:';
const encodeCursor = (offset: number) => Buffer.from(`${CURSOR_PREFIX}${offset}`).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const offset = text.startsWith(CURSOR_PREFIX) ? Number(text.slice(CURSOR_PREFIX.length)) : NaN;
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw badRequest('cursor is not a cursor this list returned', { errors: [{ field: 'cursor', message: 'unknown cursor' }] });
  return offset;
}

export function createTriggerInstanceService(deps: {
  /** 403 for another project's resource, 404 for none (src/tenancy/ownership.ts). */
  ownership: Ownership;
  db: Db;
  rows: TriggerInstanceRepository;
  catalog: Pick<Catalog, 'getTriggerEntry' | 'validateTriggerConfig'>;
  resolver: Pick<ConnectionResolver, 'resolve'>;
  recorder: Pick<EventRecorder, 'recordEvent'>;
  clock: Clock;
}) {
  const { db, rows, catalog, resolver, recorder, clock } = deps;
  const listeners: TriggerInstanceListener[] = [];

  /** Tells listeners once `em`'s transaction commits (at once when `em` is in none); a listener's error never reaches the caller. */
  function notify(em: EntityManager, changes: TriggerInstanceChange[]): void {
    if (changes.length === 0 || listeners.length === 0) return;
    afterCommit(em, () => {
      for (const change of changes)
        for (const listener of listeners) {
          try {
            listener(change);
          } catch {
            // A listener keeps its own errors: the change is committed whatever it does.
          }
        }
    });
  }

  function triggerOf(slug: string) {
    const entry = catalog.getTriggerEntry(slug) ?? catalog.getTriggerEntry(slug.toUpperCase());
    if (!entry) throw notFound(`Trigger type ${slug} not found`, 'trigger', { slug });
    return entry;
  }

  function validConfig(slug: string, config: Record<string, unknown> | undefined): Record<string, unknown> {
    const checked = catalog.validateTriggerConfig(slug, config ?? {});
    if (checked.ok) return checked.value;
    const named = checked.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message));
    throw badRequest(`Invalid trigger_config for ${slug}: ${named.join('; ')}`, { errors: checked.errors });
  }

  async function get(projectId: string, id: string): Promise<ITriggerInstance> {
    const found = await rows.findInProject(projectId, id);
    if (!found) throw await deps.ownership.refusal(projectId, 'trigger_instance', id, `Trigger instance ${id} not found`);
    return found;
  }

  async function reload(projectId: string, id: string, em?: EntityManager): Promise<ITriggerInstance> {
    const found = await rows.findInProject(projectId, id, em);
    if (!found) throw notFound(`Trigger instance ${id} not found`, 'trigger_instance');
    return found;
  }

  /** Enables a disabled instance (conditional: told once); returns it as it now is. */
  async function enable(projectId: string, instance: ITriggerInstance, em: EntityManager = db.em()): Promise<ITriggerInstance> {
    if (instance.enabled) return instance;
    const changed = await rows.update(
      projectId,
      instance.id,
      { enabled: true, disabledAt: null, disabledReason: null, disabledBy: null },
      em,
      false,
    );
    const now = await reload(projectId, instance.id, em);
    if (changed === 1) notify(em, [{ kind: 'enabled', instance: now }]);
    return now;
  }

  async function disable(
    projectId: string,
    instance: ITriggerInstance,
    by: TriggerDisabledBy,
    reason: string,
    em: EntityManager,
  ): Promise<ITriggerInstance | undefined> {
    const changed = await rows.update(
      projectId,
      instance.id,
      { enabled: false, disabledAt: new Date(clock.now()), disabledReason: reason, disabledBy: by },
      em,
      true,
    );
    if (changed !== 1) return undefined;
    const now = await reload(projectId, instance.id, em);
    notify(em, [{ kind: 'disabled', instance: now }]);
    return now;
  }

  /** A disable by the system (told once), with its `trigger.disabled` event in the same transaction. */
  async function disableBySystem(instance: ITriggerInstance, reason: string, tx: EntityManager): Promise<void> {
    const disabled = await disable(instance.projectId, instance, 'system', reason, tx);
    if (!disabled) return;
    await recorder.recordEvent(tx, {
      projectId: instance.projectId,
      type: 'trigger.disabled',
      subjectId: disabled.id,
      data: { ...triggerInstanceView(disabled), reason },
    });
  }

  return {
    /** Registers a listener of committed changes (created instances are told as `enabled`). */
    onChange(listener: TriggerInstanceListener): () => void {
      listeners.push(listener);
      return () => {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      };
    },

    /**
     * The instance of this trigger, connection and config: the existing one (enabled again if it
     * was disabled) or a new one. The connection is `connectionId`, or `entityId`'s most recently
     * updated ACTIVE connection of the trigger's toolkit; it must be ACTIVE, in the project and of
     * that toolkit. `userId` given with a connection id must be that connection's end user.
     */
    async upsert(projectId: string, input: UpsertInput): Promise<{ instance: ITriggerInstance; created: boolean }> {
      const entry = triggerOf(input.triggerSlug);
      const slug = entry.trigger.slug;
      const config = validConfig(slug, input.config);
      const { connection } = await resolver.resolve(
        projectId,
        entry.toolkit.slug,
        input.connectionId ? { connectionId: input.connectionId } : input.entityId ? { entityId: input.entityId } : {},
      );
      if (input.connectionId && input.entityId && connection.entityId !== input.entityId) {
        throw badRequest(`Connection ${connection.id} belongs to user "${connection.entityId}", not "${input.entityId}"`);
      }
      const key = { triggerSlug: slug, connectionId: connection.id, configHash: configHash(config) };
      // Two tries: a concurrent upsert of the same key may insert between the read and the insert.
      for (let attempt = 0; attempt < 2; attempt++) {
        const existing = await rows.findMatch(projectId, key);
        if (existing) return { instance: await enable(projectId, existing), created: false };
        const em = db.em();
        const inserted = await rows.insert(
          {
            id: newId('ti'),
            projectId,
            ...key,
            toolkitSlug: entry.toolkit.slug,
            authConfigId: connection.authConfigId,
            entityId: connection.entityId,
            config,
            enabled: true,
            disabledAt: null,
            disabledReason: null,
            disabledBy: null,
          },
          em,
        );
        if (inserted) {
          notify(em, [{ kind: 'enabled', instance: inserted }]);
          return { instance: inserted, created: true };
        }
      }
      throw new BrokerError('CONFLICT', `Trigger instance of ${slug} on ${connection.id} is being changed concurrently; retry`);
    },

    async list(
      projectId: string,
      input: ListInput,
    ): Promise<{ items: ITriggerInstance[]; total: number; nextCursor: string | null; offset: number }> {
      const offset = decodeCursor(input.cursor);
      const filter: TriggerInstanceFilter = {
        ...input,
        ...(input.triggerSlugs ? { triggerSlugs: input.triggerSlugs.map((s) => s.toUpperCase()) } : {}),
      };
      const { rows: items, total } = await rows.list(projectId, filter, input.limit, offset);
      const next = offset + items.length;
      return { items, total, offset, nextCursor: items.length > 0 && next < total ? encodeCursor(next) : null };
    },

    get,

    /**
     * Enables, disables (by the user: it stays disabled until enabled again) or changes the
     * config (validated; 409 when another instance of the connection has that config already).
     * Enabling needs the connection ACTIVE.
     */
    async update(projectId: string, id: string, input: UpdateInput): Promise<ITriggerInstance> {
      let instance = await get(projectId, id);
      if (input.config !== undefined) {
        const config = validConfig(instance.triggerSlug, input.config);
        const hash = configHash(config);
        if (hash !== instance.configHash) {
          const other = await rows.findMatch(projectId, {
            triggerSlug: instance.triggerSlug,
            connectionId: instance.connectionId,
            configHash: hash,
          });
          if (other)
            throw new BrokerError('CONFLICT', `Trigger instance ${other.id} of this connection has that config already`, {
              triggerId: other.id,
            });
          const em = db.em();
          await rows.update(projectId, id, { config, configHash: hash }, em);
          instance = await reload(projectId, id, em);
          notify(em, [{ kind: 'config', instance }]);
        }
      }
      if (input.enabled === true && !instance.enabled) {
        await resolver.resolve(projectId, instance.toolkitSlug, { connectionId: instance.connectionId });
        instance = await enable(projectId, instance);
      } else if (input.enabled === false && (instance.enabled || instance.disabledBy === 'system')) {
        // A user's disable of a system-disabled instance makes it theirs: it no longer resumes by itself.
        const em = db.em();
        if (instance.enabled)
          instance = (await disable(projectId, instance, 'user', DISABLE_REASONS.user, em)) ?? (await reload(projectId, id, em));
        else {
          await rows.update(projectId, id, { disabledBy: 'user', disabledReason: DISABLE_REASONS.user }, em, false);
          instance = await reload(projectId, id, em);
        }
      }
      return instance;
    },

    async remove(projectId: string, id: string): Promise<ITriggerInstance> {
      const instance = await get(projectId, id);
      const em = db.em();
      if ((await rows.delete(projectId, id, em)) === 1) notify(em, [{ kind: 'deleted', instance }]);
      return instance;
    },

    /**
     * The poller gave an instance up (its polls failed too often in a row): disabled by the
     * system with the reason and a `trigger.disabled` event, never silently stuck. It resumes with
     * the connection's next recovery, or when enabled again.
     */
    async pollsFailed(instanceId: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const instance = await rows.findAnyProject(instanceId, tx);
        if (!instance?.enabled) return;
        await disableBySystem(instance, `polls_failed: ${reason}`.slice(0, 255), tx);
      });
    },

    /**
     * The connection hook (src/connections/connection-events.ts), in the transaction of the
     * change: expired, revoked or deleted disables the connection's enabled instances, each with
     * a `trigger.disabled` event; ACTIVE again (created, recovered) resumes the ones the system
     * disabled. History is not replayed: the poller picks up from where the provider stands.
     */
    async connectionChanged(tx: EntityManager, conn: { id: string; projectId: string }, type: EventType): Promise<void> {
      if (type === 'connection.expired' || type === 'connection.revoked' || type === 'connection.deleted') {
        const reason = DISABLE_REASONS[type];
        for (const instance of await rows.ofConnection(conn.projectId, conn.id, true, tx)) await disableBySystem(instance, reason, tx);
      } else if (type === 'connection.created' || type === 'connection.recovered') {
        for (const instance of await rows.ofConnection(conn.projectId, conn.id, false, tx)) {
          if (instance.disabledBy === 'system') await enable(conn.projectId, instance, tx);
        }
      }
    },
  };
}
