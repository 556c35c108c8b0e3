/**
 * Starts a worker thread on a module beside its caller: compiled (.js) in dist/, TypeScript when
 * the sources run through tsx (tests, the demo). tsx's loader does not reach worker threads on
 * Node 20, so there the thread registers it before it loads the module. Used by the SQLite insert
 * thread (sqlite-insert-thread.ts) and the webhook sending thread (src/events/delivery/sender-thread.ts);
 * here, in the bottom layer, so both may use it.
 */
import { Worker } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `name`: the module's file name without extension, beside `callerUrl` (the caller's import.meta.url). */
export function moduleWorkerUrl(name: string, callerUrl: string): URL {
  return new URL(`./${name}${extname(fileURLToPath(callerUrl))}`, callerUrl);
}

export function startModuleWorker(moduleUrl: URL, workerData: unknown): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl, { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl.href)}); });`;
  return new Worker(code, { eval: true, workerData });
}
