/**
 * Operator overrides of toolkit endpoints (env TOOLKIT_OVERRIDES). They exist so a deployment can
 * point a toolkit at a sandbox, a regional API host or a proxy without editing catalog files, and
 * so tests and the demo use the same code path as production (DESIGN.md, "Sandboxes").
 */
import { Type, type Static } from '@sinclair/typebox';
import type { OAuth2AuthMethodDef, ToolkitFile } from './catalog-schema.js';
import { createMetaAjv, formatAjvErrors, type SchemaProblem, type ValidateFunction } from './json-schema-validator.js';

const Url = (description: string) => Type.String({ pattern: '^https?://[^\\s/?#]+[^\\s]*$', description });

export const ToolkitOverride = Type.Object(
  {
    baseUrl: Type.Optional(Url('Replaces the toolkit baseUrl; its host is added to allowedHosts.')),
    allowedHosts: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Za-z0-9.-]+(:[0-9]{1,5})?$' }), {
        minItems: 1,
        uniqueItems: true,
        description: 'Replaces the toolkit allowedHosts.',
      }),
    ),
    oauth2: Type.Optional(
      Type.Object(
        {
          authorizeUrl: Type.Optional(Url('Replaces oauth2.authorizeUrl of every oauth2 method.')),
          tokenUrl: Type.Optional(Url('Replaces oauth2.tokenUrl of every oauth2 method.')),
          revocationUrl: Type.Optional(Url('Replaces oauth2.revocation.url (the toolkit must declare a revocation endpoint).')),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ToolkitOverride = Static<typeof ToolkitOverride>;

/** `{ "<toolkitSlug>": ToolkitOverride }`. */
export const ToolkitOverrides = Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]*$' }), ToolkitOverride, {
  description: 'Per-toolkit endpoint overrides, keyed by toolkit slug.',
});
export type ToolkitOverrides = Static<typeof ToolkitOverrides>;

let validateOverrides: ValidateFunction | undefined;

/** Names a pointer like `/hubspot/oauth2/tokenUrl` as `toolkit "hubspot", field "oauth2.tokenUrl"`. */
function describePointer(pointer: string): string {
  const [slug, ...rest] = pointer.slice(1).split('/');
  if (!slug) return 'the document';
  return rest.length === 0 ? `toolkit "${slug}"` : `toolkit "${slug}", field "${rest.join('.')}"`;
}

/**
 * Parses and validates the raw env value. Empty/undefined means no overrides. Throws an Error
 * whose message names the variable, the toolkit and the field; all shape problems at once.
 */
export function parseToolkitOverrides(raw: string | undefined): ToolkitOverrides {
  if (raw === undefined || raw.trim() === '') return {};
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch (err) {
    throw new Error(`TOOLKIT_OVERRIDES is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new Error('TOOLKIT_OVERRIDES must be a JSON object keyed by toolkit slug, e.g. {"hubspot": {"baseUrl": "http://127.0.0.1:4010"}}');
  }
  const validate = (validateOverrides ??= createMetaAjv().compile(ToolkitOverrides));
  if (!validate(doc)) {
    const lines = formatAjvErrors(validate.errors).map((p) => `${describePointer(p.path)} ${p.message}`);
    throw new Error(`TOOLKIT_OVERRIDES is invalid: ${lines.join('; ')}`);
  }
  return doc as ToolkitOverrides;
}

/** Host part (`host` or `host:port`) of a URL as allowedHosts spells it. */
export function hostOf(url: string): string {
  // A host with {connectionConfig.<name>} placeholders stays as written (the URL parser lower-cases it).
  const templated = /^https?:\/\/([^/?#]*\{[^/?#]*)/i.exec(url);
  return templated ? templated[1]! : new URL(url).host;
}

/**
 * Returns a copy of the toolkit with its override applied, plus the problems found (an oauth2
 * override on a toolkit without oauth2, a revocation override without a revocation endpoint, a
 * path-encoded revocation URL without {token}). Problems name fields as JSON pointers into the
 * override document.
 */
export function applyToolkitOverride(toolkit: ToolkitFile, override: ToolkitOverride): { toolkit: ToolkitFile; problems: SchemaProblem[] } {
  const problems: SchemaProblem[] = [];
  const at = (field: string) => `/${toolkit.slug}/${field}`;
  const next: ToolkitFile = structuredClone(toolkit);
  if (override.allowedHosts) next.allowedHosts = [...override.allowedHosts];
  if (override.baseUrl) {
    next.baseUrl = override.baseUrl;
    const host = hostOf(override.baseUrl);
    if (!next.allowedHosts.includes(host)) next.allowedHosts.push(host);
  }
  const o = override.oauth2;
  if (o) {
    const methods = next.authMethods.filter((m): m is OAuth2AuthMethodDef => m.kind === 'oauth2');
    if (methods.length === 0) problems.push({ path: at('oauth2'), message: `toolkit "${toolkit.slug}" has no oauth2 auth method to override` });
    for (const m of methods) {
      if (o.authorizeUrl) m.oauth2.authorizeUrl = o.authorizeUrl;
      if (o.tokenUrl) m.oauth2.tokenUrl = o.tokenUrl;
      if (o.revocationUrl) {
        const rev = m.oauth2.revocation;
        if (!rev) {
          problems.push({ path: at('oauth2/revocationUrl'), message: `toolkit "${toolkit.slug}" declares no revocation endpoint to override` });
        } else if (rev.encoding === 'path' && !o.revocationUrl.includes('{token}')) {
          problems.push({ path: at('oauth2/revocationUrl'), message: 'must contain {token} because the revocation sends the token in the path' });
        } else {
          rev.url = o.revocationUrl;
        }
      }
    }
  }
  return { toolkit: next, problems };
}
