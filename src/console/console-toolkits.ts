/**
 * The catalog as the console shows it when a person sets up an auth config or a connection: the
 * native toolkit views (catalog-service.ts: tools count, scopes, whether a managed OAuth client
 * exists) plus what a form needs from the catalog files and the native API leaves out: the logo,
 * the credential fields of API-key / basic / bearer methods and the default OAuth scopes. OAuth
 * endpoints, base URLs and injection rules stay inside the broker.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { AuthMethodDef } from '../catalog/catalog-schema.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { ConsoleToolkit } from './project-api-schemas.js';

type ConsoleAuthMethod = ConsoleToolkit['authMethods'][number];

const credentialFields = (m: AuthMethodDef | undefined) => (m && m.kind !== 'oauth2' ? structuredClone(m.credentials) : null);
const defaultScopes = (m: AuthMethodDef | undefined) => (m?.kind === 'oauth2' ? [...m.oauth2.defaultScopes] : []);

export function createConsoleToolkits(deps: {
  catalog: Pick<Catalog, 'getToolkit' | 'toolkits'>;
  catalogService: Pick<CatalogService, 'listToolkits'>;
}) {
  return {
    /** Every toolkit of the catalog, in the catalog's order. */
    list(): ConsoleToolkit[] {
      const all = deps.catalogService.listToolkits({ limit: deps.catalog.toolkits().length || 1, offset: 0 });
      return all.items.map((tk) => {
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
        };
      });
    },
  };
}
