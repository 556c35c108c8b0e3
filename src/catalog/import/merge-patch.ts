/**
 * JSON Merge Patch (RFC 7386): how an author's hand edits of imported files are kept. An object
 * patch edits key by key (null removes the key); any other value, arrays included, replaces.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function applyMergePatch<T>(target: T, patch: unknown): T {
  if (!isRecord(patch)) return structuredClone(patch) as T;
  const out: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = applyMergePatch(out[key], value);
  }
  return out as T;
}

/** The patch that turns `from` into `to`; undefined when they are equal. */
export function createMergePatch(from: unknown, to: unknown): unknown {
  if (!isRecord(from) || !isRecord(to)) return sameJson(from, to) ? undefined : structuredClone(to);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(from)) if (!(key in to)) patch[key] = null;
  for (const [key, value] of Object.entries(to)) {
    const sub = createMergePatch(from[key], value);
    if (sub !== undefined) patch[key] = sub;
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}

/** Deep equality of JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameJson(a[k], b[k]));
}
