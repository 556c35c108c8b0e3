/**
 * The time source for everything judged against a lifetime (OAuth tokens, OAuth state, connect
 * links). Injected so tests can move time forward instead of sleeping through it.
 */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
