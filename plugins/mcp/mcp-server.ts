/**
 * The MCP session's handlers (stateless Streamable HTTP): tools/list and tools/call close over
 * the request's session (project, entity, filters). Listing and calling go through the domain
 * services only: the tool selection (filters, restrictToTools, connect links), the catalog, and
 * the execution service behind POST /api/v1/tools/{slug}/execute. `createMcpServer` puts them
 * behind an SDK server for every other message; direct-answer.ts calls them without one.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Services } from '../../src/services.js';
import type { ToolFilters } from '../../src/tools/tool-selection.js';
import { classifyError, shownMessage } from '../../src/error-classifier.js';
import { logRequestError } from '../errors.js';
import { brokerErrorResult, connectResult, providerErrorResult, successResult } from './call-result.js';
import {
  decodeCursor,
  DESCRIBE_TOOL,
  encodeCursor,
  EXECUTE_TOOL,
  META_TOOLS,
  mcpTool,
  PAGE_SIZE,
  SEARCH_TOOLS,
  usesMetaTools,
} from './tool-definitions.js';
import { API_VERSION } from '../spec.js';
import { badRequest } from '../../src/errors.js';
import { NoActiveConnectionError } from '../../src/connections/connection-resolver.js';

export type McpServices = Pick<Services, 'catalog' | 'execution' | 'toolSelection'>;

export interface McpSession {
  projectId: string;
  entityId: string;
  filters: ToolFilters;
  request: Pick<FastifyRequest, 'id' | 'log'>;
}

/**
 * The SDK server builds an Ajv instance per server unless handed one (it only checks elicitation
 * answers, which this server never asks for); with a server per request that cost milliseconds.
 */
const sharedValidator = new AjvJsonSchemaValidator();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An isError result naming one invalid argument of a tool. */
function invalidArgument(tool: string, field: string, message: string): CallToolResult {
  const c = classifyError(badRequest(`Invalid arguments for ${tool}`, { errors: [{ field, message }] }));
  return brokerErrorResult(c, c.message);
}

/** Errors of tools with an output schema carry text only: clients check structuredContent against it. */
function textOnly(result: CallToolResult): CallToolResult {
  return { isError: result.isError, content: result.content };
}

function instructions(meta: boolean, entityId: string): string {
  const who = `Tools act for the end user "${entityId}" through that user's own connections to each app.`;
  const connect = 'When a tool answers with a link to connect an app, show the link to the user and retry after they have connected.';
  return meta
    ? `${who} The catalog is large: use ${SEARCH_TOOLS} to find a tool, ${DESCRIBE_TOOL} to read its arguments, and ${EXECUTE_TOOL} to run it. ${connect}`
    : `${who} ${connect}`;
}

/** What one MCP session answers: the tools/list and tools/call handlers and the server's instructions. */
export interface McpHandlers {
  instructions: string;
  listTools(cursor: string | undefined): Promise<ListToolsResult>;
  /** Throws McpError for a tool the session does not offer; every other outcome is a result. */
  callTool(name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult>;
}

export function createMcpHandlers(services: McpServices, session: McpSession): McpHandlers {
  const { catalog, execution, toolSelection } = services;
  const { projectId, entityId, filters } = session;
  const log: FastifyBaseLogger = session.request.log;
  const meta = usesMetaTools(filters, catalog.toolCount);

  async function listTools(cursor: string | undefined): Promise<ListToolsResult> {
    if (meta) return { tools: META_TOOLS };
    const selected = toolSelection.filtered(filters);
    const allowed = await toolSelection.restrictionFor(projectId, entityId, new Set(selected.map((s) => s.toolkit.slug)));
    const visible = selected.filter((s) => allowed(s.tool.slug, s.toolkit.slug));
    const offset = decodeCursor(cursor);
    const page = visible.slice(offset, offset + PAGE_SIZE);
    return {
      tools: page.map((s) => mcpTool(s.tool)),
      ...(offset + PAGE_SIZE < visible.length ? { nextCursor: encodeCursor(offset + PAGE_SIZE) } : {}),
    };
  }

  /** Runs a selected tool for the entity; every outcome is a result the model can read. */
  async function runTool(slug: string, args: unknown, direct: boolean): Promise<CallToolResult> {
    const entry = catalog.getToolEntry(slug);
    if (!entry) {
      const unknown = catalog.unknownTool(slug);
      return brokerErrorResult(classifyError(unknown), unknown.message);
    }
    if (args !== undefined && !isObject(args)) return invalidArgument(direct ? slug : EXECUTE_TOOL, 'arguments', 'must be a JSON object');
    try {
      const r = await execution.execute(projectId, slug, { entityId, arguments: args ?? {} }, { requestId: session.request.id });
      return r.successful ? successResult(r.data) : providerErrorResult(entry.toolkit.name, r.status, r.data);
    } catch (err) {
      const c = classifyError(err);
      logRequestError(session.request as FastifyRequest, err, c, 'mcp tool call');
      // No connection of the toolkit yet: offer the user a way to make one.
      if (err instanceof NoActiveConnectionError) {
        return toolSelection.connectOffer(projectId, entityId, slug).then(connectResult, refusal);
      }
      if (!c.fieldErrors) return brokerErrorResult(c, shownMessage(c, session.request.id));
      // Called directly, the tool's arguments are the call's arguments: name fields as the model wrote them.
      const fieldErrors = direct ? c.fieldErrors.map((f) => ({ ...f, field: f.field.replace(/^arguments\./, '') })) : c.fieldErrors;
      return brokerErrorResult({ ...c, fieldErrors }, `Invalid arguments for ${slug}`);
    }
  }

  async function searchTools(args: Record<string, unknown>): Promise<CallToolResult> {
    const query = typeof args.query === 'string' ? args.query : '';
    const limit = typeof args.limit === 'number' && Number.isInteger(args.limit) ? Math.min(25, Math.max(1, args.limit)) : 10;
    const toolkit = typeof args.toolkit === 'string' ? args.toolkit.toLowerCase() : undefined;
    if (!query.trim()) return textOnly(invalidArgument(SEARCH_TOOLS, 'query', 'is required'));
    // A few extra candidates make up for the ones restrictToTools hides.
    const found = catalog.searchTools({ search: query, toolkit, limit: limit * 2 });
    const allowed = await toolSelection.restrictionFor(
      projectId,
      entityId,
      new Set(found.items.map((t) => catalog.getToolEntry(t.slug)!.toolkit.slug)),
    );
    const tools = found.items
      .map((t) => ({ t, toolkit: catalog.getToolEntry(t.slug)!.toolkit.slug }))
      .filter(({ t, toolkit: tk }) => allowed(t.slug, tk))
      .slice(0, limit)
      .map(({ t, toolkit: tk }) => ({ slug: t.slug, name: t.name, description: t.description, toolkit: tk }));
    const structured = { tools, total: found.total };
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
  }

  function describeTool(args: Record<string, unknown>): CallToolResult {
    const slug = typeof args.slug === 'string' ? args.slug.trim().toUpperCase() : '';
    const entry = catalog.getToolEntry(slug);
    if (!entry) {
      const err = catalog.unknownTool(slug || String(args.slug));
      return textOnly(brokerErrorResult(classifyError(err), err.message));
    }
    const t = mcpTool(entry.tool);
    const structured = {
      slug: entry.tool.slug,
      name: entry.tool.name,
      description: t.description ?? entry.tool.description,
      toolkit: entry.toolkit.slug,
      inputSchema: t.inputSchema,
      annotations: t.annotations ?? {},
    };
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
  }

  /** An unexpected failure as a tool result: logged, shown only as a message with the request id. */
  function refusal(err: unknown): CallToolResult {
    const c = classifyError(err);
    logRequestError(session.request as FastifyRequest, err, c, 'mcp tool call');
    return brokerErrorResult(c, shownMessage(c, session.request.id));
  }

  async function callTool(name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
    if (meta && name === SEARCH_TOOLS) return searchTools(args ?? {}).catch((err: unknown) => textOnly(refusal(err)));
    if (meta && name === DESCRIBE_TOOL) return describeTool(args ?? {});
    if (meta && name === EXECUTE_TOOL) {
      const slug = typeof args?.slug === 'string' ? args.slug.trim().toUpperCase() : '';
      if (!slug) return invalidArgument(EXECUTE_TOOL, 'slug', 'is required');
      return runTool(slug, args?.arguments, false).catch(refusal);
    }
    // Real tools are callable in both modes, but only those the session's filters select.
    if (!toolSelection.inFilters(filters, name)) {
      const known = catalog.getToolEntry(name) !== undefined;
      throw new McpError(
        ErrorCode.InvalidParams,
        known ? `Tool ${name} is not offered by this session (its toolkits/tools filters)` : catalog.unknownTool(name).message,
      );
    }
    log.debug({ tool: name }, 'mcp tool call');
    return runTool(name, args, true).catch(refusal);
  }

  return {
    instructions: instructions(meta, entityId),
    listTools: (cursor) =>
      listTools(cursor).catch((err: unknown) => {
        if (err instanceof McpError) throw err;
        const c = classifyError(err);
        logRequestError(session.request as FastifyRequest, err, c, 'mcp tools/list');
        throw new McpError(ErrorCode.InternalError, shownMessage(c, session.request.id));
      }),
    callTool,
  };
}

/** An SDK server for one request, answering with the session's handlers. */
export function createMcpServer(handlers: McpHandlers): Server {
  const server = new Server(
    { name: 'connector-broker', title: 'Connector broker', version: API_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: handlers.instructions, jsonSchemaValidator: sharedValidator },
  );
  server.setRequestHandler(ListToolsRequestSchema, (req) => handlers.listTools(req.params?.cursor));
  server.setRequestHandler(CallToolRequestSchema, (req) => handlers.callTool(req.params.name, req.params.arguments));
  return server;
}
