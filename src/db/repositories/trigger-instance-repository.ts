/** Every query on `trigger_instances`, scoped by project (the connection hooks go by connection id, unique across projects). */
import { UniqueConstraintViolationException, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { TriggerInstance, type ITriggerInstance } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export type NewTriggerInstance = Omit<ITriggerInstance, 'createdAt' | 'updatedAt'>;
export type TriggerInstanceChanges = Partial<
  Pick<ITriggerInstance, 'config' | 'configHash' | 'enabled' | 'disabledAt' | 'disabledReason' | 'disabledBy'>
>;

/** List filters (the compat `listActive` query's); each present array keeps rows matching one of its values. */
export interface TriggerInstanceFilter {
  ids?: string[];
  authConfigIds?: string[];
  connectionIds?: string[];
  /** Upper-case slugs: trigger slugs are upper case, so this makes the names case-insensitive. */
  triggerSlugs?: string[];
  entityIds?: string[];
  /** Include disabled instances (default: enabled ones only). */
  showDisabled?: boolean;
}

/** The console's list filters: one connection, one trigger slug, enabled or disabled ones (absent: all). */
export interface TriggerInstancePageFilter {
  connectionId?: string | undefined;
  triggerSlug?: string | undefined;
  enabled?: boolean | undefined;
}

function where(projectId: string, f: TriggerInstanceFilter): FilterQuery<ITriggerInstance> {
  const w: Record<string, unknown> = { projectId };
  if (f.ids) w.id = { $in: f.ids };
  if (f.authConfigIds) w.authConfigId = { $in: f.authConfigIds };
  if (f.connectionIds) w.connectionId = { $in: f.connectionIds };
  if (f.triggerSlugs) w.triggerSlug = { $in: f.triggerSlugs };
  if (f.entityIds) w.entityId = { $in: f.entityIds };
  if (!f.showDisabled) w.enabled = true;
  return w as FilterQuery<ITriggerInstance>;
}

export function createTriggerInstanceRepository(db: Db) {
  return {
    /** Inserts; null when the same (project, trigger, connection, config hash) exists (a concurrent upsert won). */
    async insert(row: NewTriggerInstance, em: EntityManager = db.em()): Promise<ITriggerInstance | null> {
      try {
        return await insertNew(em, TriggerInstance, row);
      } catch (err) {
        if (err instanceof UniqueConstraintViolationException) return null;
        throw err;
      }
    },

    findInProject(projectId: string, id: string, em: EntityManager = db.em()): Promise<ITriggerInstance | null> {
      return em.findOne(TriggerInstance, { id, projectId }, fresh);
    },

    /** The instance an upsert matches: same trigger, connection and canonical config. */
    findMatch(
      projectId: string,
      key: Pick<ITriggerInstance, 'triggerSlug' | 'connectionId' | 'configHash'>,
      em: EntityManager = db.em(),
    ): Promise<ITriggerInstance | null> {
      return em.findOne(TriggerInstance, { projectId, ...key }, fresh);
    },

    /** Oldest first, `offset` rows in (the compat lists page by offset and report totals). */
    async list(
      projectId: string,
      filter: TriggerInstanceFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: ITriggerInstance[]; total: number }> {
      const em = db.em();
      const w = where(projectId, filter);
      const [rows, total] = await Promise.all([
        em.find(TriggerInstance, w, { ...fresh, orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset }),
        em.count(TriggerInstance, w),
      ]);
      return { rows, total };
    },

    /** Newest first, strictly after `before` (the console's keyset pages on the (project, createdAt, id) index). */
    page(
      projectId: string,
      f: TriggerInstancePageFilter,
      limit: number,
      before?: { createdAt: Date; id: string },
    ): Promise<ITriggerInstance[]> {
      const w: Record<string, unknown> = { projectId };
      if (f.connectionId !== undefined) w.connectionId = f.connectionId;
      if (f.triggerSlug !== undefined) w.triggerSlug = f.triggerSlug;
      if (f.enabled !== undefined) w.enabled = f.enabled;
      if (before) w.$or = [{ createdAt: { $lt: before.createdAt } }, { createdAt: before.createdAt, id: { $lt: before.id } }];
      return db
        .em()
        .find(TriggerInstance, w as FilterQuery<ITriggerInstance>, { ...fresh, orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    },

    /** A connection's instances, enabled or disabled ones (the connection health hooks). */
    ofConnection(projectId: string, connectionId: string, enabled: boolean, em: EntityManager = db.em()): Promise<ITriggerInstance[]> {
      return em.find(TriggerInstance, { projectId, connectionId, enabled }, { ...fresh, orderBy: { createdAt: 'asc', id: 'asc' } });
    },

    /**
     * Changes one instance; `expectEnabled` makes it conditional on the current state (a hook's
     * disable or resume changes a row once even when two run). Returns rows changed.
     */
    update(
      projectId: string,
      id: string,
      changes: TriggerInstanceChanges,
      em: EntityManager = db.em(),
      expectEnabled?: boolean,
    ): Promise<number> {
      const w: Record<string, unknown> = { id, projectId };
      if (expectEnabled !== undefined) w.enabled = expectEnabled;
      return em.nativeUpdate(TriggerInstance, w as FilterQuery<ITriggerInstance>, { ...changes, updatedAt: new Date() });
    },

    delete(projectId: string, id: string, em: EntityManager = db.em()): Promise<number> {
      return em.nativeDelete(TriggerInstance, { id, projectId });
    },

    /** One instance by id in whatever project (the system's own callers: the poller giving up). */
    findAnyProject(id: string, em: EntityManager = db.em()): Promise<ITriggerInstance | null> {
      return em.findOne(TriggerInstance, { id }, fresh);
    },

    /** The enabled instances of these connections, in whatever project (provider webhooks name connections). */
    enabledOnConnections(connectionIds: readonly string[], em: EntityManager = db.em()): Promise<ITriggerInstance[]> {
      if (connectionIds.length === 0) return Promise.resolve([]);
      return em.find(TriggerInstance, { connectionId: { $in: [...connectionIds] }, enabled: true }, fresh);
    },

    /** Every instance, in every project (the poller's reconciliation at start-up). */
    all(em: EntityManager = db.em()): Promise<ITriggerInstance[]> {
      return em.find(TriggerInstance, {}, fresh);
    },
  };
}

export type TriggerInstanceRepository = ReturnType<typeof createTriggerInstanceRepository>;
