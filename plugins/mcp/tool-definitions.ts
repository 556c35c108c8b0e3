/**
 * What tools/list shows: catalog tools as MCP tools (slug as name, input JSON Schema and
 * description as they are, annotations where the HTTP method makes them clear), the three
 * meta-tools, the rule choosing between them, and opaque page cursors.
 */
import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolFile } from '../../src/catalog/catalog-schema.js';
import type { ToolFilters } from '../../src/tools/tool-selection.js';

/** tools/list page size: a full page of real tools is still a few hundred kilobytes at most. */
export const PAGE_SIZE = 100;

/**
 * Without a filter, a catalog with more tools than this is offered through the meta-tools: beyond
 * a few dozen tool definitions a model chooses worse and several clients refuse or truncate the
 * list. With a `toolkits` or `tools` filter the real tools are always listed.
 */
export const META_TOOLS_ABOVE = 50;

export const SEARCH_TOOLS = 'search_tools';
export const DESCRIBE_TOOL = 'describe_tool';
export const EXECUTE_TOOL = 'execute_tool';

/** Which mode a session lists in; decided by its URL and the catalog size only, so it is stable. */
export function usesMetaTools(filters: ToolFilters, catalogToolCount: number): boolean {
  return !filters.toolkits && !filters.tools && catalogToolCount > META_TOOLS_ABOVE;
}

/** GET reads; DELETE (HubSpot's archive tools are DELETEs) destroys; other methods are left unhinted. */
export function annotationsOf(tool: ToolFile): Tool['annotations'] {
  const method = tool.request.method;
  if (method === 'GET' || method === 'HEAD') return { title: tool.name, readOnlyHint: true, openWorldHint: true };
  if (method === 'DELETE') return { title: tool.name, readOnlyHint: false, destructiveHint: true, openWorldHint: true };
  return { title: tool.name, openWorldHint: true };
}

export function mcpTool(tool: ToolFile): Tool {
  return {
    name: tool.slug,
    title: tool.name,
    description: tool.deprecated ? `Deprecated. ${tool.description}` : tool.description,
    // The catalog's input schemas are JSON Schema objects already (checked at load).
    inputSchema: tool.input as Tool['inputSchema'],
    annotations: annotationsOf(tool),
  };
}

const ToolSummary = {
  type: 'object',
  properties: {
    slug: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    toolkit: { type: 'string' },
  },
  required: ['slug', 'name', 'description', 'toolkit'],
} as const;

export const META_TOOLS: Tool[] = [
  {
    name: SEARCH_TOOLS,
    title: 'Search tools',
    description:
      'Find catalog tools for a task in plain words (e.g. "create a contact", "shorten a link"). Returns the best matches with their slug, ' +
      `name, description and toolkit. Then call ${DESCRIBE_TOOL} for a tool's arguments and ${EXECUTE_TOOL} to run it.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: 'What you want to do, in a few words.' },
        toolkit: { type: 'string', description: 'Only tools of this toolkit (slug, e.g. "hubspot").' },
        limit: { type: 'integer', minimum: 1, maximum: 25, default: 10, description: 'How many matches to return (default 10).' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { tools: { type: 'array', items: ToolSummary }, total: { type: 'integer' } },
      required: ['tools', 'total'],
    },
    annotations: { title: 'Search tools', readOnlyHint: true, openWorldHint: false },
  },
  {
    name: DESCRIBE_TOOL,
    title: 'Describe a tool',
    description: `The full description and the input JSON Schema of one tool, by slug (from ${SEARCH_TOOLS}). Read it before ${EXECUTE_TOOL}.`,
    inputSchema: {
      type: 'object',
      properties: { slug: { type: 'string', minLength: 1, description: 'Tool slug, e.g. HUBSPOT_CONTACTS_CREATE.' } },
      required: ['slug'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        ...ToolSummary.properties,
        inputSchema: { type: 'object' },
        annotations: { type: 'object' },
      },
      required: [...ToolSummary.required, 'inputSchema'],
    },
    annotations: { title: 'Describe a tool', readOnlyHint: true, openWorldHint: false },
  },
  {
    name: EXECUTE_TOOL,
    title: 'Execute a tool',
    description:
      `Run one tool by slug with its arguments (they must match the tool's input schema from ${DESCRIBE_TOOL}). ` +
      "Runs through the user's connection to the tool's app; if there is none yet, the answer is a link for the user to connect.",
    inputSchema: {
      type: 'object',
      properties: {
        slug: { type: 'string', minLength: 1, description: 'Tool slug, e.g. HUBSPOT_CONTACTS_CREATE.' },
        arguments: { type: 'object', description: "The tool's arguments.", additionalProperties: true },
      },
      required: ['slug'],
      additionalProperties: false,
    },
    annotations: { title: 'Execute a tool', openWorldHint: true },
  },
];

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

/** The offset a cursor from encodeCursor stands for; anything else is InvalidParams. */
export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: pass the nextCursor of a previous tools/list answer');
  return Number(m[1]);
}
