/**
 * The loaded catalog: an immutable registry of toolkits, tools and trigger types with their
 * compiled input and config validators and the tools' search index. Built only by `loadCatalog` (catalog-loader.ts) after every file
 * passed validation, so lookups here never re-check files.
 */
import { badRequest, notFound, type BrokerError } from '../errors.js';
import type { AuthMethodDef, OAuth2AuthMethodDef, ToolFile, ToolkitFile } from './catalog-schema.js';
import type { TriggerFile } from './trigger-schema.js';
import { formatAjvErrors, pointerToDotted, type ValidateFunction } from './json-schema-validator.js';
import { boundedDistance, stem, ToolSearchIndex, words } from './tool-search.js';

export interface LoadedTool {
  tool: ToolFile;
  toolkit: ToolkitFile;
  /** Path of the file the tool came from (for error messages and `broker catalog check`). */
  file: string;
  validate: ValidateFunction;
}

export interface LoadedTrigger {
  trigger: TriggerFile;
  toolkit: ToolkitFile;
  file: string;
  /** Validates a trigger_config (defaults filled in). */
  validateConfig: ValidateFunction;
}

export interface LoadedToolkit {
  toolkit: ToolkitFile;
  file: string;
  tools: ToolFile[];
  /** Its trigger types, sorted by slug; their number is the toolkit's triggersCount. */
  triggers: TriggerFile[];
  /** Compiled credential validators of direct (non-oauth2) auth methods, by method id. */
  credentialValidators: Map<string, ValidateFunction>;
}

/** `field` names the offending argument as a dotted path (`filterGroups[0].filters`); '' = the whole object. */
export interface InputError {
  field: string;
  message: string;
}

/** What stores an auth method choice: a connection or an auth config (same three fields). */
export interface AuthMethodUser {
  id: string;
  toolkitSlug: string;
  authMethodId: string;
}

export type AuthMethodUserKind = 'connection' | 'auth config';

export type InputValidation = { ok: true; value: Record<string, unknown> } | { ok: false; errors: InputError[] };

export interface ListToolkitsOptions {
  search?: string;
  category?: string;
  limit: number;
  offset?: number;
}

export interface SearchToolsOptions {
  toolkit?: string;
  search?: string;
  limit: number;
  offset?: number;
}

/**
 * A deep copy of a JSON value (what a parsed body holds: plain objects, arrays, primitives):
 * structuredClone costs many times as much (measured: docs/internals/performance.md#caches).
 * A `__proto__` key (JSON.parse makes it an own property) stays an own property.
 */
export function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyJson((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}

function runValidator(validate: ValidateFunction, args: unknown, what: string): InputValidation {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { ok: false, errors: [{ field: '', message: `${what} must be a JSON object` }] };
  }
  // Ajv fills defaults in place: work on a copy so the caller's object is never mutated.
  const value = copyJson(args) as Record<string, unknown>;
  if (validate(value)) return { ok: true, value };
  return {
    ok: false,
    errors: formatAjvErrors(validate.errors).map((p) => ({ field: pointerToDotted(p.path), message: p.message })),
  };
}

export class Catalog {
  private readonly toolkitsBySlug = new Map<string, LoadedToolkit>();
  private readonly toolsBySlug = new Map<string, LoadedTool>();
  private readonly toolkitList: ToolkitFile[];
  private readonly toolList: ToolFile[];
  private readonly index: ToolSearchIndex;
  private readonly triggersBySlug = new Map<string, LoadedTrigger>();
  private readonly triggerList: LoadedTrigger[];

  constructor(toolkits: readonly LoadedToolkit[], tools: readonly LoadedTool[], triggers: readonly LoadedTrigger[] = []) {
    for (const tk of toolkits) this.toolkitsBySlug.set(tk.toolkit.slug, tk);
    for (const t of tools) this.toolsBySlug.set(t.tool.slug, t);
    for (const t of triggers) this.triggersBySlug.set(t.trigger.slug, t);
    this.triggerList = [...triggers].sort((a, b) => (a.trigger.slug < b.trigger.slug ? -1 : 1));
    this.toolkitList = toolkits.map((t) => t.toolkit).sort((a, b) => (a.slug < b.slug ? -1 : 1));
    this.toolList = tools.map((t) => t.tool);
    this.index = new ToolSearchIndex(
      tools.map((t) => ({ slug: t.tool.slug, name: t.tool.name, description: t.tool.description, toolkit: t.toolkit.slug, tags: t.tool.tags })),
    );
  }

  getToolkit(slug: string): ToolkitFile | undefined {
    return this.toolkitsBySlug.get(slug)?.toolkit;
  }

  getTool(slug: string): ToolFile | undefined {
    return this.toolsBySlug.get(slug)?.tool;
  }

  /**
   * Tool slugs an unknown one probably meant, closest first (at most 3): the same slug in another
   * case, one with a few typos (HUBSPOT_CONTACT_GET), or the same words in another order.
   */
  suggestToolSlugs(slug: string): string[] {
    const wanted = slug.toUpperCase();
    const bag = (s: string) => words(s).map(stem).sort().join(' ');
    const wantedBag = bag(wanted);
    const maxDist = wanted.length > 16 ? 3 : 2;
    const found: { slug: string; dist: number }[] = [];
    for (const known of this.toolsBySlug.keys()) {
      const dist = known === wanted ? 0 : bag(known) === wantedBag ? 1 : boundedDistance(wanted, known, maxDist);
      if (dist <= maxDist) found.push({ slug: known, dist });
    }
    found.sort((a, b) => a.dist - b.dist || (a.slug < b.slug ? -1 : 1));
    // Only the closest: the same slug in another case alone, else typos one edit apart at most.
    const best = found.length > 0 ? found[0].dist : 0;
    return found
      .filter((f) => f.dist <= (best === 0 ? 0 : best + 1))
      .slice(0, 3)
      .map((f) => f.slug);
  }

  /** The one answer to an unknown tool slug: NOT_FOUND, with suggestions in the message and `data.suggestions`. */
  unknownTool(slug: string): BrokerError {
    const suggestions = this.suggestToolSlugs(slug);
    if (suggestions.length === 0) return notFound(`Tool ${slug} not found`);
    const list = suggestions.length === 1 ? suggestions[0] : `${suggestions.slice(0, -1).join(', ')} or ${suggestions[suggestions.length - 1]}`;
    return notFound(`Tool ${slug} not found; did you mean ${list}?`, undefined, { suggestions });
  }

  /** The tool with its toolkit and source file: what the executor needs to render a call. */
  getToolEntry(slug: string): Readonly<LoadedTool> | undefined {
    return this.toolsBySlug.get(slug);
  }

  /** The lookup itself (undefined when the toolkit no longer has the method); callers that must
   *  fail use requireAuthMethod, so every API answers a missing method the same way. */
  getAuthMethod(toolkitSlug: string, authMethodId: string): AuthMethodDef | undefined {
    return this.getToolkit(toolkitSlug)?.authMethods.find((m) => m.id === authMethodId);
  }

  /**
   * The auth method a connection or auth config was made with. An operator may have removed or
   * renamed it since (catalog paths, overrides): then the one answer is 400 naming who uses it,
   * the missing method, the toolkit and what to do.
   */
  requireAuthMethod(kind: AuthMethodUserKind, user: AuthMethodUser): AuthMethodDef {
    const method = this.getAuthMethod(user.toolkitSlug, user.authMethodId);
    if (!method) throw this.missingAuthMethod(kind, user, '');
    return method;
  }

  /** requireAuthMethod for OAuth flows: a method that is no longer oauth2 counts as missing. */
  requireOAuthMethod(kind: AuthMethodUserKind, user: AuthMethodUser): OAuth2AuthMethodDef {
    const method = this.requireAuthMethod(kind, user);
    if (method.kind !== 'oauth2') throw this.missingAuthMethod(kind, user, 'OAuth ');
    return method;
  }

  private missingAuthMethod(kind: AuthMethodUserKind, user: AuthMethodUser, qualifier: string): BrokerError {
    const toolkit = this.getToolkit(user.toolkitSlug);
    const has = toolkit
      ? `it has: ${toolkit.authMethods.map((m) => `${m.id} (${m.kind})`).join(', ') || 'none'}`
      : 'the toolkit is no longer in the catalog';
    const todo = kind === 'connection'
      ? 'create a new connection, through an auth config that uses a method the toolkit has'
      : 'create a new auth config with a method the toolkit has';
    const who = kind === 'connection' ? 'Connection' : 'Auth config';
    return badRequest(
      `${who} ${user.id} uses ${qualifier}auth method "${user.authMethodId}", which toolkit ${user.toolkitSlug} no longer has (${has}); ${todo}`,
      { [kind === 'connection' ? 'connectionId' : 'authConfigId']: user.id, toolkit: user.toolkitSlug, authMethodId: user.authMethodId },
    );
  }

  /** All toolkits, sorted by slug. */
  toolkits(): readonly ToolkitFile[] {
    return this.toolkitList;
  }

  /** Tools of one toolkit, sorted by slug ([] for an unknown toolkit). */
  toolsOf(toolkitSlug: string): readonly ToolFile[] {
    return this.toolkitsBySlug.get(toolkitSlug)?.tools ?? [];
  }

  get toolCount(): number {
    return this.toolList.length;
  }

  /** A trigger type with its toolkit (the overridden one) and file. */
  getTriggerEntry(slug: string): Readonly<LoadedTrigger> | undefined {
    return this.triggersBySlug.get(slug);
  }

  /** Every trigger type, sorted by slug; `toolkits` keeps only those of these toolkit slugs. */
  triggers(toolkits?: readonly string[]): readonly Readonly<LoadedTrigger>[] {
    if (!toolkits || toolkits.length === 0) return this.triggerList;
    const wanted = new Set(toolkits);
    return this.triggerList.filter((t) => wanted.has(t.toolkit.slug));
  }

  /** Number of trigger types of a toolkit: its files, never a written figure (0 for an unknown toolkit). */
  triggersCountOf(toolkitSlug: string): number {
    return this.toolkitsBySlug.get(toolkitSlug)?.triggers.length ?? 0;
  }

  /** Validates a trigger_config against the trigger type's config schema, defaults applied. */
  validateTriggerConfig(triggerSlug: string, config: unknown): InputValidation {
    const entry = this.triggersBySlug.get(triggerSlug);
    if (!entry) return { ok: false, errors: [{ field: '', message: `unknown trigger ${triggerSlug}` }] };
    return runValidator(entry.validateConfig, config, 'trigger_config');
  }

  /**
   * Validates tool arguments against the tool's input schema (compiled once at load) and returns
   * them with defaults applied. Unknown tool: a single error on field ''.
   */
  validateInput(toolSlug: string, args: unknown): InputValidation {
    const entry = this.toolsBySlug.get(toolSlug);
    if (!entry) return { ok: false, errors: [{ field: '', message: `unknown tool ${toolSlug}` }] };
    return runValidator(entry.validate, args, 'arguments');
  }

  /** Validates submitted credentials of a direct (api_key/basic/bearer) auth method. */
  validateCredentials(toolkitSlug: string, authMethodId: string, credentials: unknown): InputValidation {
    const validate = this.toolkitsBySlug.get(toolkitSlug)?.credentialValidators.get(authMethodId);
    if (!validate) {
      return { ok: false, errors: [{ field: '', message: `toolkit ${toolkitSlug} has no credential-based auth method ${authMethodId}` }] };
    }
    return runValidator(validate, credentials, 'credentials');
  }

  /** Toolkits filtered by case-insensitive substring of name or slug and by category slug, sorted by slug. */
  listToolkits(opts: ListToolkitsOptions): { items: ToolkitFile[]; total: number } {
    const needle = opts.search?.trim().toLowerCase() ?? '';
    const matches = this.toolkitList.filter(
      (t) =>
        (needle === '' || t.slug.toLowerCase().includes(needle) || t.name.toLowerCase().includes(needle)) &&
        (opts.category === undefined || opts.category === '' || t.categories.some((c) => c.slug === opts.category)),
    );
    const offset = opts.offset ?? 0;
    return { items: matches.slice(offset, offset + opts.limit), total: matches.length };
  }

  /**
   * Tools ranked by fuzzy relevance (exact slug, then slug prefix, then token/typo score); without
   * `search`, in slug order. An unknown toolkit gives an empty page, not an error.
   */
  searchTools(opts: SearchToolsOptions): { items: ToolFile[]; total: number } {
    const r = this.index.search(opts.search ?? '', { toolkit: opts.toolkit, limit: opts.limit, offset: opts.offset });
    return { items: r.items.map((i) => this.toolList[i]), total: r.total };
  }
}
