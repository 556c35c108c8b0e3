/**
 * A typed client over `app.inject`, built from the planes' declared operations (plugins/*\/contract.ts):
 * `apiClient(app, { key }).executeTool({ params: { slug }, body })` sends the request the route
 * expects and answers `{ status, body, headers, response }`, where `body` is typed from the
 * operation's response schema for that status (narrow with `if (res.status === 200)`). A renamed
 * operation, a wrong field or a misspelled parameter fails to compile. Only declared statuses are
 * typed: for a transport refusal (413, 429…) or a deliberately malformed request use `app.inject`.
 */
import type { Static, TOptional, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Contract, OperationDeclaration } from '../../plugins/operations.js';
import { nativeContract } from '../../plugins/native/contract.js';
import { compatContract } from '../../plugins/compat/contract.js';
import { consoleContract } from '../../plugins/console/contract.js';

type Declared<T> = T extends TSchema ? T : never;

/** What a call takes: params when the route has any, a typed query, the body (optional when the schema is). */
type ParamsPart<O extends OperationDeclaration> = O['params'] extends TSchema ? { params: Static<O['params']> } : { params?: never };
type QueryPart<O extends OperationDeclaration> = O['querystring'] extends TSchema
  ? { query?: Static<O['querystring']> }
  : { query?: never };
type BodyPart<O extends OperationDeclaration> =
  O['body'] extends TOptional<TSchema>
    ? { body?: Static<O['body']> }
    : O['body'] extends TSchema
      ? { body: Static<O['body']> }
      : { body?: never };
export type OperationInput<O extends OperationDeclaration> = ParamsPart<O> &
  QueryPart<O> &
  BodyPart<O> & { headers?: Record<string, string> };

/** One member per declared status, so `status` narrows `body`. */
export type OperationAnswer<O extends OperationDeclaration> =
  O['response'] extends Record<number, TSchema>
    ? {
        [S in keyof O['response'] & number]: {
          status: S;
          body: Static<Declared<O['response'][S]>>;
          headers: LightMyRequestResponse['headers'];
          response: LightMyRequestResponse;
        };
      }[keyof O['response'] & number]
    : { status: number; body: unknown; headers: LightMyRequestResponse['headers']; response: LightMyRequestResponse };

/** An input that may be left out entirely when nothing in it is required. */
type Args<O extends OperationDeclaration> = object extends OperationInput<O> ? [input?: OperationInput<O>] : [input: OperationInput<O>];

export type ContractClient<Ops extends Record<string, OperationDeclaration>> = {
  [K in keyof Ops]: (...args: Args<Ops[K]>) => Promise<OperationAnswer<Ops[K]>>;
};

function pathOf(url: string, params: Record<string, unknown> | undefined): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`api-client: missing path parameter ${name} for ${url}`);
    return encodeURIComponent(String(value));
  });
}

function queryOf(query: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

/** A client for every operation of `contract`, sending `headers` (e.g. the API key) on each call. */
export function contractClient<Ops extends Record<string, OperationDeclaration>>(
  app: FastifyInstance,
  contract: Contract<Ops>,
  defaults: { headers?: Record<string, string> } = {},
): ContractClient<Ops> {
  const client: Record<string, (input?: Record<string, unknown>) => Promise<unknown>> = {};
  for (const [name, op] of Object.entries(contract.operations)) {
    client[name] = async (input = {}) => {
      const body = input.body;
      const response = await app.inject({
        method: op.method,
        url: contract.prefix + pathOf(op.url, input.params as Record<string, unknown> | undefined),
        query: queryOf(input.query as Record<string, unknown> | undefined),
        headers: {
          ...defaults.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(input.headers as Record<string, string> | undefined),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      const json = String(response.headers['content-type'] ?? '').includes('json') && response.body !== '';
      // A 204 has no body; its declared schema is null.
      const answer = json ? response.json() : response.statusCode === 204 ? null : response.body;
      return { status: response.statusCode, body: answer, headers: response.headers, response };
    };
  }
  return client as ContractClient<Ops>;
}

/** The native API (/api/v1) as a project key sees it. */
export const apiClient = (app: FastifyInstance, { key }: { key: string }) =>
  contractClient(app, nativeContract, { headers: { 'x-api-key': key } });

/** The compat mount (/compat/api/v3.1) as a project key sees it. */
export const compatClient = (app: FastifyInstance, { key }: { key: string }) =>
  contractClient(app, compatContract, { headers: { 'x-api-key': key } });

/**
 * The console plane (/api/v1/console) as a signed-in person sees it: the session cookie and the
 * CSRF token on every call (the plane only checks the token on POST, PATCH, PUT and DELETE). Pass
 * the session of test/helpers/console.ts signUp/signIn: `consoleClient(app, await signUp(app, email))`.
 */
export const consoleClient = (app: FastifyInstance, { cookie, csrfToken }: { cookie: string; csrfToken: string }) =>
  contractClient(app, consoleContract, { headers: { cookie, 'x-csrf-token': csrfToken } });
