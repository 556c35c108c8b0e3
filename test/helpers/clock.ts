/**
 * A clock that only moves when told: tests step over token lifetimes with `advance` instead of
 * sleeping. Starts at the real time so timestamps stay plausible (dates in the database, logs).
 */
import type { Clock } from '../../src/clock.js';

export interface ManualClock extends Clock {
  /** Moves time forward by `ms`. */
  advance(ms: number): void;
  /** Jumps to `ms` since the epoch. */
  set(ms: number): void;
}

export function manualClock(start = Date.now()): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      if (ms < 0) throw new RangeError('a clock does not go back; use set()');
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}
