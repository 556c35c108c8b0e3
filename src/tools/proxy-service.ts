/**
 * The authenticated proxy (spec 4.3): any provider path or allowed URL through a connection. The
 * target must be under the toolkit's base URL or on one of its allowed hosts; anything else is
 * refused before a token is read. Caller headers cannot override the injected credential, and
 * provider credential and hop-by-hop headers are not passed back. Redirects are returned, never
 * followed, so a token never travels to another host.
 */
import { applyInjection } from '../catalog/request-template.js';
import { badRequest, notFound } from '../errors.js';
import { mergeOutboundHeaders } from '../providers/outbound-headers.js';
import { resolveProxyTarget } from '../providers/proxy-target.js';
import { decodeProviderBody, passableResponseHeaders } from '../providers/response-body.js';
import type { ProviderCallDeps } from './execution-service.js';

export const PROXY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;

export interface ProxyInput {
  connectionId: string;
  endpoint: string;
  method: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface ProxyResult {
  status: number;
  headers: Record<string, string>;
  data?: unknown;
}

export function createProxyService(deps: ProviderCallDeps) {
  const { catalog, resolver, tokens, http, recorder } = deps;

  return {
    async proxy(projectId: string, input: ProxyInput): Promise<ProxyResult> {
      const method = input.method.toUpperCase();
      if (!(PROXY_METHODS as readonly string[]).includes(method)) {
        throw badRequest(`Unsupported method "${input.method}"; use one of ${PROXY_METHODS.join(', ')}`, { errors: [{ field: 'method', message: 'unsupported' }] });
      }
      const { connection } = await resolver.resolve(projectId, null, { connectionId: input.connectionId });
      const toolkit = catalog.getToolkit(connection.toolkitSlug);
      if (!toolkit) throw notFound(`Toolkit ${connection.toolkitSlug} is no longer in the catalog`);
      const target = resolveProxyTarget({ endpoint: input.endpoint, baseUrl: toolkit.baseUrl, allowedHosts: toolkit.allowedHosts });
      for (const [k, v] of Object.entries(input.query ?? {})) target.searchParams.append(k, v);
      const authMethod = toolkit.authMethods.find((m) => m.id === connection.authMethodId);
      if (!authMethod) throw badRequest(`Auth method ${connection.authMethodId} no longer exists in ${toolkit.slug}`);

      const base = { projectId, connectionId: connection.id, kind: 'proxy' as const, toolSlug: null, toolkitSlug: toolkit.slug };
      return recorder.track(base, (status) => status >= 200 && status < 400, async () => {
        const values = await tokens.injectValues(connection);
        const injected = applyInjection({ method: 'GET', url: target.toString(), headers: {} }, authMethod.inject, values);
        const hasBody = input.body !== undefined && method !== 'GET' && method !== 'HEAD';
        const headers = mergeOutboundHeaders(input.headers, injected.headers);
        const res = await http.request({
          method,
          url: injected.url,
          headers: hasBody && !headers['content-type'] ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(hasBody ? { body: input.body, bodyEncoding: 'json' as const } : {}),
        });
        const { data } = decodeProviderBody(res);
        return { status: res.status, headers: passableResponseHeaders(res.headers), data };
      });
    },
  };
}

export type ProxyService = ReturnType<typeof createProxyService>;
