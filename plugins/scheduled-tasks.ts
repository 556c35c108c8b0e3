/**
 * Starts the periodic-task loop (src/events/jobs/scheduler.ts) with the app and stops it before
 * the services close, so no run is cut off mid-way. Off when SCHEDULED_TASKS is false (the
 * default in tests, which run tasks themselves or turn it on).
 */
import fp from 'fastify-plugin';
import type { Scheduler } from '../src/events/jobs/scheduler.js';

export default fp(
  async (app, opts: { enabled: boolean; scheduler: Pick<Scheduler, 'start' | 'stop'> }) => {
    if (!opts.enabled) return;
    app.addHook('onReady', async () => {
      opts.scheduler.start();
    });
    // preClose: before the services plugin's onClose closes the database under a running task.
    app.addHook('preClose', async () => {
      await opts.scheduler.stop();
    });
  },
  { name: 'scheduled-tasks', dependencies: ['services'] },
);
