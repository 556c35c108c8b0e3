/**
 * One declaration per operation: `defineOperation` holds its id, method, URL, OpenAPI words and
 * TypeBox schemas as plain data, and `route` registers the Fastify route from it, so validation,
 * serialization, handler types, spec.json and the test client (test/helpers/api-client.ts) all
 * read the same object. Each plane lists its operations in its `contract.ts` with its prefix.
 */
import type { TSchema } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperationDeclaration {
  /** Unique within its plane; the OpenAPI operationId and the test client's method name. */
  operationId: string;
  method: OperationMethod;
  /** Relative to the plane's prefix, Fastify style (`/tools/:slug/execute`). */
  url: string;
  summary?: string;
  description?: string;
  tags?: readonly string[];
  /** Left out of spec.json (JSON-RPC, HTML pages, the compat mount's private routes). */
  hide?: boolean;
  /** OpenAPI security requirements when they differ from the document's default (the API key). */
  security?: readonly Record<string, readonly string[]>[];
  params?: TSchema;
  querystring?: TSchema;
  headers?: TSchema;
  body?: TSchema;
  /** Status -> schema; only these statuses are typed for the handler's reply and the test client. */
  response?: Readonly<Record<number, TSchema>>;
  /** Plane-specific route config (e.g. the role a console route needs), typed by the declaration. */
  config?: Readonly<Record<string, unknown>>;
}

/** Keeps the literal types (operationId, method, each schema) so handlers and clients infer from them. */
export function defineOperation<const O extends OperationDeclaration>(operation: O): O {
  return operation;
}

/** The schemas of an operation in the shape Fastify's type provider reads. */
export interface RouteSchemaOf<O extends OperationDeclaration> {
  params: O['params'];
  querystring: O['querystring'];
  headers: O['headers'];
  body: O['body'];
  response: O['response'];
}

/** A handler with `request.params/query/body/headers` and the reply typed from the declaration. */
export type OperationHandler<O extends OperationDeclaration> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  O['config'] extends object ? O['config'] : unknown,
  RouteSchemaOf<O>,
  TypeBoxTypeProvider
>;

/** The Fastify `schema` of an operation: only the keys it declares, in the order spec.json lists them. */
function routeSchema(op: OperationDeclaration): Record<string, unknown> {
  const schema: Record<string, unknown> = {
    operationId: op.operationId,
    tags: op.tags,
    summary: op.summary,
    description: op.description,
    hide: op.hide,
    security: op.security,
    params: op.params,
    querystring: op.querystring,
    headers: op.headers,
    body: op.body,
    response: op.response,
  };
  for (const key of Object.keys(schema)) if (schema[key] === undefined) delete schema[key];
  return schema;
}

/** Registers the route of `operation` on `app` (inside the plane's prefix) with `handler`. */
export function route<O extends OperationDeclaration, P extends FastifyTypeProvider>(
  app: FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, P>,
  operation: O,
  handler: OperationHandler<O>,
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    method: operation.method,
    url: operation.url,
    schema: routeSchema(operation),
    ...(operation.config ? { config: operation.config } : {}),
    handler: handler as RouteHandlerMethod,
  });
}

/** A plane's operations and the prefix it is mounted at, for the test client and the docs. */
export interface Contract<Ops extends Record<string, OperationDeclaration> = Record<string, OperationDeclaration>> {
  prefix: string;
  operations: Ops;
}
