/**
 * Compat tools (compat-v3.1.md section 5): list, enum, scope lookup, read, execute and proxy.
 * Execution and proxy calls go to the same services as the native API; this file only renames
 * fields and shapes the envelope the SDK parses (`data` always an object, `error` always present).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { principal } from '../auth.js';
import { MAX_MAP_ENTRIES, TEXT_LIMITS } from '../../src/schemas/common.js';
import { notFound } from '../../src/errors.js';
import type { ToolFile } from '../../src/catalog/catalog-schema.js';
import { compatBadRequest, notImplementedHere } from './errors.js';
import { clampLimit, commaList, decodeCursor, pageOf, queryBool } from './paging.js';
import type { CatalogView } from './catalog-view.js';
import { toExecuteEnvelope } from './execute-envelope.js';
import { BinaryBody, binaryBodyOf, callerAuthOf, CustomAuthParams } from './caller-inputs.js';
import { CompatPage, ExecuteResponse, LooseObject, OptionalString, ToolSlugParams } from './schemas.js';
import { defineOperation, route } from '../operations.js';

const ListQuery = Type.Object(
  {
    toolkit_slug: OptionalString,
    tool_slugs: OptionalString,
    auth_config_ids: OptionalString,
    important: OptionalString,
    tags: OptionalString,
    scopes: OptionalString,
    query: OptionalString,
    search: OptionalString,
    include_deprecated: OptionalString,
    toolkit_versions: OptionalString,
    limit: OptionalString,
    cursor: OptionalString,
  },
  { additionalProperties: true },
);

const ExecuteBody = Type.Object(
  {
    connected_account_id: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.id })),
    user_id: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.entityId })),
    entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.entityId, description: 'Deprecated alias of user_id' })),
    version: Type.Optional(Type.String({ description: '"latest" or a tool version; the catalog has one version per tool' })),
    arguments: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    text: Type.Optional(Type.String()),
    custom_auth_params: Type.Optional(Type.Union([CustomAuthParams, Type.Null()])),
    custom_connection_data: Type.Optional(Type.Unknown()),
    allow_tracing: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

const ProxyParameter = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    value: Type.Union([Type.String({ maxLength: TEXT_LIMITS.headerValue }), Type.Number()]),
    type: Type.Optional(Type.String({ maxLength: 20 })),
    in: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: true },
);

const ProxyBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.url }),
    method: Type.String({ minLength: 1, maxLength: 10 }),
    connected_account_id: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.id })),
    body: Type.Optional(Type.Unknown()),
    binary_body: Type.Optional(Type.Union([BinaryBody, Type.Null()])),
    parameters: Type.Optional(Type.Array(ProxyParameter, { maxItems: MAX_MAP_ENTRIES })),
    custom_connection_data: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

export const toolOperations = {
  listTools: defineOperation({
    operationId: 'listTools',
    method: 'GET',
    url: '/tools',
    querystring: ListQuery,
    response: { 200: CompatPage },
  }),
  listToolEnum: defineOperation({
    operationId: 'listToolEnum',
    method: 'GET',
    url: '/tools/enum',
    response: { 200: Type.Array(Type.String()) },
  }),
  getRequiredScopes: defineOperation({
    operationId: 'getRequiredScopes',
    method: 'POST',
    url: '/tools/scopes/required',
    body: Type.Object(
      { tools: Type.Array(Type.String({ minLength: 1 })), version: Type.Optional(Type.String()) },
      { additionalProperties: true },
    ),
    response: { 200: LooseObject },
  }),
  getTool: defineOperation({
    operationId: 'getTool',
    method: 'GET',
    url: '/tools/:tool_slug',
    params: ToolSlugParams,
    querystring: Type.Object({ version: OptionalString, toolkit_versions: OptionalString }, { additionalProperties: true }),
    response: { 200: LooseObject },
  }),
  executeTool: defineOperation({
    operationId: 'executeTool',
    method: 'POST',
    url: '/tools/execute/:tool_slug',
    params: ToolSlugParams,
    body: Type.Optional(ExecuteBody),
    response: { 200: ExecuteResponse },
  }),
  getToolInput: defineOperation({
    operationId: 'getToolInput',
    method: 'POST',
    url: '/tools/execute/:tool_slug/input',
    params: ToolSlugParams,
    body: Type.Optional(LooseObject),
  }),
  proxyExecute: defineOperation({
    operationId: 'proxyExecute',
    method: 'POST',
    url: '/tools/execute/proxy',
    body: ProxyBody,
    response: { 200: LooseObject },
  }),
};
const ops = toolOperations;

const toolRoutes: FastifyPluginAsyncTypebox<{
  services: Pick<Services, 'catalog' | 'authConfigs' | 'execution' | 'proxy'>;
  view: CatalogView;
}> = async (app, { services, view }) => {
  const { catalog, authConfigs, execution, proxy } = services;
  const everyTool = () => catalog.toolkits().flatMap((tk) => catalog.toolsOf(tk.slug));
  const findTool = (slug: string) => catalog.getTool(slug) ?? catalog.getTool(slug.toUpperCase());

  route(app, ops.listTools, async (req) => {
    const q = req.query;
    const toolkits = commaList(q.toolkit_slug)?.map((s) => s.toLowerCase());
    const slugs = commaList(q.tool_slugs)?.map((s) => s.toUpperCase());
    const search = (q.query || q.search)?.trim() || undefined;
    const everything = Math.max(1, catalog.toolCount);
    let tools: ToolFile[];
    if (slugs) tools = slugs.map((s) => catalog.getTool(s)).filter((t): t is ToolFile => t !== undefined);
    else if (toolkits) tools = toolkits.flatMap((toolkit) => catalog.searchTools({ toolkit, search, limit: everything }).items);
    else tools = catalog.searchTools({ search, limit: everything }).items;
    if (slugs && toolkits) tools = tools.filter((t) => toolkits.includes(catalog.getToolEntry(t.slug)?.toolkit.slug ?? ''));
    const tags = commaList(q.tags)?.map((s) => s.toLowerCase());
    if (tags) tools = tools.filter((t) => t.tags.some((tag) => tags.includes(tag.toLowerCase())));
    const scopes = commaList(q.scopes);
    if (scopes) tools = tools.filter((t) => (t.scopes ?? []).some((s) => scopes.includes(s)));
    if (queryBool(q.include_deprecated) === false) tools = tools.filter((t) => !t.deprecated);
    const configIds = commaList(q.auth_config_ids);
    if (configIds) {
      const allowed = await authConfigs.toolsAllowed(principal(req).projectId, configIds);
      tools = tools.filter((t) => allowed.has(t.slug));
    }
    // `important=true` asks for a featured subset; the catalog has no such flag, so all tools
    // match (never an empty list because of it). `toolkit_versions`: one version per tool.
    return pageOf(tools.map(view.tool), decodeCursor(q.cursor), clampLimit(q.limit, 1000, 1000));
  });

  route(app, ops.listToolEnum, async () =>
    everyTool()
      .map((t) => t.slug)
      .sort(),
  );

  route(app, ops.getRequiredScopes, async (req) => {
    const unknown = req.body.tools.filter((s) => !findTool(s));
    if (unknown.length > 0)
      throw compatBadRequest(
        `Unknown tools: ${unknown.join(', ')}`,
        unknown.map((s) => `tools ${s} is not a tool`),
      );
    const tools = req.body.tools.map((s) => findTool(s)!);
    return {
      scopes_required: [...new Set(tools.flatMap((t) => t.scopes ?? []))].sort(),
      per_tool_requirements: tools.map((t) => ({ tool: t.slug, scope_requirements: view.tool(t).scope_requirements })),
    };
  });

  route(app, ops.getTool, async (req) => {
    const tool = findTool(req.params.tool_slug);
    if (!tool) throw notFound(`Tool ${req.params.tool_slug} not found`);
    return view.tool(tool);
  });

  route(app, ops.executeTool, async (req) => {
    const b = req.body ?? {};
    if (b.custom_connection_data !== undefined && b.custom_connection_data !== null) {
      throw notImplementedHere(
        'Executing with custom_connection_data (deprecated)',
        'Pass your credentials as custom_auth_params.parameters, or store them as a connected account.',
      );
    }
    if (b.text !== undefined && b.arguments === undefined)
      throw notImplementedHere('Natural-language tool input (text)', 'Pass arguments that match the tool input_parameters.');
    const userId = b.user_id ?? b.entity_id;
    if (b.custom_auth_params) {
      // The caller's own credentials replace any connected account's (as Composio documents):
      // no account is looked up, so connected_account_id and user_id are not needed.
      const tool = findTool(req.params.tool_slug);
      if (!tool) throw notFound(`Unknown tool "${req.params.tool_slug}"`);
      const result = await execution.executeWithCallerAuth(
        principal(req).projectId,
        tool.slug,
        {
          arguments: b.arguments ?? {},
          auth: callerAuthOf(b.custom_auth_params),
          entityId: userId,
        },
        { requestId: req.id },
      );
      return toExecuteEnvelope(result);
    }
    if (!b.connected_account_id && !userId) {
      throw compatBadRequest("Pass connected_account_id, or user_id to use that user's connected account", [
        'connected_account_id or user_id is required',
      ]);
    }
    const tool = findTool(req.params.tool_slug);
    if (!tool) throw notFound(`Unknown tool "${req.params.tool_slug}"`);
    const { projectId } = principal(req);
    // An unknown or foreign account is the service's NOT_FOUND of a connection: code 1803 (error-body.ts).
    const result = await execution.execute(
      projectId,
      tool.slug,
      {
        ...(b.connected_account_id ? { connectedAccountId: b.connected_account_id } : { entityId: userId }),
        arguments: b.arguments ?? {},
      },
      { requestId: req.id },
    );
    return toExecuteEnvelope(result);
  });

  route(app, ops.getToolInput, async () => {
    throw notImplementedHere(
      'Generating tool arguments from text (a language-model feature)',
      'Build the arguments from the tool input_parameters.',
    );
  });

  route(app, ops.proxyExecute, async (req) => {
    const b = req.body;
    const binaryBody = b.binary_body ? binaryBodyOf(b.binary_body) : undefined;
    if (b.custom_connection_data !== undefined)
      throw notImplementedHere('Proxy calls with caller-supplied credentials (custom_connection_data)');
    if (!b.connected_account_id)
      throw compatBadRequest('connected_account_id is required: the proxy authenticates as a connected account', [
        'connected_account_id is required',
      ]);
    const headers: Record<string, string> = {};
    const query: Record<string, string> = {};
    for (const p of b.parameters ?? []) {
      const where = (p.type ?? p.in ?? 'query').toLowerCase();
      if (where !== 'header' && where !== 'query')
        throw compatBadRequest(`parameters: type must be header or query (got ${where})`, [
          `parameters.${p.name}.type must be header or query`,
        ]);
      (where === 'header' ? headers : query)[p.name] = String(p.value);
    }
    const { projectId } = principal(req);
    const res = await proxy.proxy(
      projectId,
      {
        connectionId: b.connected_account_id,
        endpoint: b.endpoint,
        method: b.method,
        headers,
        query,
        ...(b.body !== undefined && b.body !== null ? { body: b.body } : {}),
        ...(binaryBody ? { binaryBody } : {}),
      },
      { requestId: req.id },
    );
    return { status: res.status, data: res.data ?? null, headers: res.headers };
  });
};

export default toolRoutes;
