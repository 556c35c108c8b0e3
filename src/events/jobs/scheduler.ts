/**
 * Periodic tasks that run once across any number of instances. Each task has a row in
 * `scheduled_tasks`; every instance's loop is only a timer asking the database whether a task is
 * due, and the database decides who runs it: one conditional UPDATE takes a lease, the winner runs
 * the task and sets its next due time. A runner that crashes leaves its lease to expire, and then
 * another instance takes the task. On SQLite the same code runs in the one process.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { ScheduledTaskRepository } from '../../db/repositories/scheduled-task-repository.js';
import type { BrokerMetrics } from '../../metrics/broker-metrics.js';

export interface ScheduledTask {
  /** The row's key: stable across versions, since instances of different versions share it. */
  name: string;
  /** From the start of one run to the next due time. */
  intervalMs: number;
  /** Longest a run may hold the task; past it another instance may start it again. */
  leaseMs: number;
  /** `signal` aborts when the app stops: a long run ends early (at a safe point) and the next one goes on. */
  run(signal: AbortSignal): Promise<void>;
}

const MAX_ERROR_LENGTH = 1000;

export function createScheduler(deps: {
  tasks: ScheduledTaskRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  metrics: Pick<BrokerMetrics, 'recordTaskRun'>;
  pollMs: number;
}) {
  const { tasks: rows, clock, log } = deps;
  // Names this instance in lease rows (who holds a task, when an operator looks).
  const owner = `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const registered = new Map<string, ScheduledTask>();
  const ensured = new Map<string, Promise<void>>();
  const running = new Map<string, Promise<boolean>>();
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<unknown> = Promise.resolve();
  let started = false;
  let stopping = new AbortController();

  function ensure(task: ScheduledTask): Promise<void> {
    let first = ensured.get(task.name);
    if (!first) {
      first = rows.ensure(task.name, new Date(clock.now()));
      ensured.set(task.name, first);
      first.catch(() => ensured.delete(task.name));
    }
    return first;
  }

  async function runOne(task: ScheduledTask): Promise<boolean> {
    const startedAt = clock.now();
    if (!(await rows.claim(task.name, owner, new Date(startedAt), new Date(startedAt + task.leaseMs)))) return false;
    let lastError: string | null = null;
    try {
      await task.run(stopping.signal);
    } catch (err) {
      lastError = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);
      log.warn({ err, task: task.name }, 'scheduled task failed; it runs again at its next time');
    }
    deps.metrics.recordTaskRun(task.name, lastError === null ? 'ok' : 'error');
    const kept = await rows.complete(task.name, owner, {
      nextRunAt: new Date(startedAt + task.intervalMs),
      lastRunAt: new Date(startedAt),
      lastError,
    });
    if (!kept) log.warn({ task: task.name }, 'scheduled task outlived its lease; another instance took it over');
    return true;
  }

  /** Each due task this instance wins, run at once (one slow task never holds up another). */
  async function runDue(): Promise<string[]> {
    const tasks = [...registered.values()];
    let due: Set<string>;
    try {
      await Promise.all(tasks.map(ensure));
      due = new Set(
        await rows.dueAmong(
          tasks.map((task) => task.name),
          new Date(clock.now()),
        ),
      );
    } catch (err) {
      log.warn({ err }, 'could not read the scheduled tasks; trying again at the next poll');
      return [];
    }
    const ran = await Promise.all(
      tasks.map(async (task) => {
        if (!due.has(task.name)) return undefined;
        // This instance is still running it (its lease may have run out): never a second copy here.
        if (running.has(task.name)) return undefined;
        const p = runOne(task).finally(() => running.delete(task.name));
        running.set(task.name, p);
        try {
          return (await p) ? task.name : undefined;
        } catch (err) {
          log.warn({ err, task: task.name }, 'could not claim or complete a scheduled task');
          return undefined;
        }
      }),
    );
    return ran.filter((n): n is string => n !== undefined);
  }

  function schedule(): void {
    if (!started) return;
    timer = setTimeout(() => {
      tick = runDue().finally(schedule);
    }, deps.pollMs);
    timer.unref();
  }

  return {
    owner,
    /** Adds a task; a running loop picks it up at its next poll. */
    register(task: ScheduledTask): void {
      if (registered.has(task.name)) throw new Error(`scheduled task ${task.name} is registered twice`);
      registered.set(task.name, task);
    },
    /** One pass of the loop: runs what is due and this instance wins; returns the names it ran. */
    runDue,
    /** Starts the loop (plugins/scheduled-tasks.ts, when SCHEDULED_TASKS is on). */
    start(): void {
      if (started) return;
      started = true;
      stopping = new AbortController();
      tick = runDue().finally(schedule);
    },
    /** Stops the loop and waits for runs in flight, so none is cut off by the database closing. */
    async stop(): Promise<void> {
      started = false;
      stopping.abort();
      clearTimeout(timer);
      await tick.catch(() => undefined);
      await Promise.allSettled(running.values());
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
