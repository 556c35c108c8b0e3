/**
 * The connection lifecycle's events (issue 28), written in the transaction of the change they
 * report (the outbox). Each transition is told once: `data` is the connection as getConnection
 * returns it after the change (never a token), and the event names the connection as its subject
 * so "what were subscribers last told about it" is one indexed read: a refresh that keeps failing
 * is one `connection.refresh_failed`, and the success after it one `connection.recovered`.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { IConnection } from '../db/entities/index.js';
import type { ConnectionRepository } from '../db/repositories/connection-repository.js';
import type { EventRepository } from '../db/repositories/event-repository.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { EventType } from '../events/event-types.js';
import { connectionView } from './connection-view.js';

export type TransitionHook = (tx: EntityManager, conn: IConnection, type: EventType) => Promise<void>;

/** The events that say whether a connection's credentials work: the latest one is its state as subscribers know it. */
const HEALTH_EVENTS: EventType[] = ['connection.created', 'connection.expired', 'connection.refresh_failed', 'connection.recovered'];

export function createConnectionEvents(deps: {
  recorder: Pick<EventRecorder, 'recordEvent'>;
  events: Pick<EventRepository, 'latestForSubject'>;
  rows: Pick<ConnectionRepository, 'findInProject'>;
}) {
  const { recorder, events, rows } = deps;
  /** Told every recorded transition in its transaction (the trigger instances' health hooks, issue 29). */
  const hooks: TransitionHook[] = [];

  /** Records `type` for the connection as it now is in `tx` (read after the change). */
  async function record(tx: EntityManager, conn: Pick<IConnection, 'id' | 'projectId'>, type: EventType): Promise<void> {
    const current = await rows.findInProject(conn.projectId, conn.id, tx);
    if (!current) return;
    await recordView(tx, current, type);
  }

  async function recordView(tx: EntityManager, conn: IConnection, type: EventType): Promise<void> {
    await recorder.recordEvent(tx, { projectId: conn.projectId, type, subjectId: conn.id, data: connectionView(conn) });
    for (const hook of hooks) await hook(tx, conn, type);
  }

  const lastTold = async (tx: EntityManager, conn: Pick<IConnection, 'id' | 'projectId'>) =>
    (await events.latestForSubject(conn.projectId, conn.id, HEALTH_EVENTS, tx))?.type;

  return {
    record,

    /** Registers a hook run in the transaction of each transition, after its event (the composition root wires triggers here). */
    onTransition(hook: TransitionHook): void {
      hooks.push(hook);
    },

    /** Before a delete: the connection as it was (it is gone afterwards). */
    recordView,

    /**
     * The connection became ACTIVE. `before` is the row as it was (undefined: just inserted).
     * Never ACTIVE before: created; back from EXPIRED or FAILED after having worked: recovered.
     */
    async activated(tx: EntityManager, conn: Pick<IConnection, 'id' | 'projectId'>, before: IConnection | undefined): Promise<void> {
      if (before?.status === 'ACTIVE') return;
      await record(tx, conn, before && everActive(before) ? 'connection.recovered' : 'connection.created');
    },

    /** A transient refresh failure: told once until the connection works again (or expires). */
    async refreshFailed(tx: EntityManager, conn: IConnection): Promise<void> {
      if (conn.status !== 'ACTIVE') return;
      if ((await lastTold(tx, conn)) === 'connection.refresh_failed') return;
      await recordView(tx, conn, 'connection.refresh_failed');
    },

    /** A refresh worked: recovered when subscribers were last told it failed or expired. */
    async refreshed(tx: EntityManager, conn: Pick<IConnection, 'id' | 'projectId'>, before: IConnection | undefined): Promise<void> {
      const told = await lastTold(tx, conn);
      if (before?.status === 'EXPIRED' || told === 'connection.refresh_failed' || told === 'connection.expired') {
        await record(tx, conn, 'connection.recovered');
      }
    },
  };
}

/**
 * Whether a connection has worked before: an OAuth connection has granted scopes once a callback
 * succeeded (a re-authorization keeps them); a credential connection is PENDING only until its
 * first credentials, and FAILED only when the project's verifier refused those (a refused reconnect
 * leaves it as it was).
 */
function everActive(conn: IConnection): boolean {
  if (conn.status === 'PENDING') return false;
  if (conn.authMethodKind !== 'oauth2' && conn.status === 'FAILED') return false;
  return conn.authMethodKind === 'oauth2' ? conn.grantedScopes != null : true;
}

export type ConnectionEvents = ReturnType<typeof createConnectionEvents>;
