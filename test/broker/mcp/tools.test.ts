/**
 * The MCP endpoint with the official SDK client against the running broker and the sandboxes:
 * initialize, tools/list (filters, meta-tools, pages, valid schemas, annotations, restrictToTools),
 * tools/call (JSON, images, provider errors, invalid arguments) with execution records.
 */
import t from 'tap';
import { LATEST_PROTOCOL_VERSION, ToolSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolExecution } from '../../../src/db/entities/index.js';
import { mcpBroker, textOf } from './helpers.js';

async function listAll(client: Client): Promise<{ tools: Tool[]; pages: number }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 10);
  return { tools, pages };
}

t.test('initialize, and tools/list with and without filters', async (t) => {
  const b = await mcpBroker(t);
  const all = await b.client();
  t.match(all.getServerVersion(), { name: 'connector-broker' });
  t.ok(all.getServerCapabilities()?.tools, 'tools capability');
  t.match(all.getInstructions(), /search_tools/);
  t.equal((all.transport as StreamableHTTPClientTransport).protocolVersion, LATEST_PROTOCOL_VERSION, 'the current protocol revision');

  const meta = await all.listTools();
  t.same(
    meta.tools.map((x) => x.name),
    ['search_tools', 'describe_tool', 'execute_tool'],
    'no filter and a catalog over 50 tools: the meta-tools',
  );
  t.notOk(meta.nextCursor);

  const both = await listAll(await b.client({ toolkits: 'hubspot,bitly' }));
  const catalogCount = b.app.services.catalog.toolsOf('hubspot').length + b.app.services.catalog.toolsOf('bitly').length;
  t.equal(both.tools.length, catalogCount, 'every tool of both toolkits');
  t.equal(both.pages, 2, 'in pages of 100');
  t.equal(new Set(both.tools.map((x) => x.name)).size, catalogCount, 'no tool twice across pages');
  for (const tool of both.tools) {
    const parsed = ToolSchema.safeParse(tool);
    if (!parsed.success) t.fail(`${tool.name}: ${parsed.error.message}`);
    const file = b.app.services.catalog.getTool(tool.name)!;
    if (tool.inputSchema !== undefined && JSON.stringify(tool.inputSchema) !== JSON.stringify(file.input))
      t.fail(`${tool.name}: schema changed`);
  }
  const byName = new Map(both.tools.map((x) => [x.name, x]));
  t.match(byName.get('HUBSPOT_CONTACTS_GET'), { title: 'Get contact', annotations: { readOnlyHint: true } });
  t.match(byName.get('HUBSPOT_CONTACTS_ARCHIVE'), { annotations: { readOnlyHint: false, destructiveHint: true } });
  t.equal(byName.get('HUBSPOT_CONTACTS_CREATE')?.annotations?.readOnlyHint, undefined, 'POST: no read-only claim');
  t.equal(byName.get('HUBSPOT_CONTACTS_GET')?.description, b.app.services.catalog.getTool('HUBSPOT_CONTACTS_GET')!.description);

  const hubspot = await (await b.client({ toolkits: 'HubSpot' })).listTools();
  t.equal(hubspot.tools.length, 18);
  t.ok(hubspot.tools.every((x) => x.name.startsWith('HUBSPOT_')));
  const picked = await (await b.client({ tools: 'hubspot_contacts_get,BITLY_GET_QRCODE_IMAGE_PUBLIC' })).listTools();
  t.same(picked.tools.map((x) => x.name).sort(), ['BITLY_GET_QRCODE_IMAGE_PUBLIC', 'HUBSPOT_CONTACTS_GET']);

  const bad = await fetch(`${b.origin}/mcp?entityId=u&toolkits=hubspot,nope&tools=HUBSPOT_CONTACT_GET`, {
    method: 'POST',
    headers: { 'x-api-key': b.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  t.equal(bad.status, 400);
  t.match(await bad.json(), { code: 'BAD_REQUEST', message: /unknown toolkit "nope".*HUBSPOT_CONTACTS_GET/ });
});

t.test('restrictToTools narrows the list and refuses calls', async (t) => {
  const b = await mcpBroker(t);
  const allowed = ['HUBSPOT_CONTACTS_CREATE', 'HUBSPOT_CONTACTS_GET'];
  const ac = await b.api('POST', 'auth_configs', {
    slug: 'hubspot',
    authMethodId: 'hubspot_oauth2',
    isManaged: true,
    restrictToTools: allowed,
  });
  t.equal(ac.statusCode, 200, ac.body);
  const before = await (await b.client({ toolkits: 'hubspot', entityId: 'nobody-yet' })).listTools();
  t.same(before.tools.map((x) => x.name).sort(), allowed, 'no connection yet: what the auth config allows');
  await b.connectOAuth('hubspot', 'user-1');
  const client = await b.client({ toolkits: 'hubspot' });
  t.same((await client.listTools()).tools.map((x) => x.name).sort(), allowed);
  const refused = await client.callTool({ name: 'HUBSPOT_CONTACTS_LIST', arguments: {} });
  t.equal(refused.isError, true);
  t.match(textOf(refused), /not allowed.*restrictToTools/);
});

t.test('tools/call runs through executeTool: create then get, provider errors, invalid arguments, records', async (t) => {
  const b = await mcpBroker(t);
  const connectionId = await b.connectOAuth('hubspot', 'user-1');
  const client = await b.client({ toolkits: 'hubspot' });

  const created = await client.callTool({
    name: 'HUBSPOT_CONTACTS_CREATE',
    arguments: { properties: { email: 'ada@example.com', firstname: 'Ada' } },
  });
  t.notOk(created.isError, textOf(created));
  const contact = created.structuredContent as { id: string; properties: Record<string, string> };
  t.match(contact, { id: /^\d+$/, properties: { email: 'ada@example.com' } });
  t.same(JSON.parse(textOf(created)), contact, 'the JSON as text too');

  const got = await client.callTool({
    name: 'HUBSPOT_CONTACTS_GET',
    arguments: { contactId: contact.id, properties: ['email', 'firstname'] },
  });
  t.notOk(got.isError);
  t.match(got.structuredContent, { id: contact.id, properties: { email: 'ada@example.com', firstname: 'Ada' } });

  const missing = await client.callTool({ name: 'HUBSPOT_CONTACTS_GET', arguments: { contactId: '987654321' } });
  t.equal(missing.isError, true);
  t.match(missing.structuredContent, { status: 404, data: { category: 'OBJECT_NOT_FOUND' } });
  t.match(textOf(missing), /^HubSpot answered HTTP 404: \{.*OBJECT_NOT_FOUND/);

  const invalid = await client.callTool({ name: 'HUBSPOT_CONTACTS_GET', arguments: { contactId: 5, bogus: true } });
  t.equal(invalid.isError, true);
  const fields = (invalid.structuredContent as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
  t.same(fields, ['bogus', 'contactId'], 'each invalid field named');
  t.match(textOf(invalid), /Invalid arguments for HUBSPOT_CONTACTS_GET:\n- (contactId|bogus): .*\n- (contactId|bogus): /);

  await t.rejects(client.callTool({ name: 'BITLY_GET_GROUPS', arguments: {} }), /not offered by this session/, 'outside the filters');
  await t.rejects(client.callTool({ name: 'HUBSPOT_NOPE', arguments: {} }), /not found/);

  await b.app.services.recorder.flush();
  const rows = await b.app.orm.em.fork().find(ToolExecution, { connectionId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  t.same(
    rows.filter((r) => r.outcome === 'refused').map((r) => [r.toolSlug, r.errorCode]),
    [['HUBSPOT_CONTACTS_GET', 'BAD_REQUEST']],
    'the invalid arguments are recorded as a refusal',
  );
  t.same(
    rows.filter((r) => r.outcome !== 'refused').map((r) => [r.toolSlug, r.status, r.successful]),
    [
      ['HUBSPOT_CONTACTS_CREATE', 201, true],
      ['HUBSPOT_CONTACTS_GET', 200, true],
      ['HUBSPOT_CONTACTS_GET', 404, false],
    ],
    'MCP calls are recorded like REST calls',
  );
});

t.test('Bitly QR images come back as image content', async (t) => {
  const b = await mcpBroker(t);
  await b.connectOAuth('bitly', 'user-1');
  const client = await b.client({ toolkits: 'bitly' });
  const qr = await client.callTool({
    name: 'BITLY_CREATE_QRCODE_PUBLIC',
    arguments: { group_guid: b.bitly.fixtures.groupGuid, destination: { long_url: 'https://example.com/mcp' }, title: 'MCP' },
  });
  t.notOk(qr.isError, textOf(qr));
  const qrcodeId = (qr.structuredContent as { qrcode_id: string }).qrcode_id;

  const png = await client.callTool({ name: 'BITLY_GET_QRCODE_IMAGE_PUBLIC', arguments: { qrcode_id: qrcodeId, format: 'png' } });
  t.notOk(png.isError);
  const [image] = png.content as { type: string; data: string; mimeType: string }[];
  t.match(image, { type: 'image', mimeType: 'image/png' });
  t.same([...Buffer.from(image!.data, 'base64').subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG file');

  const svg = await client.callTool({ name: 'BITLY_GET_QRCODE_IMAGE_PUBLIC', arguments: { qrcode_id: qrcodeId } });
  const [svgImage] = svg.content as { type: string; data: string; mimeType: string }[];
  t.match(svgImage, { type: 'image', mimeType: 'image/svg+xml' });
  t.match(Buffer.from(svgImage!.data, 'base64').toString('utf8'), /<svg[\s\S]*<\/svg>/);

  const asJson = await client.callTool({
    name: 'BITLY_GET_QRCODE_IMAGE_PUBLIC',
    arguments: { qrcode_id: qrcodeId, accept: 'application/json', format: 'png' },
  });
  t.same(
    (asJson.content as { type: string; mimeType?: string }[]).map((c) => [c.type, c.mimeType]),
    [
      ['text', undefined],
      ['image', 'image/png'],
    ],
    'a data URI in a JSON answer is an image too',
  );
  t.match(asJson.structuredContent, { qrcode_id: qrcodeId, format: 'png' });
});

t.test('meta-tools: search, describe and execute by slug', async (t) => {
  const b = await mcpBroker(t);
  await b.connectOAuth('hubspot', 'user-1');
  const client = await b.client();
  await client.listTools(); // the SDK client checks structuredContent against the listed output schemas
  const found = await client.callTool({ name: 'search_tools', arguments: { query: 'create a contact', limit: 3 } });
  const tools = (found.structuredContent as { tools: { slug: string; toolkit: string }[] }).tools;
  t.equal(tools[0]?.slug, 'HUBSPOT_CONTACTS_CREATE');
  t.ok(tools.length <= 3);
  const described = await client.callTool({ name: 'describe_tool', arguments: { slug: 'HUBSPOT_CONTACTS_CREATE' } });
  t.same(
    (described.structuredContent as { inputSchema: unknown }).inputSchema,
    b.app.services.catalog.getTool('HUBSPOT_CONTACTS_CREATE')!.input,
  );
  const unknown = await client.callTool({ name: 'describe_tool', arguments: { slug: 'HUBSPOT_CONTACT_CREATE' } });
  t.equal(unknown.isError, true);
  t.match(textOf(unknown), /did you mean HUBSPOT_CONTACTS_CREATE/);
  const ran = await client.callTool({
    name: 'execute_tool',
    arguments: { slug: 'HUBSPOT_CONTACTS_CREATE', arguments: { properties: { email: 'meta@example.com' } } },
  });
  t.notOk(ran.isError, textOf(ran));
  t.match(ran.structuredContent, { properties: { email: 'meta@example.com' } });
  const bad = await client.callTool({ name: 'execute_tool', arguments: { slug: 'HUBSPOT_CONTACTS_GET', arguments: {} } });
  t.match(textOf(bad), /- arguments\.contactId: is required/);
  const direct = await client.callTool({
    name: 'HUBSPOT_CONTACTS_GET',
    arguments: { contactId: (ran.structuredContent as { id: string }).id },
  });
  t.notOk(direct.isError, 'catalog tools stay callable by name in meta mode');
});
