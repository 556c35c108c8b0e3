/**
 * The event log (issue 28): appended in the transaction of the change it reports, read newest
 * first per project, deleted by age (retention). Never updated.
 */
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { Event, type IEvent } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export type NewEvent = Omit<IEvent, 'createdAt' | 'subjectId'> & { createdAt: Date; subjectId?: string | null };

/** A keyset position: the (createdAt, id) of the last row of the previous page. */
export interface Position {
  createdAt: Date;
  id: string;
}

export interface EventFilters {
  types?: string[];
  /** Only events created at or after this time. */
  after?: Date;
  /** Only events created before this time. */
  before?: Date;
  limit: number;
  /** Newest first: the page after this position. */
  cursor?: Position;
}

/** Rows older than the position, newest first (shared by every keyset list here). */
export function olderThan(position: Position | undefined, field = 'createdAt'): Record<string, unknown> {
  if (!position) return {};
  return { $or: [{ [field]: { $lt: position.createdAt } }, { [field]: position.createdAt, id: { $lt: position.id } }] };
}

export function createEventRepository(db: Db) {
  return {
    async insert(row: NewEvent, em: EntityManager = db.em()): Promise<IEvent> {
      return insertNew(em, Event, row);
    },

    findInProject(projectId: string, id: string, em: EntityManager = db.em()): Promise<IEvent | null> {
      return em.findOne(Event, { id, projectId }, fresh);
    },

    /** The subject's latest event among `types` (what subscribers were last told about it). */
    latestForSubject(projectId: string, subjectId: string, types: string[], em: EntityManager = db.em()): Promise<IEvent | null> {
      return em.findOne(Event, { subjectId, projectId, type: { $in: types } }, { ...fresh, orderBy: { createdAt: 'desc', id: 'desc' } });
    },

    /** Per subject, when its latest event of `type` was recorded (the console's "last event" of trigger instances). */
    async latestAtBySubjects(projectId: string, subjectIds: readonly string[], type: string): Promise<Map<string, Date>> {
      if (subjectIds.length === 0) return new Map();
      const rows: { subject_id: string; at: Date | number | string }[] = await db
        .em()
        .getConnection()
        .execute(
          `select subject_id, max(created_at) as at from events
            where project_id = ? and type = ? and subject_id in (${subjectIds.map(() => '?').join(',')}) group by subject_id`,
          [projectId, type, ...subjectIds],
        );
      // SQLite stores epoch milliseconds (a number, or its digits as text); PostgreSQL a timestamptz.
      const asDate = (v: Date | number | string) => (v instanceof Date ? v : new Date(/^\d+$/.test(String(v)) ? Number(v) : v));
      return new Map(rows.map((r) => [r.subject_id, asDate(r.at)]));
    },

    /** The delivery worker: the event a delivery row points at. */
    findById(id: string, em: EntityManager = db.em()): Promise<IEvent | null> {
      return em.findOne(Event, { id }, fresh);
    },

    findByIds(ids: string[], em: EntityManager = db.em()): Promise<IEvent[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return em.find(Event, { id: { $in: ids } }, fresh);
    },

    /** Newest first. */
    list(projectId: string, f: EventFilters): Promise<IEvent[]> {
      const createdAt: Record<string, Date> = {};
      if (f.after) createdAt.$gte = f.after;
      if (f.before) createdAt.$lt = f.before;
      const where = {
        projectId,
        ...(f.types ? { type: { $in: f.types } } : {}),
        ...(f.after || f.before ? { createdAt } : {}),
        ...olderThan(f.cursor),
      } as FilterQuery<IEvent>;
      return db.em().find(Event, where, { ...fresh, orderBy: { createdAt: 'desc', id: 'desc' }, limit: f.limit });
    },

    /** Retention: up to `limit` ids of events created before `cutoff`, oldest first. */
    async idsCreatedBefore(cutoff: Date, limit: number): Promise<string[]> {
      const rows = await db
        .em()
        .find(Event, { createdAt: { $lt: cutoff } }, { ...fresh, fields: ['id'], orderBy: { createdAt: 'asc' }, limit });
      return rows.map((r) => r.id);
    },

    deleteByIds(ids: string[], em: EntityManager = db.em()): Promise<number> {
      if (ids.length === 0) return Promise.resolve(0);
      return em.nativeDelete(Event, { id: { $in: ids } });
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
