/**
 * The opt-in activity generator both sandboxes share: a seeded random source and a timer that makes
 * one change at a time, as a real account changes while nobody calls the API. Off until started;
 * `step()` makes changes at once (tests drive it without waiting).
 */
import type { ActivityChange, ActivitySettings } from '../types.js';
import { seededRandom } from './random.js';

/** One change made with `random`; `at` (ms) when given, else now. */
export type ActivityAct = (random: () => number, at: number | undefined) => ActivityChange;

export class ActivityGenerator {
  private random: () => number;
  private act: ActivityAct;
  private timer: NodeJS.Timeout | null = null;
  private settings: Required<ActivitySettings> | null = null;

  /** `makeAct` is called again on reset (its counters start over with the provider's state). */
  constructor(
    private readonly makeAct: () => ActivityAct,
    private readonly defaultSeed = 1,
  ) {
    this.random = seededRandom(defaultSeed);
    this.act = makeAct();
  }

  /** Makes `perMinute` changes a minute from now on (0 stops). A given seed restarts the sequence. */
  start(settings: ActivitySettings): Required<ActivitySettings> {
    const perMinute = Number(settings.perMinute);
    if (!Number.isFinite(perMinute) || perMinute < 0) throw new RangeError('startActivity: perMinute must be a number >= 0');
    this.stop();
    if (settings.seed !== undefined) this.random = seededRandom(Number(settings.seed));
    this.settings = { perMinute, seed: settings.seed ?? this.defaultSeed };
    if (perMinute > 0) {
      this.timer = setInterval(() => {
        try {
          this.act(this.random, undefined);
        } catch {
          // A change that cannot be made (a conflict) is skipped: the next tick tries another.
        }
      }, 60_000 / perMinute);
      // The generator never keeps a process alive on its own.
      this.timer.unref();
    }
    return { ...this.settings };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.settings = null;
  }

  /** Makes `count` changes now, all at `at` when given (several changes sharing one millisecond). */
  step(count = 1, at?: number): ActivityChange[] {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 0) throw new RangeError('stepActivity: count must be an integer >= 0');
    const out: ActivityChange[] = [];
    for (let i = 0; i < n; i += 1) out.push(this.act(this.random, at === undefined ? undefined : Number(at)));
    return out;
  }

  /** The running settings, or null when stopped. */
  status(): Required<ActivitySettings> | null {
    return this.settings ? { ...this.settings } : null;
  }

  /** Stopped and back to the default seed. */
  reset(): void {
    this.stop();
    this.random = seededRandom(this.defaultSeed);
    this.act = this.makeAct();
  }
}

/** `at` of the direct-change functions: epoch ms or an ISO time; undefined = now. */
export function toEpochMs(at: number | string | undefined, what: string): number | undefined {
  if (at === undefined || at === null) return undefined;
  const ms = typeof at === 'number' ? at : /^\d+$/.test(at) ? Number(at) : Date.parse(at);
  if (!Number.isFinite(ms)) throw new RangeError(`${what}: at must be epoch milliseconds or an ISO time`);
  return ms;
}
