/**
 * One provider call through a connection, shared by executeTool and the proxy: look up the
 * connection's auth method, inject its credential, send, and on a provider 401 of an OAuth
 * connection refresh once and retry once (a second 401 marks the connection EXPIRED; a 401 to a
 * credential connection marks it EXPIRED at once, nothing can renew a key), then
 * decode the body. Every call is recorded (execution-recorder), whatever its outcome, with the
 * credential values it carried cut out of its stored detail. Before
 * anything is read or sent, the call is counted against its organization's monthly execution
 * quota (execution-quota.ts): the one check every plane's executions and proxy calls pass. What is
 * sent is decided by the caller beforehand; this module never reads arguments or targets.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { AuthMethodDef } from '../catalog/catalog-schema.js';
import { applyInjection, type RenderedRequest } from '../catalog/request-template.js';
import type { TokenService } from '../connections/token-service.js';
import type { IConnection } from '../db/entities/index.js';
import { badRequest } from '../errors.js';
import type { ProviderHttpClient, ProviderRequest } from '../providers/http-client.js';
import { decodeProviderBody } from '../providers/response-body.js';
import type { CallContext, DetailSource, ExecutionRecorder, RecordBase, RecordedCall } from './execution-recorder.js';
import type { ExecutionQuota } from './execution-quota.js';

/** Only what a provider call uses (tests and other callers can pass narrow fakes). */
export interface ProviderCallDeps {
  catalog: Pick<Catalog, 'requireAuthMethod'>;
  tokens: Pick<TokenService, 'injectValues' | 'refreshAfterUnauthorized' | 'rejectedAfterRefresh' | 'credentialsRejected'>;
  http: Pick<ProviderHttpClient, 'request'>;
  recorder: Pick<ExecutionRecorder, 'track' | 'refused'>;
  quota: Pick<ExecutionQuota, 'admit'>;
}

/**
 * What a caller that asks learns of its call (the console's playground; an agent's call passes
 * none and pays a property check per step): the last request handed to the HTTP client, credentials
 * injected, with the credential values to mask in it, and the record's id and duration.
 */
export interface ProviderExchange extends RecordedCall {
  request?: ProviderRequest;
  secrets?: readonly string[];
  /** The provider's answer's headers, unfiltered. */
  responseHeaders?: Record<string, string>;
}

export interface ProviderCallContext extends CallContext {
  exchange?: ProviderExchange | undefined;
}

interface ProviderCallCommon {
  projectId: string;
  /** Recorded as a tool execution (with the tool's slug) or a proxy request. */
  kind: 'tool' | 'proxy';
  toolSlug: string | null;
  /** The request without credentials: a rendered tool template, or the proxy's checked target. */
  request: RenderedRequest;
  /** Turns the credential-injected request into what is sent (the proxy merges caller headers
   *  here). Default: sent as is, with a JSON body when it has one. */
  outbound?: (injected: RenderedRequest) => ProviderRequest;
  /** Which provider statuses the record counts as successful. */
  successful: (status: number) => boolean;
  /** The request's id, for the record; an exchange to fill when the caller asks. */
  context?: ProviderCallContext | undefined;
  /** What the record's detail shows as the call's input (the tool's arguments, the proxy's request). */
  recordedInput?: unknown;
}

export type ProviderCallInput = ProviderCallCommon &
  (
    | {
        /** A usable (resolved) connection whose stored credential is injected; its toolkit is recorded. */
        connection: IConnection;
      }
    | {
        /** The request already carries the caller's own credentials (caller-auth.ts): nothing is read,
         *  injected or refreshed, and the record names the toolkit without a connection. */
        connection: null;
        toolkitSlug: string;
        /** The end user the caller named, if any. */
        entityId?: string | undefined;
        /** The caller's credential values: cut out of the stored detail. */
        secrets?: readonly string[];
      }
  );

export interface ProviderCallResult {
  status: number;
  /** The provider's response headers, unfiltered (the proxy filters what it passes back). */
  headers: Record<string, string>;
  data: unknown;
}

const asJson = (req: RenderedRequest): ProviderRequest => ({
  method: req.method,
  url: req.url,
  headers: req.headers,
  body: req.body,
  bodyEncoding: req.bodyEncoding ?? 'json',
});

export function createProviderCall(deps: ProviderCallDeps) {
  const { catalog, tokens, http, recorder, quota } = deps;

  function send(input: ProviderCallInput, connection: IConnection, method: AuthMethodDef, values: Record<string, string>) {
    let injected: RenderedRequest;
    try {
      injected = applyInjection(input.request, method.inject, values);
    } catch {
      throw badRequest(`Connection ${connection.id} lacks a credential field its auth method needs; connect it again`);
    }
    return sendAndTell(input, (input.outbound ?? asJson)(injected));
  }

  function sendAndTell(input: ProviderCallInput, outbound: ProviderRequest) {
    const exchange = input.context?.exchange;
    if (exchange) exchange.request = outbound;
    return http.request(outbound);
  }

  return async function providerCall(input: ProviderCallInput): Promise<ProviderCallResult> {
    const { connection } = input;
    const base: RecordBase = {
      projectId: input.projectId,
      connectionId: connection ? connection.id : '',
      entityId: connection ? connection.entityId : (input.entityId ?? null),
      kind: input.kind,
      toolSlug: input.toolSlug,
      toolkitSlug: connection ? connection.toolkitSlug : input.toolkitSlug,
      requestId: input.context?.requestId ?? null,
    };
    // The credential values this call carries, filled in as they are read: cut out of the detail.
    const secrets: string[] = connection ? [] : [...(input.secrets ?? [])];
    const exchange = input.context?.exchange;
    if (exchange) exchange.secrets = secrets;
    const detail: DetailSource = { input: input.recordedInput, secrets, exchange };
    const run = async (): Promise<ProviderCallResult> => {
      if (!connection) {
        const res = await sendAndTell(input, (input.outbound ?? asJson)(input.request));
        if (exchange) exchange.responseHeaders = res.headers;
        return { status: res.status, headers: res.headers, data: decodeProviderBody(res).data };
      }
      const method = catalog.requireAuthMethod('connection', connection);
      const values = await tokens.injectValues(connection);
      secrets.push(...Object.values(values));
      let res = await send(input, connection, method, values);
      if (res.status === 401 && method.kind === 'oauth2') {
        const retryWith = await tokens.refreshAfterUnauthorized(connection, values.access_token ?? '');
        if (retryWith) {
          secrets.push(...Object.values(retryWith));
          res = await send(input, connection, method, retryWith);
          if (res.status === 401) await tokens.rejectedAfterRefresh(connection);
        }
      } else if (res.status === 401 && method.kind !== 'oauth2') {
        // A key cannot be refreshed: the connection is EXPIRED until it gets new credentials.
        await tokens.credentialsRejected(connection, values);
      }
      if (exchange) exchange.responseHeaders = res.headers;
      return { status: res.status, headers: res.headers, data: decodeProviderBody(res).data };
    };
    // Over the quota this throws (429): nothing is read or sent, and the refusal is recorded (it
    // does not count in the quota: usage-repository.ts). Unlimited: a cached lookup.
    let admitted;
    try {
      admitted = quota.admit(input.projectId);
      if (admitted instanceof Promise) admitted = await admitted;
    } catch (err) {
      recorder.refused(base, err, detail);
      throw err;
    }
    if (!admitted) return recorder.track(base, input.successful, run, detail);
    try {
      return await recorder.track(base, input.successful, run, detail);
    } finally {
      // Recorded by now (track records in its finally), so the quota's next count includes it.
      admitted.done();
    }
  };
}

export type ProviderCall = ReturnType<typeof createProviderCall>;
