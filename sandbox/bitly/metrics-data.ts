/**
 * Deterministic, plausible metrics: time windows from unit/units/unit_reference, per-bucket counts
 * derived from a hash of (entity, bucket start), and facet breakdowns that add up to the total.
 * `units=-1` ("all time") means the last 30 windows here.
 */
import { q1 } from '../common/forms.js';
import { hash32, pick } from '../common/random.js';
import { invalidArg } from './errors.js';
import { bitlyTime } from './state.js';

export const UNITS = ['minute', 'hour', 'day', 'week', 'month'] as const;
export type Unit = (typeof UNITS)[number];
export const ALL_TIME_WINDOWS = 30;
const MAX_WINDOWS = 1000;
const SCALE: Record<Unit, number> = { minute: 2, hour: 8, day: 40, week: 250, month: 900 };

export interface MetricsWindow {
  unit: Unit;
  units: number;
  unit_reference: string;
  /** Bucket start times (ms), newest first. */
  buckets: number[];
}

function floorTo(ms: number, unit: Unit): number {
  const d = new Date(ms);
  switch (unit) {
    case 'minute':
      return Math.floor(ms / 60_000) * 60_000;
    case 'hour':
      return Math.floor(ms / 3_600_000) * 3_600_000;
    case 'day':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    case 'week': {
      const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return day - ((d.getUTCDay() + 6) % 7) * 86_400_000;
    }
    default:
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
}

function stepBack(ms: number, unit: Unit, n: number): number {
  if (unit === 'month') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1);
  }
  const size = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 }[unit];
  return ms - n * size;
}

/** Reads unit/units/unit_reference (defaults: day, -1, now); bad values are 400 INVALID_ARG_*. */
export function parseWindow(query: unknown, resource: string): MetricsWindow {
  const unitRaw = q1(query, 'unit') ?? 'day';
  if (!(UNITS as readonly string[]).includes(unitRaw)) throw invalidArg('unit', resource, `unit must be one of ${UNITS.join(', ')}`);
  const unit = unitRaw as Unit;
  const unitsRaw = q1(query, 'units') ?? '-1';
  const units = Number(unitsRaw);
  if (!Number.isInteger(units) || units === 0 || units < -1) throw invalidArg('units', resource, 'units must be a positive integer or -1');
  const refRaw = q1(query, 'unit_reference');
  let refMs = Date.now();
  if (refRaw) {
    const parsed = Date.parse(refRaw.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (Number.isNaN(parsed)) throw invalidArg('unit_reference', resource, 'unit_reference must be an ISO-8601 timestamp');
    refMs = parsed;
  }
  const count = Math.min(units === -1 ? ALL_TIME_WINDOWS : units, MAX_WINDOWS);
  const newest = floorTo(refMs, unit);
  const buckets: number[] = [];
  for (let i = 0; i < count; i += 1) buckets.push(stepBack(newest, unit, i));
  return { unit, units, unit_reference: bitlyTime(refMs), buckets };
}

/** Count for one entity in one bucket, deterministic. */
export function bucketCount(key: string, bucketMs: number, unit: Unit): number {
  return pick(`${key}|${unit}|${bucketMs}`, 0, SCALE[unit]);
}

export function total(key: string, w: MetricsWindow): number {
  let sum = 0;
  for (const b of w.buckets) sum += bucketCount(key, b, w.unit);
  return sum;
}

/** Splits `amount` over `values` with stable weights; largest first, zeroes dropped, top `size`. */
export function distribute<T>(
  key: string,
  amount: number,
  values: readonly T[],
  size: number,
  name: (v: T) => string,
): { item: T; count: number }[] {
  if (amount <= 0 || values.length === 0) return [];
  const weights = values.map((v) => 1 + (hash32(`${key}|${name(v)}`) % 100));
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = values.map((item, i) => ({ item, count: Math.floor((amount * weights[i]) / sum) }));
  let rest = amount - out.reduce((a, b) => a + b.count, 0);
  for (let i = 0; rest > 0; i = (i + 1) % out.length, rest -= 1) out[i].count += 1;
  return out
    .filter((o) => o.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, size);
}

export function sizeParam(query: unknown, resource: string, fallback = 50): number {
  const raw = q1(query, 'size');
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw invalidArg('size', resource);
  return Math.min(n, 1000);
}

export const FACETS = {
  countries: ['US', 'GB', 'DE', 'FR', 'CA', 'IN', 'BR', 'JP', 'AU', 'NL', 'ES', 'IT', 'MX', 'SE', 'PL'],
  devices: ['Desktop', 'Mobile', 'Tablet', 'Other'],
  device_os: ['iOS', 'Android', 'Windows', 'macOS', 'Linux', 'ChromeOS'],
  browsers: ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Opera'],
  referrers: ['direct', 'google.com', 't.co', 'facebook.com', 'linkedin.com', 'reddit.com', 'news.ycombinator.com'],
  referrer_name: ['Direct', 'Google', 'Twitter', 'Facebook', 'LinkedIn', 'Reddit', 'Hacker News'],
  referring_domains: ['direct', 'google.com', 't.co', 'facebook.com', 'linkedin.com', 'reddit.com', 'news.ycombinator.com'],
  referring_networks: ['direct', 'google', 'twitter', 'facebook', 'linkedin', 'reddit', 'email'],
} as const;

export interface City {
  city: string;
  subregion: string;
  region: string;
  country: string;
}

export const CITIES: City[] = [
  { city: 'New York', subregion: 'New York', region: 'US-NY', country: 'US' },
  { city: 'San Francisco', subregion: 'California', region: 'US-CA', country: 'US' },
  { city: 'London', subregion: 'England', region: 'GB-ENG', country: 'GB' },
  { city: 'Berlin', subregion: 'Berlin', region: 'DE-BE', country: 'DE' },
  { city: 'Paris', subregion: 'Ile-de-France', region: 'FR-IDF', country: 'FR' },
  { city: 'Toronto', subregion: 'Ontario', region: 'CA-ON', country: 'CA' },
  { city: 'Mumbai', subregion: 'Maharashtra', region: 'IN-MH', country: 'IN' },
  { city: 'Sao Paulo', subregion: 'Sao Paulo', region: 'BR-SP', country: 'BR' },
  { city: 'Tokyo', subregion: 'Tokyo', region: 'JP-13', country: 'JP' },
  { city: 'Sydney', subregion: 'New South Wales', region: 'AU-NSW', country: 'AU' },
];

/** How many of `times` (ms) fall in each window bucket (buckets newest first; the newest is open-ended). */
export function countByBucket(times: Iterable<number>, w: MetricsWindow): number[] {
  const counts = w.buckets.map(() => 0);
  for (const t of times) {
    for (let i = 0; i < w.buckets.length; i += 1) {
      if (t >= w.buckets[i]) {
        counts[i] += 1;
        break;
      }
    }
  }
  return counts;
}
