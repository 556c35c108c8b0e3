/**
 * The catalog as the console shows it when a person sets up an auth config or a connection: the
 * native toolkit views (catalog-service.ts: tools count, scopes, whether a managed OAuth client
 * exists) plus what a form needs from the catalog files and the native API leaves out: the logo,
 * the credential fields of API-key / basic / bearer methods, the default OAuth scopes and the
 * callback URL to register at the provider. A toolkit's page adds its trigger types and its tools
 * page by page, each with its input schema and scopes (an imported toolkit may have a thousand).
 * OAuth endpoints, base URLs and injection rules stay inside the broker.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { AuthMethodDef, ToolFile } from '../catalog/catalog-schema.js';
import type { ToolkitApi } from '../catalog/catalog-api-schemas.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { oauthCallbackUrl } from '../connections/oauth-state.js';
import { notFound } from '../errors.js';
import { MAX_TOOLKIT_TRIGGER_TYPES, type ConsoleToolkit, type ConsoleToolkitDetail, type ConsoleToolView } from './project-api-schemas.js';

type ConsoleAuthMethod = ConsoleToolkit['authMethods'][number];

const credentialFields = (m: AuthMethodDef | undefined) => (m && m.kind !== 'oauth2' ? structuredClone(m.credentials) : null);
const defaultScopes = (m: AuthMethodDef | undefined) => (m?.kind === 'oauth2' ? [...m.oauth2.defaultScopes] : []);

const toolView = (tool: ToolFile): ConsoleToolView => ({
  slug: tool.slug,
  name: tool.name,
  description: tool.description,
  version: tool.version,
  deprecated: tool.deprecated ?? false,
  tags: [...tool.tags],
  scopes: tool.scopes ? [...tool.scopes] : null,
  input: structuredClone(tool.input) as Record<string, unknown>,
});

export function createConsoleToolkits(deps: {
  catalog: Pick<Catalog, 'getToolkit' | 'toolkits' | 'triggers' | 'searchTools'>;
  catalogService: Pick<CatalogService, 'listToolkits' | 'getToolkit'>;
  /** PUBLIC_BASE_URL: the OAuth callback URL a custom OAuth client registers is under it. */
  publicBaseUrl: string;
}) {
  const callbackUrl = (slug: string) => oauthCallbackUrl(deps.publicBaseUrl, slug);

  function toolkitOrFail(slug: string) {
    if (!deps.catalog.getToolkit(slug)) throw notFound(`Toolkit ${slug} not found`, 'toolkit', { slug });
    return slug;
  }

  /** A toolkit as the catalog API shows it, with what the console adds. */
  function consoleToolkit(tk: ToolkitApi): ConsoleToolkit {
    const file = deps.catalog.getToolkit(tk.slug);
    const methods = new Map(file?.authMethods.map((m) => [m.id, m]));
    const authMethods = tk.authMethods.map((m): ConsoleAuthMethod => ({
      id: m.id,
      name: m.displayName,
      kind: m.kind as ConsoleAuthMethod['kind'],
      managedClientConfigured: m.managedClientConfigured,
      credentialFields: credentialFields(methods.get(m.id)),
      connectionFields: m.connectionFields,
      defaultScopes: defaultScopes(methods.get(m.id)),
    }));
    return {
      slug: tk.slug,
      name: tk.name,
      description: tk.description,
      ...(file?.logo ? { logo: file.logo } : {}),
      categories: tk.categories,
      noAuth: tk.noAuth,
      authMethods,
      scopes: tk.scopes,
      toolsCount: tk.toolsCount,
      triggersCount: tk.triggersCount,
      oauthCallbackUrl: authMethods.some((m) => m.kind === 'oauth2') ? callbackUrl(tk.slug) : null,
    };
  }

  /** Every toolkit of the catalog, in the catalog's order. */
  function list(): ConsoleToolkit[] {
    return deps.catalogService.listToolkits({ limit: deps.catalog.toolkits().length || 1, offset: 0 }).items.map(consoleToolkit);
  }

  return {
    list,

    /** One toolkit as listed, with its trigger types; 404 naming an unknown slug. */
    get(slug: string): ConsoleToolkitDetail {
      toolkitOrFail(slug);
      const toolkit = consoleToolkit(deps.catalogService.getToolkit(slug));
      const triggerTypes = deps.catalog
        .triggers([slug])
        .slice(0, MAX_TOOLKIT_TRIGGER_TYPES)
        .map(({ trigger }) => ({
          slug: trigger.slug,
          name: trigger.name,
          description: trigger.description,
          type: trigger.type,
          config: structuredClone(trigger.config) as Record<string, unknown>,
        }));
      return { ...toolkit, triggerTypes };
    },

    /** A page of the toolkit's tools (slug order, or ranked by `search` as the native listTools ranks them). */
    tools(slug: string, q: { search?: string | undefined; limit: number; offset: number }): { items: ConsoleToolView[]; total: number } {
      toolkitOrFail(slug);
      const search = q.search?.trim();
      const page = deps.catalog.searchTools({ toolkit: slug, ...(search ? { search } : {}), limit: q.limit, offset: q.offset });
      return { items: page.items.map(toolView), total: page.total };
    },
  };
}
