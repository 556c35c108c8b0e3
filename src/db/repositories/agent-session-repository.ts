/** Every query on `agent_sessions`: lookups by token hash (authentication), by id and by project. */
import { AgentSession, type IAgentSession } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

/** How many sessions a project's list shows (newest first). */
const LIST_LIMIT = 200;

export function createAgentSessionRepository(db: Db) {
  return {
    insert(row: Omit<IAgentSession, 'createdAt'>): Promise<IAgentSession> {
      return insertNew(db.em(), AgentSession, row);
    },

    /** Not revoked; expiry is judged by the caller against its clock. */
    findActiveByHash(hash: string): Promise<IAgentSession | null> {
      return db.em().findOne(AgentSession, { hash, revokedAt: null }, fresh);
    },

    findInProject(projectId: string, id: string): Promise<IAgentSession | null> {
      return db.em().findOne(AgentSession, { id, projectId }, fresh);
    },

    listForProject(projectId: string): Promise<IAgentSession[]> {
      return db.em().find(AgentSession, { projectId }, { ...fresh, orderBy: { createdAt: 'desc' }, limit: LIST_LIMIT });
    },

    /** Sets revokedAt once; returns whether this call revoked it. */
    async revoke(id: string, at: Date): Promise<boolean> {
      return (await db.em().nativeUpdate(AgentSession, { id, revokedAt: null }, { revokedAt: at })) === 1;
    },
  };
}
