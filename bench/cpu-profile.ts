/**
 * Reading the broker's `--cpu-prof` output (execution-bench.ts `--profile`): the hottest functions
 * by self time, and the share of samples spent inside each of our own files or each package
 * (inclusive: a sample counts for every file on its stack, once), which is how a cost such as
 * the per-request cache epoch read or RequestContext shows up even when spread over many callees.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  hitCount: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  /** Microseconds between consecutive samples. */
  timeDeltas?: number[];
}

const isIdle = (n: ProfileNode) => n.callFrame.functionName === '(idle)';

/** tsx's loader thread writes a profile too: the busiest one is the main thread. */
function mainProfile(profileDir: string): Profile | undefined {
  const busy = (p: Profile) => p.nodes.reduce((s, n) => s + (isIdle(n) ? 0 : n.hitCount), 0);
  return readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => JSON.parse(readFileSync(join(profileDir, f), 'utf8')) as Profile)
    .sort((a, b) => busy(b) - busy(a))[0];
}

/** `src/tools/provider-call.ts`, `undici`, `node:internal/...`: where a frame's code lives. */
function siteOf(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (pkg) return pkg[1]!;
  // The bench runs the compiled server: dist/src/x.js is our src/x.ts.
  return path.replace(process.cwd() + '/', '').replace(/^dist\//, '');
}

/** Samples that are not JavaScript at work: idle, V8's own bookkeeping, the collector. */
const isQuiet = (n: ProfileNode) => ['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName);

/** A run of busy samples shorter than this (20 ms at the default 1 ms interval) is a timer tick, not the load. */
const BLIP_SAMPLES = 20;

/**
 * Index of the first sample of the load phase: the start of the first busy stretch that follows a
 * quiet stretch of at least `gapMs` (the bench lets the broker settle that long between start-up
 * and load), so module loading and start-up work do not drown the request path. A lone timer
 * tick or a collection during the settle does not end it. 0 when there is no such stretch.
 */
function loadPhaseStart(profile: Profile, byId: Map<number, ProfileNode>, gapMs: number): number {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let quietUs = 0;
  let busySince = -1;
  let quietBeforeBusy = 0;
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    if (!node || isQuiet(node)) {
      if (busySince !== -1) busySince = -1;
      quietUs += deltas[i] ?? 0;
      continue;
    }
    if (busySince === -1) {
      busySince = i;
      quietBeforeBusy = quietUs;
    }
    if (i - busySince + 1 >= BLIP_SAMPLES) {
      if (quietBeforeBusy >= gapMs * 1000) return busySince;
      quietUs = 0;
    }
  }
  return 0;
}

const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;

export interface ProfileSummary {
  /** Hottest functions by self time, with their share of busy samples. */
  selfTime: string[];
  /** Our files and packages by inclusive share of busy samples. */
  inclusive: string[];
  /** Busy (non-idle) samples of the load phase the shares are of. */
  busySamples: number;
}

/** `settleMs`: the idle stretch that separates start-up from the load phase (see loadPhaseStart). */
export function summariseProfile(profileDir: string, settleMs: number, top = 14): ProfileSummary {
  const profile = mainProfile(profileDir);
  if (!profile) return { selfTime: ['(no profile written)'], inclusive: [], busySamples: 0 };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const samples = (profile.samples ?? []).slice(loadPhaseStart(profile, byId, settleMs * 0.8));

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busyTotal = 0;
  for (const id of samples) {
    const leaf = byId.get(id);
    if (!leaf || isIdle(leaf)) continue;
    busyTotal++;
    const where = siteOf(leaf.callFrame.url);
    const name = `${leaf.callFrame.functionName || '(anonymous)'} ${where ? `${where}:${leaf.callFrame.lineNumber + 1}` : ''}`.trim();
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)?.callFrame.url ?? '';
      if (url) seen.add(siteOf(url));
    }
    for (const site of seen) inclusive.set(site, (inclusive.get(site) ?? 0) + 1);
  }
  busyTotal ||= 1;
  const ours = (site: string) => /^(src|plugins|bin)\//.test(site) || !site.includes('/');
  return {
    selfTime: [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => `${pct(hits, busyTotal)}  ${name}`),
    inclusive: [...inclusive.entries()]
      .filter(([site]) => ours(site) && !site.startsWith('node:'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([site, hits]) => `${pct(hits, busyTotal)}  ${site}`),
    busySamples: busyTotal,
  };
}
