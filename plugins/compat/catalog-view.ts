/**
 * Catalog files as the v3.1 wire shapes of toolkits and tools (compat-v3.1.md sections 4 and 5).
 * Only plain JSON types go out: the SDK parses tools strictly (one bad tool fails a whole list), so
 * optional strings are omitted rather than sent as null unless the contract types them `|null`.
 */
import type { Catalog } from '../../src/catalog/catalog.js';
import type { AuthMethodDef, CredentialsSchema, ToolFile, ToolkitFile } from '../../src/catalog/catalog-schema.js';
import { schemeOf } from '../../src/compat/mapping.js';

export interface CatalogViewDeps {
  catalog: Catalog;
  isManagedClientConfigured: (toolkitSlug: string) => boolean;
}

interface AuthField {
  name: string;
  displayName: string;
  type: string;
  description: string;
  required: boolean;
  default?: string | null;
  is_secret: boolean;
  user_visible: boolean;
}

const SECRET_FIELD = /pass|secret|key|token/i;

/** The credential fields of a direct auth method, from its JSON Schema (the connect page uses them too). */
export function credentialFields(schema: CredentialsSchema): AuthField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, prop]) => ({
    name,
    displayName: prop.title ?? name.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()),
    type: typeof prop.type === 'string' ? prop.type : 'string',
    description: prop.description ?? '',
    required: required.has(name),
    ...(typeof prop.default === 'string' ? { default: prop.default } : {}),
    is_secret: SECRET_FIELD.test(name),
    user_visible: true,
  }));
}

/**
 * The logo the v3.1 wire always carries as a string (the SDK and UIs render it as an image): the
 * toolkit's own logo URL, or else a generated monogram (an inline SVG data URL with the initial of
 * its name), which always renders and points nowhere outside the broker. Never '' or null.
 */
export function toolkitLogo(tk: { logo?: string; name?: string; slug: string } | undefined): string {
  if (tk?.logo) return tk.logo;
  const initial = ((tk?.name ?? tk?.slug ?? '?').trim().charAt(0) || '?').toUpperCase();
  const letter = /[A-Z0-9]/.test(initial) ? initial : '?';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#64748b"/><text x="32" y="43" font-family="sans-serif" font-size="32" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const split = (fields: AuthField[]) => ({ required: fields.filter((f) => f.required), optional: fields.filter((f) => !f.required) });

const field = (name: string, displayName: string, description: string, required: boolean, isSecret: boolean): AuthField => ({
  name,
  displayName,
  type: 'string',
  description,
  required,
  is_secret: isSecret,
  user_visible: true,
});

function authConfigDetails(tk: ToolkitFile, m: AuthMethodDef) {
  const oauth = m.kind === 'oauth2';
  return {
    name: m.displayName,
    mode: schemeOf(m.kind),
    auth_hint_url: null,
    required_scopes: oauth ? [...m.oauth2.defaultScopes] : [],
    proxy: { base_url: tk.baseUrl },
    fields: {
      auth_config_creation: split(
        oauth
          ? [
              field('client_id', 'Client id', 'Your OAuth app client id (custom auth configs only)', true, false),
              field('client_secret', 'Client secret', 'Your OAuth app client secret; stored encrypted, never returned', true, true),
              field('scopes', 'Scopes', `Scopes to request, comma-separated; default: ${m.oauth2.defaultScopes.join(', ')}`, false, false),
            ]
          : [],
      ),
      connected_account_initiation: split(oauth ? [] : credentialFields(m.credentials)),
    },
  };
}

export function createCatalogView(deps: CatalogViewDeps) {
  const { catalog, isManagedClientConfigured } = deps;

  const managedSchemes = (tk: ToolkitFile) =>
    isManagedClientConfigured(tk.slug) && tk.authMethods.some((m) => m.kind === 'oauth2') ? ['OAUTH2'] : [];

  function meta(tk: ToolkitFile, categoryKey: 'id' | 'slug') {
    return {
      ...(tk.description ? { description: tk.description } : {}),
      logo: toolkitLogo(tk),
      version: tk.version,
      app_url: tk.appUrl ?? null,
      tools_count: catalog.toolsOf(tk.slug).length,
      triggers_count: catalog.triggersCountOf(tk.slug),
      // The v3.1 list names the category key `id`, the single read `slug`.
      categories: tk.categories.map((c) => ({ [categoryKey]: c.slug, name: c.name })),
    };
  }

  function toolkitItem(tk: ToolkitFile) {
    return {
      slug: tk.slug,
      name: tk.name,
      type: 'native',
      is_local_toolkit: false,
      auth_schemes: [...new Set(tk.authMethods.map((m) => schemeOf(m.kind)))],
      composio_managed_auth_schemes: managedSchemes(tk),
      no_auth: tk.noAuth,
      auth_guide_url: null,
      deprecated: { toolkitId: tk.slug },
      meta: meta(tk, 'id'),
    };
  }

  function toolkitDetail(tk: ToolkitFile) {
    const managed = managedSchemes(tk).length > 0;
    return {
      slug: tk.slug,
      name: tk.name,
      type: 'native',
      enabled: true,
      is_local_toolkit: false,
      no_auth: tk.noAuth,
      composio_managed_auth_schemes: managedSchemes(tk),
      composio_managed_auth: managed
        ? tk.authMethods.flatMap((m) =>
            m.kind === 'oauth2' ? [{ mode: 'OAUTH2', scopes: { available: [...m.oauth2.defaultScopes] } }] : [],
          )
        : [],
      auth_guide_url: null,
      base_url: tk.baseUrl,
      deprecated: { toolkitId: tk.slug, rawProxyInfoByAuthSchemes: [] },
      meta: { ...meta(tk, 'slug'), available_versions: [tk.version] },
      auth_config_details: tk.authMethods.map((m) => authConfigDetails(tk, m)),
    };
  }

  function tool(t: ToolFile) {
    const tk = catalog.getToolEntry(t.slug)?.toolkit;
    const logo = toolkitLogo(tk);
    const deprecated = t.deprecated ?? false;
    return {
      slug: t.slug,
      name: t.name,
      description: t.description,
      human_description: t.description,
      toolkit: { slug: tk?.slug ?? '', name: tk?.name ?? '', logo },
      version: t.version,
      available_versions: [t.version],
      tags: [...t.tags],
      scopes: [...(t.scopes ?? [])],
      no_auth: tk?.noAuth ?? false,
      is_deprecated: deprecated,
      scope_requirements: t.scopes && t.scopes.length > 0 ? { all_of: [...t.scopes] } : null,
      input_parameters: structuredClone(t.input) as Record<string, unknown>,
      output_parameters: {},
      deprecated: {
        displayName: t.name,
        version: t.version,
        available_versions: [t.version],
        is_deprecated: deprecated,
        toolkit: { logo },
      },
    };
  }

  /** Every category of the catalog once, as the v3.1 category list wants it. */
  function categories(): { id: string; name: string }[] {
    const seen = new Map<string, string>();
    for (const tk of catalog.toolkits()) for (const c of tk.categories) if (!seen.has(c.slug)) seen.set(c.slug, c.name);
    return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  return { toolkitItem, toolkitDetail, tool, categories, managedSchemes };
}

export type CatalogView = ReturnType<typeof createCatalogView>;
