/** Every query on `auth_configs`, always scoped by project. */
import { raw, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { AuthConfig, type IAuthConfig } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export type NewAuthConfig = Omit<IAuthConfig, 'createdAt' | 'updatedAt'>;

export interface AuthConfigFilters {
  toolkit?: string;
  isManaged?: boolean;
  includeDisabled?: boolean;
  /** Case-insensitive substring of the name or id, or the toolkit slug. */
  search?: string;
  limit: number;
  offset: number;
}

export function createAuthConfigRepository(db: Db) {
  return {
    findInProject(projectId: string, id: string, em: EntityManager = db.em()): Promise<IAuthConfig | null> {
      return em.findOne(AuthConfig, { id, projectId }, fresh);
    },

    /** Several by id (unknown ids are simply absent). */
    findManyInProject(projectId: string, ids: string[]): Promise<IAuthConfig[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.em().find(AuthConfig, { id: { $in: ids }, projectId }, fresh);
    },

    /** The enabled configs a project has for one toolkit, oldest first. */
    enabledForToolkit(projectId: string, toolkitSlug: string): Promise<IAuthConfig[]> {
      return db.em().find(AuthConfig, { projectId, toolkitSlug, disabled: false }, { ...fresh, orderBy: { createdAt: 'asc' } });
    },

    async list(projectId: string, f: AuthConfigFilters): Promise<{ rows: IAuthConfig[]; total: number }> {
      // Made once per query: a raw fragment is used up by the query it is in, and the rows and
      // the count are two (findAndCount would share them, inside an AsyncLocalStorage: fork-per-call.ts).
      const where = (): FilterQuery<IAuthConfig> => {
        const w: Record<string, unknown> = { projectId };
        if (f.toolkit) w.toolkitSlug = f.toolkit;
        if (f.isManaged !== undefined) w.isManaged = f.isManaged;
        if (f.includeDisabled === false) w.disabled = false;
        const search = f.search?.trim().toLowerCase();
        if (search) {
          // A literal substring (no LIKE wildcards to escape): strpos on PostgreSQL, instr on SQLite.
          // MikroORM inlines a raw fragment's parameters as quoted text before the query's own
          // placeholders are bound, so a `?` in the search was taken for one (a 500, or the wrong
          // rows): the term goes in hex, which no character of it can turn into SQL syntax.
          const hex = Buffer.from(search, 'utf8').toString('hex');
          const term = db.isPostgres ? `convert_from(decode('${hex}', 'hex'), 'UTF8')` : `cast(x'${hex}' as text)`;
          const position = db.isPostgres ? 'strpos' : 'instr';
          w.$or = ['name', 'id', 'toolkit_slug'].map((column) => ({ [raw(`${position}(lower(${column}), ${term})`)]: { $gt: 0 } }));
        }
        return w as FilterQuery<IAuthConfig>;
      };
      const em = db.em();
      const [rows, total] = await Promise.all([
        em.find(AuthConfig, where(), { ...fresh, limit: f.limit, offset: f.offset, orderBy: { createdAt: 'desc', id: 'desc' } }),
        em.count(AuthConfig, where()),
      ]);
      return { rows, total };
    },

    /** The toolkits a project has at least one auth config for. */
    async toolkitSlugs(projectId: string): Promise<string[]> {
      const rows: { toolkit_slug: string }[] = await db
        .em()
        .getConnection()
        .execute('select distinct toolkit_slug from auth_configs where project_id = ?', [projectId]);
      return rows.map((r) => r.toolkit_slug);
    },

    insert(row: NewAuthConfig, em: EntityManager): Promise<IAuthConfig> {
      return insertNew(em, AuthConfig, row);
    },

    update(projectId: string, id: string, changes: Partial<NewAuthConfig>, em: EntityManager): Promise<number> {
      return em.nativeUpdate(AuthConfig, { id, projectId }, { ...changes, updatedAt: new Date() });
    },

    delete(projectId: string, id: string, em: EntityManager): Promise<number> {
      return em.nativeDelete(AuthConfig, { id, projectId });
    },
  };
}

export type AuthConfigRepository = ReturnType<typeof createAuthConfigRepository>;
