/**
 * Trigger instances and the poller, joined: every committed change of an instance (created,
 * enabled, disabled, config, deleted) schedules or drops its poll state, and the poller giving an
 * instance up disables it with a `trigger.disabled` event. The change and the schedule are two
 * writes, so a crash between them could leave an instance that is never polled; `reconcile`,
 * run when the poller starts, puts every instance's poll state back in line with the instance.
 *
 * Provider webhooks (src/triggers/ingress/) feed triggers through the poller: an event whose
 * subscription a trigger declares (its file's `webhook` block) brings that trigger's instances on
 * the event's connections to their next poll at once. The poll reads the item as it always does,
 * so the event data and its id are the same whichever path saw the change first, and a change
 * seen by both is one event; a lost webhook is still found by the poll at its interval.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ITriggerInstance } from '../db/entities/index.js';
import type { TriggerInstanceRepository } from '../db/repositories/trigger-instance-repository.js';
import type { TriggerPollStateRepository } from '../db/repositories/trigger-poll-state-repository.js';
import type { Catalog, LoadedTrigger } from '../catalog/catalog.js';
import type { IngressEvent, ProviderWebhookIngress } from './ingress/ingress-service.js';
import type { TriggerPoller } from './poller/poller.js';
import type { createTriggerInstanceService } from './trigger-instance-service.js';

type Instances = Pick<ReturnType<typeof createTriggerInstanceService>, 'onChange' | 'pollsFailed'>;

/** Whether a trigger file's webhook block subscribes to this provider event. */
function subscribes(entry: Readonly<LoadedTrigger> | undefined, event: IngressEvent): boolean {
  return (
    entry?.trigger.webhook?.subscriptions.some(
      (s) => s.type === event.subscriptionType && (s.propertyName === undefined || s.propertyName === event.propertyName),
    ) ?? false
  );
}

const targetOf = (i: ITriggerInstance) => ({
  instanceId: i.id,
  projectId: i.projectId,
  triggerSlug: i.triggerSlug,
  connectionId: i.connectionId,
  config: i.config,
  enabled: i.enabled,
});

export function connectInstancesToPoller(deps: {
  instances: Instances;
  poller: Pick<TriggerPoller, 'schedule' | 'unschedule' | 'setOnGiveUp' | 'pollSoon'>;
  rows: Pick<TriggerInstanceRepository, 'all' | 'enabledOnConnections'>;
  ingress: Pick<ProviderWebhookIngress, 'onEvents'>;
  catalog: Pick<Catalog, 'getTriggerEntry'>;
  states: Pick<TriggerPollStateRepository, 'enabledFlags'>;
  log: FastifyBaseLogger;
}) {
  const { instances, poller, log } = deps;
  instances.onChange(({ kind, instance }) => {
    const done = kind === 'deleted' ? poller.unschedule(instance.id) : poller.schedule(targetOf(instance));
    done.catch((err: unknown) =>
      log.error({ err, instanceId: instance.id }, 'scheduling a trigger instance failed; the next start reconciles it'),
    );
  });
  poller.setOnGiveUp((instanceId, reason) => instances.pollsFailed(instanceId, reason));
  // Resolves once the polls are brought forward: the inbox marks the events processed only then.
  deps.ingress.onEvents(async (events) => {
    const due = new Set<string>();
    for (const instance of await deps.rows.enabledOnConnections([...new Set(events.flatMap((e) => e.connectionIds))])) {
      const entry = deps.catalog.getTriggerEntry(instance.triggerSlug);
      if (events.some((e) => e.connectionIds.includes(instance.connectionId) && subscribes(entry, e))) due.add(instance.id);
    }
    await poller.pollSoon([...due]);
  });

  return {
    /** Schedules what has no poll state or one out of step, drops states whose instance is gone; returns how many it fixed. */
    async reconcile(): Promise<number> {
      const [all, flags] = await Promise.all([deps.rows.all(), deps.states.enabledFlags()]);
      let fixed = 0;
      for (const instance of all) {
        if (flags.get(instance.id) === instance.enabled) continue;
        // A trigger type that is not polled has no state: schedule stores none and says so.
        if (!flags.has(instance.id) && !(await poller.schedule(targetOf(instance)))) continue;
        if (flags.has(instance.id)) await poller.schedule(targetOf(instance));
        fixed++;
      }
      const known = new Set(all.map((i) => i.id));
      for (const instanceId of flags.keys())
        if (!known.has(instanceId)) {
          await poller.unschedule(instanceId);
          fixed++;
        }
      return fixed;
    },
  };
}
