/**
 * Checks every request value before schema validation, on every plane: strings (and object keys)
 * must be well-formed Unicode without NUL, and containers may nest at most MAX_NESTING_DEPTH
 * levels. PostgreSQL rejects NUL and lone surrogates (as 500s deep in a query), SQLite stores
 * them half-way, and deep values overflow the stack of recursive code (Ajv, the catalog, the
 * provider client). The walk is iterative so that checking cannot overflow either.
 */
import type { FieldError } from '../error-classifier.js';

/** Deepest nesting of arrays and objects accepted anywhere in a request (tool arguments, proxy bodies). */
export const MAX_NESTING_DEPTH = 64;
/** Longest quoted piece of caller input (a key in a field path) an error body repeats. */
const MAX_QUOTED_KEY = 64;

/** In unicode mode a surrogate pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string is refused, or undefined when it is acceptable. */
export function stringProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode (no lone surrogates)';
  return undefined;
}

/** A caller-chosen key made safe to repeat in an error: bounded, control characters and surrogates escaped. */
function shownKey(key: string): string {
  const short = key.length > MAX_QUOTED_KEY ? `${key.slice(0, MAX_QUOTED_KEY)}…` : key;
  // eslint-disable-next-line no-control-regex
  return short.replace(/[\u0000-\u001f\u007f]|[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A value still to check; its field path is only spelled out when it is refused. */
interface Pending {
  value: unknown;
  parent: Pending | undefined;
  /** Array index or object key under `parent`; undefined for the root. */
  key: string | number | undefined;
  depth: number;
}

/** `context.a.b.0` for a pending value (keys made safe to repeat). */
function fieldOf(p: Pending, context: string): string {
  const parts: string[] = [];
  for (let at: Pending | undefined = p; at?.key !== undefined; at = at.parent) {
    parts.push(typeof at.key === 'number' ? String(at.key) : shownKey(at.key));
  }
  return [context, ...parts.reverse()].join('.');
}

/**
 * The first problem of `root` (a parsed body, params or query object), its field named as
 * `context.a.b.0`, or undefined when the value is acceptable. Runs on every request: it builds no
 * path until it finds a problem.
 */
export function findHostileInput(root: unknown, context: string): FieldError | undefined {
  const stack: Pending[] = [{ value: root, parent: undefined, key: undefined, depth: 0 }];
  while (stack.length > 0) {
    const pending = stack.pop()!;
    const { value, depth } = pending;
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) return { field: fieldOf(pending, context), message: problem };
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_NESTING_DEPTH) return { field: fieldOf(pending, context), message: `nests deeper than ${MAX_NESTING_DEPTH} levels` };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], parent: pending, key: i, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(value)) {
      const child: Pending = { value: (value as Record<string, unknown>)[key], parent: pending, key, depth: depth + 1 };
      const keyProblem = stringProblem(key);
      if (keyProblem) return { field: fieldOf(child, context), message: `has a name that ${keyProblem}` };
      stack.push(child);
    }
  }
  return undefined;
}
