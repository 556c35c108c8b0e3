/**
 * The authenticated proxy (spec 4.3): any provider path or allowed URL through a connection. The
 * target must be under the toolkit's base URL or on one of its allowed hosts; anything else is
 * refused before a token is read. Caller headers cannot override the injected credential, and
 * provider credential and hop-by-hop headers are not passed back. Redirects are returned, never
 * followed, so a token never travels to another host. Injection, the refresh-and-retry on a
 * provider 401 and recording are the shared provider call's (provider-call.ts).
 */
import type { Catalog } from '../catalog/catalog.js';
import { connectionTarget } from '../catalog/connection-config.js';
import type { RenderedRequest } from '../catalog/request-template.js';
import type { ConnectionResolver } from '../connections/connection-resolver.js';
import { badRequest, notFound } from '../errors.js';
import { HEADER_NAME, mergeOutboundHeaders } from '../providers/outbound-headers.js';
import { resolveProxyTarget } from '../providers/proxy-target.js';
import { passableResponseHeaders } from '../providers/response-body.js';
import type { ProviderCall } from './provider-call.js';
import type { CallContext, ExecutionRecorder } from './execution-recorder.js';
import type { IConnection } from '../db/entities/index.js';

export const PROXY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const satisfies readonly RenderedRequest['method'][];
type ProxyMethod = (typeof PROXY_METHODS)[number];
/** `type/subtype` plus optional parameters, printable ASCII only (it becomes a header value). */
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;[\x20-\x7e]*)?$/;
const isProxyMethod = (m: string): m is ProxyMethod => (PROXY_METHODS as readonly string[]).includes(m);
/** Header values without CR, LF or other control characters (what Node accepts to send). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** A caller header that cannot be sent is the caller's 400, naming it, not a failure of the send. */
function assertSendableHeaders(headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
    if (!HEADER_NAME.test(name)) {
      throw badRequest(`Header name "${shown}" is not a valid HTTP header name`, {
        errors: [{ field: `headers.${shown}`, message: 'is not a valid header name' }],
      });
    }
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw badRequest(`Header ${shown} must not contain line breaks or control characters`, {
        errors: [{ field: `headers.${shown}`, message: 'must not contain line breaks or control characters' }],
      });
    }
  }
}

export interface ProxyInput {
  connectionId: string;
  endpoint: string;
  method: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Raw bytes to send instead of a JSON `body` (compat `binary_body`), with their media type
   *  (default application/octet-stream; it replaces a caller content-type header). */
  binaryBody?: { data: Buffer; contentType?: string };
}

export interface ProxyResult {
  status: number;
  headers: Record<string, string>;
  data?: unknown;
}

export interface ProxyServiceDeps {
  catalog: Pick<Catalog, 'getToolkit'>;
  resolver: Pick<ConnectionResolver, 'resolve'>;
  providerCall: ProviderCall;
  /** Records the calls refused before the provider (the provider call records the others). */
  recorder: Pick<ExecutionRecorder, 'refused'>;
}

/** What the record's detail shows of a proxy call: the caller's request (binary bodies by size only). */
function recordedInput(method: string, input: ProxyInput): unknown {
  return {
    method,
    endpoint: input.endpoint,
    ...(input.query ? { query: input.query } : {}),
    ...(input.headers ? { headers: input.headers } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.binaryBody ? { binaryBody: { contentType: input.binaryBody.contentType ?? null, bytes: input.binaryBody.data.length } } : {}),
  };
}

export function createProxyService(deps: ProxyServiceDeps) {
  const { catalog, resolver, providerCall, recorder } = deps;

  /** Checks the call and finds its connection and target; throws the refusal. */
  async function prepare(projectId: string, method: string, input: ProxyInput, found: { connection?: IConnection }) {
    if (!isProxyMethod(method)) {
      throw badRequest(`Unsupported method "${input.method}"; use one of ${PROXY_METHODS.join(', ')}`, {
        errors: [{ field: 'method', message: 'unsupported' }],
      });
    }
    assertSendableHeaders(input.headers);
    if (input.binaryBody && input.body !== undefined) {
      throw badRequest('Send either a JSON body or a binary body, not both', {
        errors: [{ field: 'binary_body', message: 'conflicts with body' }],
      });
    }
    if (input.binaryBody?.contentType !== undefined && !MEDIA_TYPE.test(input.binaryBody.contentType)) {
      throw badRequest('The binary body content type is not a media type (type/subtype[; parameters])', {
        errors: [{ field: 'binary_body.content_type', message: 'not a media type' }],
      });
    }
    if (input.binaryBody && (method === 'GET' || method === 'HEAD')) {
      throw badRequest(`A ${method} request carries no body; use POST, PUT, PATCH or DELETE to send binary_body`, {
        errors: [{ field: 'binary_body', message: `not allowed with ${method}` }],
      });
    }
    const { connection } = await resolver.resolve(projectId, null, { connectionId: input.connectionId });
    found.connection = connection;
    const toolkit = catalog.getToolkit(connection.toolkitSlug);
    if (!toolkit) throw notFound(`Toolkit ${connection.toolkitSlug} is no longer in the catalog`);
    // The base URL and hosts as rendered for this connection ({connectionConfig.<name>}): its own host is allowed, no other's.
    const target = resolveProxyTarget({ endpoint: input.endpoint, ...connectionTarget(toolkit, connection.connectionConfig) });
    for (const [k, v] of Object.entries(input.query ?? {})) target.searchParams.append(k, v);
    return { connection, method, target };
  }

  return {
    /** Sends one proxy call; a refusal before the provider is recorded, then thrown. */
    async proxy(projectId: string, input: ProxyInput, context: CallContext = {}): Promise<ProxyResult> {
      const started = performance.now();
      const upper = input.method.toUpperCase();
      const found: { connection?: IConnection } = {};
      let prepared;
      try {
        prepared = await prepare(projectId, upper, input, found);
      } catch (err) {
        recorder.refused(
          {
            projectId,
            connectionId: found.connection?.id ?? '',
            entityId: found.connection?.entityId ?? null,
            kind: 'proxy',
            toolSlug: null,
            toolkitSlug: found.connection?.toolkitSlug ?? '',
            requestId: context.requestId ?? null,
          },
          err,
          { input: recordedInput(upper, input) },
          started,
        );
        throw err;
      }
      const { connection, method, target } = prepared;
      // Only now, with the target allowed, may the shared call read the connection's token.
      const hasBody = input.body !== undefined && method !== 'GET' && method !== 'HEAD';
      const res = await providerCall({
        projectId,
        connection,
        kind: 'proxy',
        toolSlug: null,
        request: { method, url: target.toString(), headers: {} },
        successful: (status) => status >= 200 && status < 400,
        context,
        recordedInput: recordedInput(method, input),
        outbound: (injected) => {
          const headers = mergeOutboundHeaders(input.headers, injected.headers);
          const binary = input.binaryBody;
          if (binary) {
            return {
              method,
              url: injected.url,
              headers: { ...headers, 'content-type': binary.contentType ?? 'application/octet-stream' },
              body: binary.data,
              bodyEncoding: 'raw' as const,
            };
          }
          return {
            method,
            url: injected.url,
            headers: hasBody && !headers['content-type'] ? { ...headers, 'content-type': 'application/json' } : headers,
            ...(hasBody ? { body: input.body, bodyEncoding: 'json' as const } : {}),
          };
        },
      });
      return { status: res.status, headers: passableResponseHeaders(res.headers), data: res.data };
    },
  };
}
