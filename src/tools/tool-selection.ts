/**
 * Which catalog tools an end user's tool session (the MCP endpoint) offers, and how that user
 * connects a toolkit they lack. A session names an entity and optional `toolkits` / `tools`
 * filters; an auth config's restrictToTools narrows what is offered:
 * - a toolkit the entity has an ACTIVE connection of: the restriction of that connection's auth
 *   config (the most recently updated one, as executeTool picks it);
 * - a toolkit the project has enabled auth configs of, but no connection of the entity yet: the
 *   tools at least one of those configs allows (a connect link goes through one that allows it);
 * - a toolkit without auth configs: every tool (calling one says an auth config is needed).
 * Calls are still checked by the execution service itself; this module decides what is shown.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { ToolFile, ToolkitFile } from '../catalog/catalog-schema.js';
import type { AuthConfigService } from '../connections/auth-config-service.js';
import type { ConnectionService } from '../connections/connection-service.js';
import type { createConnectLinkService } from '../connections/connect-link-service.js';
import type { IAuthConfig } from '../db/entities/index.js';
import { badRequest } from '../errors.js';

type ConnectLinkService = ReturnType<typeof createConnectLinkService>;

export interface ToolFilters {
  /** Toolkit slugs (lower case); absent = every toolkit. */
  toolkits?: string[];
  /** Tool slugs (upper case); absent = every tool of the selected toolkits. */
  tools?: string[];
}

/** What a user must do to run a tool they have no connection for. */
export type ConnectOffer =
  | { kind: 'link'; toolkitName: string; url: string; expiresAt: Date }
  | { kind: 'no_auth_config'; toolkitName: string; toolkitSlug: string }
  | { kind: 'not_allowed'; toolkitName: string; authConfigIds: string[] };

/** At most this many of an entity's ACTIVE connections are read to find each toolkit's newest. */
const ACTIVE_CONNECTIONS_READ = 500;

const allows = (config: Pick<IAuthConfig, 'restrictToTools'>, slug: string) =>
  !config.restrictToTools || config.restrictToTools.includes(slug);

export function createToolSelection(deps: {
  catalog: Pick<Catalog, 'toolkits' | 'toolsOf' | 'getToolkit' | 'getToolEntry' | 'suggestToolSlugs'>;
  authConfigs: Pick<AuthConfigService, 'forToolkit' | 'toolkitsInUse'>;
  connections: Pick<ConnectionService, 'listRows'>;
  connectLinks: Pick<ConnectLinkService, 'create'>;
}) {
  const { catalog, authConfigs, connections, connectLinks } = deps;

  /** The entity's newest ACTIVE, enabled connection per toolkit, with its auth config. */
  async function activeConfigs(projectId: string, entityId: string, toolkitSlugs: string[]): Promise<Map<string, IAuthConfig>> {
    const found = new Map<string, IAuthConfig>();
    if (toolkitSlugs.length === 0) return found;
    const { rows, authConfigs: configs } = await connections.listRows(projectId, {
      entityIds: [entityId],
      toolkitSlugs,
      states: [{ statuses: ['ACTIVE'] }],
      orderBy: 'updatedAt',
      direction: 'desc',
      limit: ACTIVE_CONNECTIONS_READ,
      offset: 0,
    });
    for (const row of rows) {
      const config = configs.get(row.authConfigId);
      if (config && !found.has(row.toolkitSlug)) found.set(row.toolkitSlug, config);
    }
    return found;
  }

  return {
    /**
     * Checks and normalises filters (toolkit slugs lower case, tool slugs upper case): an unknown
     * slug is a 400 naming it (with suggestions for tools), so a typo in a client's URL shows at once.
     */
    parseFilters(raw: { toolkits?: string; tools?: string }): ToolFilters {
      const list = (s: string | undefined, norm: (v: string) => string) =>
        s === undefined
          ? undefined
          : [
              ...new Set(
                s
                  .split(',')
                  .map((v) => norm(v.trim()))
                  .filter(Boolean),
              ),
            ];
      const toolkits = list(raw.toolkits, (v) => v.toLowerCase());
      const tools = list(raw.tools, (v) => v.toUpperCase());
      const errors: { field: string; message: string }[] = [];
      for (const slug of toolkits ?? [])
        if (!catalog.getToolkit(slug)) errors.push({ field: 'toolkits', message: `unknown toolkit "${slug}"` });
      for (const slug of tools ?? []) {
        if (catalog.getToolEntry(slug)) continue;
        const near = catalog.suggestToolSlugs(slug);
        errors.push({ field: 'tools', message: `unknown tool "${slug}"${near.length > 0 ? ` (did you mean ${near.join(', ')}?)` : ''}` });
      }
      if (errors.length > 0) throw badRequest(`Invalid filters: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, { errors });
      return { ...(toolkits && toolkits.length > 0 ? { toolkits } : {}), ...(tools && tools.length > 0 ? { tools } : {}) };
    },

    /** Whether the filters select this tool (no filter selects every tool). */
    inFilters(filters: ToolFilters, toolSlug: string): boolean {
      const entry = catalog.getToolEntry(toolSlug);
      if (!entry) return false;
      if (filters.toolkits && !filters.toolkits.includes(entry.toolkit.slug)) return false;
      return !filters.tools || filters.tools.includes(entry.tool.slug);
    },

    /** The tools the filters select, toolkit by toolkit in slug order (before restrictToTools). */
    filtered(filters: ToolFilters): { tool: ToolFile; toolkit: ToolkitFile }[] {
      const toolkits = filters.toolkits ? filters.toolkits.flatMap((s) => catalog.getToolkit(s) ?? []) : catalog.toolkits();
      const wanted = filters.tools ? new Set(filters.tools) : undefined;
      return [...toolkits]
        .sort((a, b) => (a.slug < b.slug ? -1 : 1))
        .flatMap((toolkit) =>
          catalog.toolsOf(toolkit.slug).flatMap((tool) => (wanted && !wanted.has(tool.slug) ? [] : [{ tool, toolkit }])),
        );
    },

    /** A predicate telling which tools of these toolkits restrictToTools lets the entity see. */
    async restrictionFor(
      projectId: string,
      entityId: string,
      toolkitSlugs: Iterable<string>,
    ): Promise<(toolSlug: string, toolkitSlug: string) => boolean> {
      const inUse = await authConfigs.toolkitsInUse(projectId);
      const governed = [...new Set(toolkitSlugs)].filter((s) => inUse.has(s));
      if (governed.length === 0) return () => true;
      const active = await activeConfigs(projectId, entityId, governed);
      const rules = new Map<string, IAuthConfig[]>();
      for (const slug of governed) {
        const own = active.get(slug);
        rules.set(slug, own ? [own] : await authConfigs.forToolkit(projectId, slug));
      }
      return (toolSlug, toolkitSlug) => {
        const configs = rules.get(toolkitSlug);
        return !configs || configs.length === 0 || configs.some((c) => allows(c, toolSlug));
      };
    },

    /**
     * A hosted connect link for the entity and the tool's toolkit, through the newest enabled auth
     * config of the project that allows the tool; or why there can be none.
     */
    async connectOffer(projectId: string, entityId: string, toolSlug: string): Promise<ConnectOffer> {
      const entry = catalog.getToolEntry(toolSlug);
      if (!entry) throw badRequest(`Unknown tool ${toolSlug}`);
      const { toolkit } = entry;
      const configs = await authConfigs.forToolkit(projectId, toolkit.slug);
      if (configs.length === 0) return { kind: 'no_auth_config', toolkitName: toolkit.name, toolkitSlug: toolkit.slug };
      const usable = configs.filter((c) => allows(c, toolSlug));
      const chosen = usable[usable.length - 1];
      if (!chosen) return { kind: 'not_allowed', toolkitName: toolkit.name, authConfigIds: configs.map((c) => c.id) };
      const link = await connectLinks.create(projectId, { authConfigId: chosen.id, entityId });
      return { kind: 'link', toolkitName: toolkit.name, url: link.url, expiresAt: link.expiresAt };
    },
  };
}
export type ToolSelection = ReturnType<typeof createToolSelection>;
