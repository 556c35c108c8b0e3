/**
 * GET /connected_accounts for the compat mount. The native list filters one value per field in a
 * fixed order; v3.1 callers filter by several users, auth configs, toolkits, statuses and ids at
 * once, choose the order, and rely on the filters being exact (core refuses to create a second
 * account when `user_ids=u&auth_config_ids=ac&statuses=ACTIVE` returns anything). So this is a
 * read-only query of its own, always scoped to the caller's project, over the same rows.
 */
import type { MikroORM } from '@mikro-orm/core';
import { AuthConfig, Connection, type IAuthConfig, type IConnection } from '../db/entities/index.js';
import { nativeFilterFor, type CompatStatus } from '../../plugins/compat/mapping.js';

export interface ConnectedAccountFilters {
  userIds?: string[];
  authConfigIds?: string[];
  toolkitSlugs?: string[];
  statuses?: CompatStatus[];
  ids?: string[];
  orderBy: 'created_at' | 'updated_at';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface ConnectedAccountRows {
  rows: IConnection[];
  total: number;
  authConfigs: Map<string, IAuthConfig>;
}

export function createConnectedAccountQuery(deps: { orm: MikroORM }) {
  const { orm } = deps;

  /** The rows a set of compat statuses selects (INACTIVE = disabled; others = that status, enabled). */
  function statusCondition(statuses: CompatStatus[]): Record<string, unknown>[] {
    const ors: Record<string, unknown>[] = [];
    for (const s of statuses) {
      const f = nativeFilterFor(s);
      if (!f) continue;
      ors.push(f.disabled ? { disabled: true } : { status: { $in: f.statuses }, disabled: false });
    }
    return ors;
  }

  return {
    async list(projectId: string, q: ConnectedAccountFilters): Promise<ConnectedAccountRows> {
      const where: Record<string, unknown> = { projectId };
      if (q.userIds) where.entityId = { $in: q.userIds };
      if (q.authConfigIds) where.authConfigId = { $in: q.authConfigIds };
      if (q.toolkitSlugs) where.toolkitSlug = { $in: q.toolkitSlugs };
      if (q.ids) where.id = { $in: q.ids };
      if (q.statuses) {
        const ors = statusCondition(q.statuses);
        // Only statuses no connection can have (INITIALIZING): an exact filter matches nothing.
        if (ors.length === 0) return { rows: [], total: 0, authConfigs: new Map() };
        where.$or = ors;
      }
      const em = orm.em.fork();
      const field = q.orderBy === 'updated_at' ? 'updatedAt' : 'createdAt';
      const [rows, total] = await em.findAndCount(Connection, where, {
        limit: q.limit,
        offset: q.offset,
        orderBy: { [field]: q.direction, id: q.direction },
      });
      const ids = [...new Set(rows.map((r) => r.authConfigId))];
      const configs = ids.length > 0 ? await em.find(AuthConfig, { id: { $in: ids }, projectId }) : [];
      return { rows, total, authConfigs: new Map(configs.map((c) => [c.id, c])) };
    },
  };
}

export type ConnectedAccountQuery = ReturnType<typeof createConnectedAccountQuery>;
