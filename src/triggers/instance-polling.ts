/**
 * Trigger instances and the poller, joined: every committed change of an instance (created,
 * enabled, disabled, config, deleted) schedules or drops its poll state, and the poller giving an
 * instance up disables it with a `trigger.disabled` event. The change and the schedule are two
 * writes, so a crash between them could leave an instance that is never polled; `reconcile`,
 * run when the poller starts, puts every instance's poll state back in line with the instance.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ITriggerInstance } from '../db/entities/index.js';
import type { TriggerInstanceRepository } from '../db/repositories/trigger-instance-repository.js';
import type { TriggerPollStateRepository } from '../db/repositories/trigger-poll-state-repository.js';
import type { TriggerPoller } from './poller/poller.js';
import type { createTriggerInstanceService } from './trigger-instance-service.js';

type Instances = Pick<ReturnType<typeof createTriggerInstanceService>, 'onChange' | 'pollsFailed'>;

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
  poller: Pick<TriggerPoller, 'schedule' | 'unschedule' | 'setOnGiveUp'>;
  rows: Pick<TriggerInstanceRepository, 'all'>;
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
