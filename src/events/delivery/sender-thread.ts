/**
 * The webhook sender (sender.ts) on a worker thread of its own (sender-worker.ts), so sending
 * (undici's requests, the sockets' writes, parsing the answers) runs on the machine's other core
 * and not on the thread that serves the API and runs the delivery worker's queue
 * (docs/internals/performance.md#webhook-delivery). The same interface as the sender: the worker
 * cannot tell them apart.
 *
 * Requests are posted in batches (what the worker starts within one turn of the event loop) and
 * answers come back the same way: one message per batch, not per attempt. The thread starts with
 * the first attempt and keeps the process alive only while attempts are in flight. If it dies,
 * the attempts it held end as network failures (retried by the schedule, with the same
 * `webhook-id`: the receiver may have had them) and the next attempt starts a new thread.
 */
import type { Worker } from 'node:worker_threads';
import { moduleWorkerUrl, startModuleWorker } from '../../db/worker-thread.js';
import type { AttemptResult, WebhookSender } from './sender.js';

export interface SenderThreadSetup {
  timeoutMs: number;
  /** Hosts allowed to resolve to private addresses (a set: it crosses to the thread). */
  allowPrivateHosts: ReadonlySet<string>;
}

/** One attempt, to the thread. */
export interface SendOrder {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** One attempt's result, from the thread. */
export interface SendAnswer {
  id: number;
  result: AttemptResult;
}

const WORKER_URL = moduleWorkerUrl('sender-worker', import.meta.url);

export function createThreadedWebhookSender(setup: SenderThreadSetup): WebhookSender {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (r: AttemptResult) => void; startedAt: number }>();
  let outbox: SendOrder[] = [];
  let flushQueued = false;

  /** Every attempt in flight ends as a failure without an answer: retried like a dropped connection. */
  const failAll = (reason: string) => {
    const now = performance.now();
    for (const w of waiting.values()) w.resolve({ durationMs: Math.round(now - w.startedAt), error: reason });
    waiting.clear();
  };

  /** True when `w` was the current thread: the next attempt starts a new one. */
  const forget = (w: Worker) => {
    if (worker !== w) return false;
    worker = undefined;
    return true;
  };

  function spawn(): Worker {
    const w = startModuleWorker(WORKER_URL, setup satisfies SenderThreadSetup);
    w.on('message', (answers: SendAnswer[]) => {
      for (const { id, result } of answers) {
        const w = waiting.get(id);
        waiting.delete(id);
        w?.resolve(result);
      }
      if (waiting.size === 0) w.unref();
    });
    w.on('error', (err: unknown) => {
      if (forget(w)) failAll(`the sending thread failed: ${err instanceof Error ? err.message : String(err)}`);
    });
    w.on('exit', (code) => {
      if (forget(w)) failAll(`the sending thread stopped (exit code ${code})`);
    });
    return w;
  }

  function flush(): void {
    flushQueued = false;
    if (outbox.length === 0) return;
    const batch = outbox;
    outbox = [];
    const w = (worker ??= spawn());
    w.ref();
    w.postMessage(batch);
  }

  return {
    send(url, headers, body) {
      const id = nextId++;
      return new Promise<AttemptResult>((resolve) => {
        waiting.set(id, { resolve, startedAt: performance.now() });
        outbox.push({ id, url, headers, body });
        if (!flushQueued) {
          flushQueued = true;
          setImmediate(flush);
        }
      });
    },
    async close() {
      outbox = [];
      const w = worker;
      if (!w || !forget(w)) return failAll('not sent: the broker is stopping');
      failAll('the broker stopped while the attempt was in flight');
      await w.terminate();
    },
  };
}
