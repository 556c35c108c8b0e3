/**
 * The sending thread's code (sender-thread.ts starts it): one webhook sender (sender.ts: the
 * address guard, one deadline per attempt, the answer's excerpt) for every batch of attempts it is
 * sent; results go back in batches, those that ended within one turn of the event loop together.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createWebhookSender } from './sender.js';
import type { SendAnswer, SendOrder, SenderThreadSetup } from './sender-thread.js';

const port = parentPort!;
const sender = createWebhookSender(workerData as SenderThreadSetup);
let answers: SendAnswer[] = [];
let flushQueued = false;

function answer(id: number, result: SendAnswer['result']): void {
  answers.push({ id, result });
  if (flushQueued) return;
  flushQueued = true;
  setImmediate(() => {
    flushQueued = false;
    const batch = answers;
    answers = [];
    port.postMessage(batch);
  });
}

port.on('message', (orders: SendOrder[]) => {
  for (const { id, url, headers, body } of orders) {
    const started = performance.now();
    sender.send(url, headers, body).then(
      (result) => answer(id, result),
      // The sender reports failures rather than throwing; this is only its last resort.
      (err: unknown) =>
        answer(id, {
          durationMs: Math.round(performance.now() - started),
          error: `not sent: ${err instanceof Error ? err.message : String(err)}`,
        }),
    );
  }
});
