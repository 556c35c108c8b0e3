/**
 * Every query on `connections`. Scoped by project except the OAuth callback's lookup by id (its
 * signed state is the authority) and the sweep of abandoned attempts.
 */
import { raw, type EntityManager, type FilterQuery } from '@mikro-orm/core';
// Both SQL drivers' entity managers share this query builder (the type is the PostgreSQL one's).
import type { QBFilterQuery, EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { Connection, type ConnectionStatus, type IConnection } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

/**
 * Health columns start empty (no refresh yet), the provider account id is learned at the token
 * exchange, and the browser binding is set when a hosted link starts the attempt, so a new
 * connection need not name them.
 */
type HealthColumns =
  'lastRefreshFailedAt' | 'lastRefreshError' | 'refreshFailures' | 'nextRefreshAt' | 'providerAccountId' | 'stateBrowserHash';
export type NewConnection = Omit<IConnection, 'createdAt' | 'updatedAt' | HealthColumns> & Partial<Pick<IConnection, HealthColumns>>;

/** From this offset on, a list page skips rows by id alone before loading any (see `list`). */
const DEFERRED_JOIN_FROM = 1_000;

/** Filters of both planes' list operations; each list is "any of" (the native API passes one). */
export interface ConnectionFilters {
  ids?: string[];
  entityIds?: string[];
  authConfigIds?: string[];
  toolkitSlugs?: string[];
  /** Each entry: a set of statuses among enabled connections, or disabled ones whatever their status. */
  states?: ({ statuses: ConnectionStatus[] } | { disabled: true })[];
  orderBy?: 'createdAt' | 'updatedAt';
  direction?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export function createConnectionRepository(db: Db) {
  function where(projectId: string, f: ConnectionFilters): FilterQuery<IConnection> {
    const w: Record<string, unknown> = { projectId };
    if (f.ids) w.id = { $in: f.ids };
    if (f.entityIds) w.entityId = { $in: f.entityIds };
    if (f.authConfigIds) w.authConfigId = { $in: f.authConfigIds };
    if (f.toolkitSlugs) w.toolkitSlug = { $in: f.toolkitSlugs };
    if (f.states) w.$or = f.states.map((s) => ('disabled' in s ? { disabled: true } : { status: { $in: s.statuses }, disabled: false }));
    return w as FilterQuery<IConnection>;
  }

  return {
    findInProject(projectId: string, id: string, em: EntityManager = db.em()): Promise<IConnection | null> {
      return em.findOne(Connection, { id, projectId }, fresh);
    },

    /** The OAuth callback: the signed state names the connection, whatever its project. */
    findById(id: string): Promise<IConnection | null> {
      return db.em().findOne(Connection, { id }, fresh);
    },

    /** The entity's most recently updated usable connection of a toolkit. */
    findActiveForEntity(projectId: string, entityId: string, toolkitSlug: string): Promise<IConnection | null> {
      return db
        .em()
        .findOne(
          Connection,
          { projectId, entityId, toolkitSlug, status: 'ACTIVE', disabled: false },
          { ...fresh, orderBy: { updatedAt: 'desc', id: 'desc' } },
        );
    },

    async list(projectId: string, f: ConnectionFilters): Promise<{ rows: IConnection[]; total: number }> {
      if (f.states && f.states.length === 0) return { rows: [], total: 0 };
      const field = f.orderBy ?? 'createdAt';
      const dir = f.direction ?? 'desc';
      const em = db.em();
      const filter = where(projectId, f);
      const orderBy = { [field]: dir, id: dir };
      if (f.offset < DEFERRED_JOIN_FROM) {
        const [rows, total] = await Promise.all([
          em.find(Connection, filter, { ...fresh, limit: f.limit, offset: f.offset, orderBy }),
          em.count(Connection, filter),
        ]);
        return { rows, total };
      }
      // Deep page: skip rows in the (project, sort key, id) index reading ids only (an index-only
      // scan), then load the page's rows by primary key. The offset API contract stays.
      const [ids, total] = await Promise.all([
        (em as SqlEntityManager)
          .createQueryBuilder(Connection)
          .select('id')
          .where(filter as QBFilterQuery<IConnection>)
          .orderBy(orderBy)
          .limit(f.limit, f.offset)
          .execute<{ id: string }[]>('all', false),
        em.count(Connection, filter),
      ]);
      const byId = new Map(
        (ids.length ? await em.find(Connection, { id: { $in: ids.map((r) => r.id) } }, fresh) : []).map((r) => [r.id, r]),
      );
      return { rows: ids.flatMap((r) => byId.get(r.id) ?? []), total };
    },

    /** Ids of an auth config's connections (deleting the config deletes them). */
    async idsForAuthConfig(projectId: string, authConfigId: string, em: EntityManager = db.em()): Promise<string[]> {
      const rows = await em.find(Connection, { projectId, authConfigId }, { fields: ['id'], ...fresh });
      return rows.map((r) => r.id);
    },

    /** Connections per auth config, for the auth config views. */
    async countByAuthConfig(ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows: { auth_config_id: string; n: number | string }[] = await db
        .em()
        .getConnection()
        .execute(
          `select auth_config_id, count(*) as n from connections where auth_config_id in (${ids.map(() => '?').join(',')}) group by auth_config_id`,
          ids,
        );
      return new Map(rows.map((r) => [r.auth_config_id, Number(r.n)]));
    },

    async insert(row: NewConnection, em: EntityManager = db.em()): Promise<void> {
      await insertNew(em, Connection, row);
    },

    /** Changes columns of one connection; `guard` adds conditions (e.g. the status it must still have). Returns rows changed. */
    update(
      id: string,
      changes: Partial<NewConnection>,
      guard: FilterQuery<IConnection> = {},
      em: EntityManager = db.em(),
    ): Promise<number> {
      return em.nativeUpdate(Connection, { ...(guard as object), id } as FilterQuery<IConnection>, { ...changes, updatedAt: new Date() });
    },

    /**
     * Marks INITIATED connections whose OAuth state lifetime ended before `now` FAILED, in one
     * UPDATE (safe to run from several instances at once). `scope` narrows it to a project's rows
     * being read; without it, it is the periodic sweep. Returns the rows changed.
     */
    failExpiredInitiated(now: Date, reason: string, scope?: { projectId: string; ids: string[] }): Promise<number> {
      return db
        .em()
        .nativeUpdate(
          Connection,
          { status: 'INITIATED', stateExpiresAt: { $lt: now }, ...(scope ? { projectId: scope.projectId, id: { $in: scope.ids } } : {}) },
          { status: 'FAILED', statusReason: reason, stateNonce: null, updatedAt: new Date() },
        );
    },

    /**
     * The health refresher's batch: ACTIVE OAuth connections whose access token expires before
     * `expiringBefore`, or whose tokens were last obtained before `idleBefore`; none held back by a
     * retry time still ahead (`next_refresh_at`). Soonest expiry first.
     */
    dueForRefresh(now: Date, due: { expiringBefore: Date; idleBefore: Date }, limit: number): Promise<IConnection[]> {
      return db.em().find(
        Connection,
        {
          status: 'ACTIVE',
          authMethodKind: 'oauth2',
          $and: [
            { $or: [{ nextRefreshAt: null }, { nextRefreshAt: { $lte: now } }] },
            {
              $or: [
                { tokenExpiresAt: { $lte: due.expiringBefore } },
                { lastRefreshedAt: { $lte: due.idleBefore } },
                { lastRefreshedAt: null, createdAt: { $lte: due.idleBefore } },
              ],
            },
          ],
        },
        { ...fresh, orderBy: { tokenExpiresAt: 'asc', id: 'asc' }, limit },
      );
    },

    /** A failed refresh: when and why, one more failure in a row; returns how many in a row now. */
    async recordRefreshFailure(id: string, at: Date, error: string, em: EntityManager = db.em()): Promise<number> {
      await (em as SqlEntityManager)
        .createQueryBuilder(Connection)
        .update({ refreshFailures: raw('refresh_failures + 1'), lastRefreshFailedAt: at, lastRefreshError: error })
        .where({ id })
        .execute();
      const row = await em.findOne(Connection, { id }, { ...fresh, fields: ['refreshFailures'] });
      return row?.refreshFailures ?? 1;
    },

    /** Takes the single-use OAuth state: of two concurrent callbacks exactly one gets true. */
    async claimState(id: string, nonce: string): Promise<boolean> {
      return (await db.em().nativeUpdate(Connection, { id, status: 'INITIATED', stateNonce: nonce }, { stateNonce: null })) === 1;
    },

    delete(projectId: string, id: string, em: EntityManager = db.em()): Promise<number> {
      return em.nativeDelete(Connection, { id, projectId });
    },

    deleteForAuthConfig(projectId: string, authConfigId: string, em: EntityManager): Promise<number> {
      return em.nativeDelete(Connection, { authConfigId, projectId });
    },
  };
}

export type ConnectionRepository = ReturnType<typeof createConnectionRepository>;
