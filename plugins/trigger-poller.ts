/**
 * Runs the trigger poller's loop (src/triggers/poller/poller.ts) with the app and stops it before
 * the services close, so no poll is cut off by the database closing (one cut off anyway is polled
 * again after its lease). Before the loop starts, the instances' poll states are reconciled.
 * `TRIGGER_POLL_CONCURRENCY=0` (tests by default): no loop here.
 */
import fp from 'fastify-plugin';
import type { TriggerPoller } from '../src/triggers/poller/poller.js';

export default fp(
  async (app, opts: { poller: Pick<TriggerPoller, 'start' | 'stop'>; reconcile: () => Promise<number> }) => {
    app.addHook('onReady', async () => {
      // Instances whose poll state a crash left out of step (src/triggers/instance-polling.ts).
      const fixed = await opts.reconcile();
      if (fixed > 0) app.log.info({ fixed }, 'trigger poll states reconciled with their instances');
      opts.poller.start();
    });
    app.addHook('preClose', async () => {
      await opts.poller.stop();
    });
  },
  { name: 'trigger-poller', dependencies: ['services'] },
);
