/**
 * Usage of an organization, aggregated in SQL (calls refused before the provider are recorded but
 * never counted: they are not executions an organization used): execution counts per project, day and kind over a
 * time range (read through the (project_id, created_at) index of tool_executions, one range per
 * project of the organization), active connections per project, and the organization's monthly
 * execution quota. Rows are never loaded to be counted.
 *
 * Datetimes are stored differently per dialect (MikroORM): epoch milliseconds in an integer column
 * on SQLite, `timestamptz` on PostgreSQL. Bounds are bound in the column's own form, and the day
 * bucket is computed per dialect as whole UTC days since the epoch.
 */
import { Project, type IProject } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';

/** Executions of one kind, for one project, on one UTC day (days since 1970-01-01). */
export interface ExecutionBucket {
  projectId: string;
  /** Whole UTC days since the epoch. */
  day: number;
  kind: 'tool' | 'proxy';
  count: number;
}

/** The organization behind a project and its quota (null = unlimited). */
export interface ProjectQuota {
  organizationId: string;
  monthlyExecutionQuota: number | null;
}

type Row = Record<string, unknown>;

export function createUsageRepository(db: Db) {
  /** A bound as the created_at column stores it. */
  const at = (d: Date): Date | number => (db.isPostgres ? d : d.getTime());
  const dayOf = db.isPostgres ? `floor(extract(epoch from te.created_at) / 86400)` : `(te.created_at / 86400000)`;
  const execute = (sql: string, params: unknown[]): Promise<Row[]> => db.em().getConnection().execute(sql, params);

  return {
    /** Execution counts of the organization's projects in [from, to), per project, UTC day and kind. */
    async executionBuckets(organizationId: string, from: Date, to: Date): Promise<ExecutionBucket[]> {
      const rows = await execute(
        `select te.project_id as project_id, ${dayOf} as day, te.kind as kind, count(*) as n
           from tool_executions te join projects p on p.id = te.project_id
          where p.organization_id = ? and te.created_at >= ? and te.created_at < ? and te.outcome <> 'refused'
          group by te.project_id, ${dayOf}, te.kind`,
        [organizationId, at(from), at(to)],
      );
      return rows.map((r) => ({
        projectId: String(r.project_id),
        day: Number(r.day),
        kind: r.kind === 'proxy' ? 'proxy' : 'tool',
        count: Number(r.n),
      }));
    },

    /** Tool executions plus proxy calls of the organization in [from, to). */
    async countExecutions(organizationId: string, from: Date, to: Date): Promise<number> {
      const [row] = await execute(
        `select count(*) as n
           from tool_executions te join projects p on p.id = te.project_id
          where p.organization_id = ? and te.created_at >= ? and te.created_at < ? and te.outcome <> 'refused'`,
        [organizationId, at(from), at(to)],
      );
      return Number(row?.n ?? 0);
    },

    /** Connections usable now (ACTIVE and not disabled), per project of the organization. */
    async activeConnections(organizationId: string): Promise<Map<string, number>> {
      const rows = await execute(
        `select c.project_id as project_id, count(*) as n
           from connections c join projects p on p.id = c.project_id
          where p.organization_id = ? and c.status = 'ACTIVE' and c.disabled = ?
          group by c.project_id`,
        // SQLite stores booleans as 0/1 and its driver binds no booleans.
        [organizationId, db.isPostgres ? false : 0],
      );
      return new Map(rows.map((r) => [String(r.project_id), Number(r.n)]));
    },

    /** The organization's projects, oldest first. */
    projectsOf(organizationId: string): Promise<IProject[]> {
      return db.em().find(Project, { organizationId }, { ...fresh, orderBy: { createdAt: 'asc', id: 'asc' } });
    },

    /** The organization a project belongs to and its quota; null for an unknown project. */
    async quotaOfProject(projectId: string): Promise<ProjectQuota | null> {
      const [row] = await execute(
        `select p.organization_id as organization_id, o.monthly_execution_quota as quota
           from projects p join organizations o on o.id = p.organization_id
          where p.id = ?`,
        [projectId],
      );
      if (!row) return null;
      return { organizationId: String(row.organization_id), monthlyExecutionQuota: row.quota === null ? null : Number(row.quota) };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
