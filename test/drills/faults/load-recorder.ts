/**
 * Load for fault drills: a few workers call a running broker over HTTP in a loop and record every
 * answer (status, body, when it started and how long it took), and a poller records `/readyz`.
 * A drill then reads the records by time window (before, during, after a fault).
 */

export interface Sample {
  label: string;
  startedAt: number;
  ms: number;
  status: number;
  body: string;
}

export interface LoadRecorder {
  samples: Sample[];
  readiness: Sample[];
  stop(): Promise<void>;
}

export type Call = (base: string) => { label: string; url: string; init?: RequestInit };

async function timed(label: string, url: string, init: RequestInit | undefined): Promise<Sample> {
  const startedAt = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    return { label, startedAt, ms: Date.now() - startedAt, status: res.status, body };
  } catch (err) {
    // A reset or a client-side timeout: status 0, so the drill reports it as a failure.
    return { label, startedAt, ms: Date.now() - startedAt, status: 0, body: String(err) };
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `workers` loops cycling through `calls`, and a readiness poll every `readyEveryMs`. */
export function startLoad(base: string, calls: Call[], options: { workers: number; readyEveryMs: number; gapMs: number }): LoadRecorder {
  const samples: Sample[] = [];
  const readiness: Sample[] = [];
  let running = true;
  const loops: Promise<void>[] = [];
  for (let w = 0; w < options.workers; w++) {
    loops.push(
      (async () => {
        for (let i = w; running; i++) {
          const call = calls[i % calls.length]!(base);
          samples.push(await timed(call.label, call.url, call.init));
          await pause(options.gapMs);
        }
      })(),
    );
  }
  loops.push(
    (async () => {
      while (running) {
        readiness.push(await timed('readyz', `${base}/readyz`, undefined));
        await pause(options.readyEveryMs);
      }
    })(),
  );
  return {
    samples,
    readiness,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export function within(list: Sample[], from: number, to: number): Sample[] {
  return list.filter((s) => s.startedAt >= from && s.startedAt < to);
}

/** Polls until `check` holds (or the limit passes); returns the time it took, or undefined. */
export async function waitFor(check: () => Promise<boolean>, limitMs: number, everyMs = 50): Promise<number | undefined> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if (await check().catch(() => false)) return Date.now() - start;
    await pause(everyMs);
  }
  return undefined;
}
