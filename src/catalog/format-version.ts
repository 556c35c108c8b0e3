/**
 * The catalog format's version (`formatVersion` in toolkit.json) and the fields removed from it.
 * A removed field is accepted, with a deprecation warning, for one minor version after its
 * removal and refused from the next: files written for an older format keep loading while their
 * authors are told what to change (two fields were once dropped and old files broke without
 * warning). Docs: docs/guides/catalog.md, "Format versions".
 */
import type { SchemaProblem } from './json-schema-validator.js';

/** The version this broker reads and the importer writes. 1.0: files without `formatVersion`. */
export const CATALOG_FORMAT_VERSION = '1.1';

interface RemovedField {
  file: 'toolkit' | 'tool';
  /** Path segments from the file root; `*` is any array index. */
  path: string[];
  removedIn: string;
  /** First format version that refuses it (one minor after removedIn). */
  refusedFrom: string;
  why: string;
}

export const REMOVED_FIELDS: readonly RemovedField[] = [
  { file: 'tool', path: ['request', 'successStatus'], removedIn: '1.1', refusedFrom: '1.2', why: 'it was never read: any 2xx answer is a success' },
  {
    file: 'toolkit',
    path: ['authMethods', '*', 'oauth2', 'tokensExpire'],
    removedIn: '1.1',
    refusedFrom: '1.2',
    why: "it was never read: the broker follows each token's expires_in",
  },
];

/** -1, 0 or 1 as version a is older, equal or newer than b (major.minor). */
export function compareVersions(a: string, b: string): number {
  const [am, an] = a.split('.').map(Number);
  const [bm, bn] = b.split('.').map(Number);
  return am !== bm ? Math.sign(am! - bm!) : Math.sign(an! - bn!);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The version a raw toolkit file declares (1.0 when absent or unreadable: the schema reports a bad value). */
export function declaredFormatVersion(rawToolkit: unknown): string {
  const v = isRecord(rawToolkit) ? rawToolkit.formatVersion : undefined;
  return typeof v === 'string' && /^[0-9]+\.[0-9]+$/.test(v) ? v : '1.0';
}

/** A file written for a newer format than this broker reads: one problem, or none. */
export function newerFormatProblem(declared: string, current = CATALOG_FORMAT_VERSION): SchemaProblem[] {
  return compareVersions(declared, current) > 0
    ? [{ path: '/formatVersion', message: `is ${declared}, newer than the catalog format ${current} this broker reads; upgrade the broker` }]
    : [];
}

/**
 * Removes, in place, the removed fields the file may still carry and returns a warning for each.
 * A file that declares the version that removed the field, or a broker whose format refuses it,
 * keeps the field, so the schema refuses it as any unknown field.
 */
export function dropRemovedFields(kind: RemovedField['file'], raw: unknown, declared: string, current = CATALOG_FORMAT_VERSION): SchemaProblem[] {
  const warnings: SchemaProblem[] = [];
  for (const field of REMOVED_FIELDS) {
    if (field.file !== kind || compareVersions(declared, field.removedIn) >= 0 || compareVersions(current, field.refusedFrom) >= 0) continue;
    const visit = (node: unknown, rest: string[], at: string) => {
      if (rest.length === 1) {
        if (isRecord(node) && Object.hasOwn(node, rest[0]!)) {
          delete node[rest[0]!];
          warnings.push({
            path: `${at}/${rest[0]}`,
            message: `is deprecated: removed in catalog format ${field.removedIn} (${field.why}); ignored now, refused from format ${field.refusedFrom}. Remove it and set "formatVersion": "${current}" in toolkit.json`,
          });
        }
        return;
      }
      const [head, ...tail] = rest;
      if (head === '*') {
        if (Array.isArray(node)) node.forEach((item, i) => visit(item, tail, `${at}/${i}`));
      } else if (isRecord(node)) visit(node[head!], tail, `${at}/${head}`);
    };
    visit(raw, field.path, '');
  }
  return warnings;
}
