/**
 * What an instance has been doing, for the console (issue 29): its polling from the poller's state
 * (`trigger_poll_states`: state, last poll, next poll, last error, failures in a row) and when its
 * last `trigger.event` was recorded. The poll state only knows events its polls wrote, so the event
 * log (events whose subject is the instance) is read too and the later of the two stands. Reads
 * only: the poller's behaviour is untouched. One query per source for a whole page of instances.
 */
import type { ITriggerPollState } from '../db/entities/index.js';
import type { EventRepository } from '../db/repositories/event-repository.js';
import type { TriggerPollStateRepository } from '../db/repositories/trigger-poll-state-repository.js';

export interface TriggerActivity {
  /** `scheduled`, `disabled`, `failed` (the poller gave up); null when the instance is not polled. */
  pollState: 'scheduled' | 'disabled' | 'failed' | null;
  lastPolledAt: Date | null;
  nextPollAt: Date | null;
  lastEventAt: Date | null;
  lastError: string | null;
  failures: number;
}

/**
 * The instance's own flag decides `disabled`: the poll state follows it after the change commits
 * (a listener), so right after an enable or disable the row may still say otherwise.
 */
function pollStateOf(enabled: boolean, row: ITriggerPollState | undefined): TriggerActivity['pollState'] {
  if (!row) return null;
  if (!enabled) return 'disabled';
  return row.status === 'failed' ? 'failed' : 'scheduled';
}

const later = (a: Date | null, b: Date | undefined): Date | null => (b && (!a || b > a) ? b : a);

export function createTriggerActivity(deps: {
  states: Pick<TriggerPollStateRepository, 'findMany'>;
  events: Pick<EventRepository, 'latestAtBySubjects'>;
}) {
  return {
    /** Each instance's activity, by instance id (every instance given has an entry). */
    async of(projectId: string, instances: readonly { id: string; enabled: boolean }[]): Promise<Map<string, TriggerActivity>> {
      const instanceIds = instances.map((i) => i.id);
      const [states, eventTimes] = await Promise.all([
        deps.states.findMany(instanceIds),
        deps.events.latestAtBySubjects(projectId, instanceIds, 'trigger.event'),
      ]);
      const byId = new Map(states.filter((s) => s.projectId === projectId).map((s) => [s.instanceId, s]));
      return new Map(
        instances.map(({ id, enabled }) => {
          const row = byId.get(id);
          const state = pollStateOf(enabled, row);
          return [
            id,
            {
              pollState: state,
              lastPolledAt: row?.lastPolledAt ?? null,
              nextPollAt: state === 'scheduled' && row?.enabled ? row.nextPollAt : null,
              lastEventAt: later(row?.lastEventAt ?? null, eventTimes.get(id)),
              lastError: row?.lastError ?? null,
              failures: row?.failures ?? 0,
            },
          ];
        }),
      );
    },
  };
}

export type TriggerActivityReader = ReturnType<typeof createTriggerActivity>;
