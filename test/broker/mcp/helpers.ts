/**
 * A listening broker with the sandboxes, and official MCP SDK clients connected to its /mcp
 * endpoint (Streamable HTTP), closed on teardown.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import type { TestContext } from '../../helpers/app.js';

export interface McpClientOptions {
  entityId?: string;
  toolkits?: string;
  tools?: string;
  /** Default: the project key as a bearer token (what MCP clients send). */
  headers?: Record<string, string>;
  /** Replaces the transport's fetch (e.g. to spread calls over several instances). */
  fetch?: FetchLike;
}

export function mcpUrl(origin: string, options: Pick<McpClientOptions, 'entityId' | 'toolkits' | 'tools'>): URL {
  const url = new URL('/mcp', origin);
  if (options.entityId !== undefined) url.searchParams.set('entityId', options.entityId);
  if (options.toolkits !== undefined) url.searchParams.set('toolkits', options.toolkits);
  if (options.tools !== undefined) url.searchParams.set('tools', options.tools);
  return url;
}

/** An initialized SDK client (initialize happens in connect). */
export async function connectClient(t: TestContext, origin: string, key: string, options: McpClientOptions = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(mcpUrl(origin, { entityId: 'user-1', ...options }), {
    requestInit: { headers: options.headers ?? { authorization: `Bearer ${key}` } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const client = new Client({ name: 'broker-test', version: '1.0.0' });
  await client.connect(transport);
  t.teardown(() => client.close());
  return client;
}

export async function mcpBroker(t: TestContext, options: Parameters<typeof brokerWithSandboxes>[1] = {}) {
  const b = await brokerWithSandboxes(t, options);
  const origin = await b.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...b, origin, client: (o: McpClientOptions = {}) => connectClient(t, origin, b.key, o) };
}

/** The text of a tool result's first text content. */
export function textOf(result: object): string {
  const content = ((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[];
  return content.find((c) => c.type === 'text')?.text ?? '';
}
