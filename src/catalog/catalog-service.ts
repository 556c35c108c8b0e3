/**
 * Catalog reads for the API: maps loaded catalog files to the spec's Toolkit and Tool shapes.
 * Derived figures (toolsCount, scopes, scopeStatus) are computed once here because files never
 * change after load; whether a platform-managed OAuth client exists is asked per call because it
 * depends on the deployment's managed OAuth clients, which the caller owns.
 */
import { badRequest, notFound } from '../errors.js';
import type { Catalog } from './catalog.js';
import type {
  AuthMethodApi,
  ListToolkitsQuery,
  ListToolsQuery,
  ListTriggerTypesQuery,
  ToolApi,
  ToolkitApi,
  ToolkitListApi,
  ToolListApi,
  ToolSummaryApi,
  TriggerTypeApi,
  TriggerTypeListApi,
} from './catalog-api-schemas.js';
import type { AuthMethodDef, ToolFile, ToolkitFile } from './catalog-schema.js';
import type { TriggerFile } from './trigger-schema.js';

export interface CatalogServiceDeps {
  catalog: Catalog;
  /** True when the deployment has a platform-managed OAuth client for this toolkit. */
  isManagedClientConfigured: (toolkitSlug: string) => boolean;
}

export interface CatalogService {
  listToolkits(query: Partial<ListToolkitsQuery>): ToolkitListApi;
  /** Throws NOT_FOUND naming the slug. */
  getToolkit(slug: string): ToolkitApi;
  listTools(query: Partial<ListToolsQuery>): ToolListApi;
  /** Throws NOT_FOUND naming the slug. */
  getTool(slug: string): ToolApi;
  listTriggerTypes(query: Partial<ListTriggerTypesQuery>): TriggerTypeListApi;
  /** Throws NOT_FOUND naming the slug. */
  getTriggerType(slug: string): TriggerTypeApi;
}

/** The trigger type list's keyset: the last slug of a page (slugs are unique and the list is sorted by slug). */
const encodeSlugCursor = (slug: string) => Buffer.from(`t:${slug}`, 'utf8').toString('base64url');
function decodeSlugCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith('t:') || text.length === 2) {
    throw badRequest('cursor is not a cursor this list returned', { errors: [{ field: 'cursor', message: 'unknown cursor' }] });
  }
  return text.slice(2);
}

export function triggerTypeApi(trigger: TriggerFile, toolkitSlug: string): TriggerTypeApi {
  return {
    slug: trigger.slug,
    name: trigger.name,
    description: trigger.description,
    instructions: trigger.instructions,
    type: trigger.type,
    version: trigger.version,
    toolkit: toolkitSlug,
    config: structuredClone(trigger.config),
    payload: structuredClone(trigger.payload),
    webhookSubscriptions: (trigger.webhook?.subscriptions ?? []).map((s) => ({ type: s.type, propertyName: s.propertyName ?? null })),
  };
}

interface ToolkitFigures {
  toolsCount: number;
  scopes: string[];
  scopeStatus: 'known' | 'unknown';
  unknownScopeToolsCount: number;
}

function figuresOf(tools: readonly ToolFile[]): ToolkitFigures {
  const scopes = new Set<string>();
  let unknown = 0;
  for (const tool of tools) {
    // An empty array is a declaration ("needs no scope"); only an absent field is unknown.
    if (tool.scopes === undefined) unknown++;
    else for (const s of tool.scopes) scopes.add(s);
  }
  return {
    toolsCount: tools.length,
    scopes: [...scopes].sort(),
    scopeStatus: unknown === 0 ? 'known' : 'unknown',
    unknownScopeToolsCount: unknown,
  };
}

export function createCatalogService(deps: CatalogServiceDeps): CatalogService {
  const { catalog, isManagedClientConfigured } = deps;
  const figures = new Map<string, ToolkitFigures>();
  for (const tk of catalog.toolkits()) figures.set(tk.slug, figuresOf(catalog.toolsOf(tk.slug)));

  // Every method is available: a caller can always bring their own OAuth client (an auth config
  // with isManaged=false), so a missing platform-managed client is reported on its own.
  const authMethodApi = (toolkit: ToolkitFile, m: AuthMethodDef): AuthMethodApi => ({
    id: m.id,
    displayName: m.displayName,
    kind: m.kind,
    status: 'available',
    unavailableReason: null,
    managedClientConfigured: m.kind === 'oauth2' && isManagedClientConfigured(toolkit.slug),
    connectionFields: m.connectionFields ? structuredClone(m.connectionFields) : null,
  });

  const toolkitApi = (tk: ToolkitFile): ToolkitApi => {
    const f = figures.get(tk.slug) ?? figuresOf([]);
    return {
      slug: tk.slug,
      name: tk.name,
      authMethods: tk.authMethods.map((m) => authMethodApi(tk, m)),
      noAuth: tk.noAuth,
      scopes: [...f.scopes],
      scopeStatus: f.scopeStatus,
      unknownScopeToolsCount: f.unknownScopeToolsCount,
      description: tk.description ?? null,
      toolsCount: f.toolsCount,
      triggersCount: catalog.triggersCountOf(tk.slug),
      categories: tk.categories.map((c) => ({ slug: c.slug, name: c.name })),
    };
  };

  const toolSummary = (tool: ToolFile): ToolSummaryApi => {
    const entry = catalog.getToolEntry(tool.slug);
    return {
      slug: tool.slug,
      name: tool.name,
      description: tool.description,
      toolkit: entry ? entry.toolkit.slug : '',
      version: tool.version,
      tags: [...tool.tags],
      deprecated: tool.deprecated ?? false,
    };
  };

  return {
    listToolkits(query) {
      const r = catalog.listToolkits({ search: query.search, category: query.category, limit: query.limit ?? 50, offset: query.offset ?? 0 });
      return { items: r.items.map(toolkitApi), total: r.total };
    },
    getToolkit(slug) {
      const tk = catalog.getToolkit(slug);
      if (!tk) throw notFound(`Toolkit ${slug} not found`);
      return toolkitApi(tk);
    },
    listTools(query) {
      const r = catalog.searchTools({ toolkit: query.toolkit, search: query.search, limit: query.limit ?? 50, offset: query.offset ?? 0 });
      return { items: r.items.map(toolSummary), total: r.total };
    },
    getTool(slug) {
      const tool = catalog.getTool(slug);
      if (!tool) throw catalog.unknownTool(slug);
      return { ...toolSummary(tool), inputParameters: structuredClone(tool.input) };
    },
    listTriggerTypes(query) {
      const all = catalog.triggers(query.toolkit ? [query.toolkit] : undefined);
      const after = query.cursor ? decodeSlugCursor(query.cursor) : undefined;
      const start = after === undefined ? 0 : all.findIndex((e) => e.trigger.slug > after);
      const limit = query.limit ?? 50;
      const rest = start < 0 ? [] : all.slice(start);
      const items = rest.slice(0, limit).map((e) => triggerTypeApi(e.trigger, e.toolkit.slug));
      return { items, nextCursor: rest.length > limit ? encodeSlugCursor(items[items.length - 1]!.slug) : null };
    },
    getTriggerType(slug) {
      const entry = catalog.getTriggerEntry(slug);
      if (!entry) throw notFound(`Trigger type ${slug} not found`, undefined, { slug });
      return triggerTypeApi(entry.trigger, entry.toolkit.slug);
    },
  };
}
