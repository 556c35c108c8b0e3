/**
 * Every query on `trigger_poll_states` (src/triggers/poller/). Each statement decides on its own,
 * so any number of instances may run them at once: the database picks who polls an instance.
 * Datetimes in the raw claim are bound as each dialect stores them (webhook-delivery-queue.ts):
 * epoch milliseconds on SQLite, `timestamptz` on PostgreSQL.
 */
import type { EntityData, EntityManager } from '@mikro-orm/core';
import { TriggerPollState, type ITriggerPollState } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export type NewTriggerPollState = Pick<
  ITriggerPollState,
  'instanceId' | 'projectId' | 'triggerSlug' | 'connectionId' | 'config' | 'enabled' | 'nextPollAt'
>;

export type TriggerPollStateChanges = EntityData<ITriggerPollState>;

export function createTriggerPollStateRepository(db: Db) {
  const pg = db.isPostgres;
  const at = (d: Date): Date | number => (pg ? d : d.getTime());

  /**
   * Due rows of enabled, scheduled instances whose lease is free or ran out, oldest due first;
   * PostgreSQL skips rows another instance is claiming this moment (FOR UPDATE SKIP LOCKED).
   */
  const claimSql = `update trigger_poll_states set lease_token = ?, lease_expires_at = ?
     where instance_id in (
       select instance_id from trigger_poll_states
        where enabled = ? and status = 'scheduled' and next_poll_at <= ? and (lease_expires_at is null or lease_expires_at <= ?)
        order by next_poll_at limit ?${pg ? ' for update skip locked' : ''})
     returning instance_id`;

  return {
    find(instanceId: string, em: EntityManager = db.em()): Promise<ITriggerPollState | null> {
      return em.findOne(TriggerPollState, { instanceId }, fresh);
    },

    /** The rows of these instances (the console's list shows each one's polling). */
    findMany(instanceIds: readonly string[], em: EntityManager = db.em()): Promise<ITriggerPollState[]> {
      if (instanceIds.length === 0) return Promise.resolve([]);
      return em.find(TriggerPollState, { instanceId: { $in: [...instanceIds] } }, fresh);
    },

    insert(row: NewTriggerPollState, em: EntityManager = db.em()): Promise<ITriggerPollState> {
      return insertNew(em, TriggerPollState, { ...row, markIds: [], leaseToken: null, leaseExpiresAt: null, markAt: null });
    },

    /** Changes a row whoever holds it (schedule: a new target, a disable); returns rows changed. */
    update(instanceId: string, changes: TriggerPollStateChanges, em: EntityManager = db.em()): Promise<number> {
      return em.nativeUpdate(TriggerPollState, { instanceId }, changes);
    },

    delete(instanceId: string, em: EntityManager = db.em()): Promise<number> {
      return em.nativeDelete(TriggerPollState, { instanceId });
    },

    /** Brings enabled, scheduled instances' next poll forward to `now` (a provider webhook said something changed); returns rows changed. */
    pollSoon(instanceIds: readonly string[], now: Date, em: EntityManager = db.em()): Promise<number> {
      if (instanceIds.length === 0) return Promise.resolve(0);
      return em.nativeUpdate(
        TriggerPollState,
        { instanceId: { $in: [...instanceIds] }, enabled: true, status: 'scheduled', nextPollAt: { $gt: now } },
        { nextPollAt: now },
      );
    },

    /** Every row's instance and whether it is enabled (the reconciliation at start-up). */
    async enabledFlags(em: EntityManager = db.em()): Promise<Map<string, boolean>> {
      const rows = await em.find(TriggerPollState, {}, { ...fresh, fields: ['instanceId', 'enabled'] });
      return new Map(rows.map((r) => [r.instanceId, r.enabled]));
    },

    /** Whether any row is due now: a read, so an idle check writes nothing (SQLite's one writer stays free). */
    async hasDue(now: Date): Promise<boolean> {
      const row = await db.em().findOne(
        TriggerPollState,
        {
          enabled: true,
          status: 'scheduled',
          nextPollAt: { $lte: now },
          $or: [{ leaseExpiresAt: null }, { leaseExpiresAt: { $lte: now } }],
        },
        { ...fresh, fields: ['instanceId'] },
      );
      return row !== null;
    },

    /**
     * Takes up to `limit` due rows for one poll each: one statement, so of any number of
     * instances asking at once each row goes to one. Returns the rows as claimed.
     */
    async claimDue(now: Date, leaseUntil: Date, token: string, limit: number): Promise<ITriggerPollState[]> {
      const em = db.em();
      const rows: { instance_id: string }[] = await em
        .getConnection()
        .execute(claimSql, [token, at(leaseUntil), pg ? true : 1, at(now), at(now), limit], 'all');
      if (rows.length === 0) return [];
      return em.find(TriggerPollState, { instanceId: { $in: rows.map((r) => r.instance_id) }, leaseToken: token }, fresh);
    },

    /** Extends the claim `token` holds on these rows (polls still running); returns rows extended. */
    renew(instanceIds: readonly string[], token: string, leaseUntil: Date, em: EntityManager = db.em()): Promise<number> {
      return em.nativeUpdate(
        TriggerPollState,
        { instanceId: { $in: [...instanceIds] }, leaseToken: token },
        { leaseExpiresAt: leaseUntil },
      );
    },

    /**
     * Ends a poll: the new mark, schedule and outcome, and the lease released. Only while the
     * claim `token` still holds the row and the instance is still enabled: a poll whose lease ran
     * out and was taken over, or whose instance was disabled meanwhile, changes nothing (0).
     */
    finish(instanceId: string, token: string, changes: TriggerPollStateChanges, em: EntityManager = db.em()): Promise<number> {
      return em.nativeUpdate(
        TriggerPollState,
        { instanceId, leaseToken: token, enabled: true },
        { ...changes, leaseToken: null, leaseExpiresAt: null },
      );
    },
  };
}

export type TriggerPollStateRepository = ReturnType<typeof createTriggerPollStateRepository>;
