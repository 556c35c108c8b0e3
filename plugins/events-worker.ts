/**
 * Runs the webhook delivery worker (src/events/delivery/worker.ts) with the app: it starts once
 * the app is ready and, on close, stops claiming and waits a few seconds for the attempts in
 * flight before the database closes (an attempt cut short is sent again after its lease: allowed,
 * but avoidable). `WEBHOOK_CONCURRENCY=0` (tests by default, the CLI always): no worker here.
 */
import fp from 'fastify-plugin';
import type { DeliveryWorker } from '../src/events/delivery/worker.js';

/** Within the server's shutdown grace (bin/server.ts), with room for the rest of the close. */
const DRAIN_MS = 5_000;

export default fp(
  async (app, opts: { worker: DeliveryWorker }) => {
    app.addHook('onReady', (done) => {
      opts.worker.start();
      done();
    });
    app.addHook('preClose', (done) => {
      opts.worker.stop(DRAIN_MS).then(() => done(), done);
    });
  },
  { name: 'events-worker' },
);
