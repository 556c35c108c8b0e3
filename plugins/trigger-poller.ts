/**
 * Runs the trigger poller's loop (src/triggers/poller/poller.ts) with the app and stops it before
 * the services close, so no poll is cut off by the database closing (one cut off anyway is polled
 * again after its lease). `TRIGGER_POLL_CONCURRENCY=0` (tests by default): no loop here.
 */
import fp from 'fastify-plugin';
import type { TriggerPoller } from '../src/triggers/poller/poller.js';

export default fp(
  async (app, opts: { poller: Pick<TriggerPoller, 'start' | 'stop'> }) => {
    app.addHook('onReady', async () => {
      opts.poller.start();
    });
    app.addHook('preClose', async () => {
      await opts.poller.stop();
    });
  },
  { name: 'trigger-poller', dependencies: ['services'] },
);
