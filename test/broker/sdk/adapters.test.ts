/**
 * The SDK's agent-framework adapters against a real listening broker and the HubSpot sandbox, fed
 * recorded model responses (no model, no network): the tool definitions each framework takes, and
 * the model's tool calls run through the broker and answered in that framework's shape. The OpenAI
 * shapes are checked against the `openai` package's own types (tsc); Anthropic and the Vercel AI
 * SDK are not installed here, so their shapes are checked structurally.
 */
import t from 'tap';
import type { ChatCompletion, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { FunctionTool, Response, ResponseInputItem } from 'openai/resources/responses/responses';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { ConnectorBroker } from '../../../sdk/typescript/src/index.js';
import { chatTools, responsesTools, runChatToolCalls, runResponsesToolCalls } from '../../../sdk/typescript/src/adapters/openai.js';
import { anthropicTools, runToolUses } from '../../../sdk/typescript/src/adapters/anthropic.js';
import { vercelTools } from '../../../sdk/typescript/src/adapters/vercel-ai.js';

const shared = sharedBrokerWithSandboxes(t);
let listening: Promise<string> | undefined;

/** A tenant with user `ada` connected to HubSpot, and an SDK client on the listening broker. */
async function connected() {
  const b = await shared.tenant();
  const origin = await (listening ??= b.app.listen({ port: 0, host: '127.0.0.1' }));
  await b.connectOAuth('hubspot', 'ada');
  return { ...b, broker: new ConnectorBroker({ baseUrl: origin, apiKey: b.key }) };
}
const SELECTION = { tools: ['HUBSPOT_CONTACTS_CREATE', 'HUBSPOT_CONTACTS_LIST'] };

// Recorded from the APIs' documented answer shapes, with the ids and arguments a model gives.
const CHAT_COMPLETION: ChatCompletion = {
  id: 'chatcmpl-rec1',
  object: 'chat.completion',
  created: 1_764_000_000,
  model: 'gpt-4.1-mini',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      logprobs: null,
      message: {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: [
          {
            id: 'call_a1',
            type: 'function',
            function: { name: 'HUBSPOT_CONTACTS_CREATE', arguments: '{"properties":{"email":"ada@example.com"}}' },
          },
          { id: 'call_a2', type: 'function', function: { name: 'HUBSPOT_CONTACTS_CREATE', arguments: '{"properties":' } },
        ],
      },
    },
  ],
};

t.test('OpenAI Chat Completions: function tools, and tool messages for the calls', async (t) => {
  const { broker, sent } = await connected();
  const tools: ChatCompletionTool[] = await chatTools(broker, SELECTION);
  t.same(
    tools.map((tool) => tool.type === 'function' && tool.function.name),
    SELECTION.tools,
  );
  t.match(tools[0], {
    type: 'function',
    function: { description: /HubSpot contact/, parameters: { type: 'object', properties: { properties: {} } } },
  });

  const answers = await runChatToolCalls(broker, CHAT_COMPLETION.choices[0]!.message, { entityId: 'ada' });
  const next: ChatCompletionMessageParam[] = [CHAT_COMPLETION.choices[0]!.message, ...answers];
  t.equal(next.length, 3);
  t.match(answers[0], { role: 'tool', tool_call_id: 'call_a1' });
  t.match(JSON.parse(answers[0]!.content), { successful: true, status: 201, data: { properties: { email: 'ada@example.com' } } });
  t.match(JSON.parse(answers[1]!.content), { error: /not valid JSON/ }, 'broken arguments go back to the model');
  t.equal(sent.hubspot.api().length, 1, 'only the valid call reached the provider');
});

const RESPONSE = {
  id: 'resp_rec1',
  object: 'response',
  output: [
    { type: 'reasoning', id: 'rs_1', summary: [] },
    { type: 'function_call', id: 'fc_1', call_id: 'call_r1', name: 'HUBSPOT_CONTACTS_LIST', arguments: '{"limit":2}', status: 'completed' },
  ],
} as const satisfies Partial<Response>;

t.test('OpenAI Responses: function tools, and function_call_output items', async (t) => {
  const { broker } = await connected();
  const tools: FunctionTool[] = await responsesTools(broker, SELECTION);
  t.match(tools[1], { type: 'function', name: 'HUBSPOT_CONTACTS_LIST', strict: false, parameters: { type: 'object' } });
  const outputs = await runResponsesToolCalls(broker, RESPONSE.output, { entityId: 'ada' });
  const input: ResponseInputItem[] = outputs;
  t.equal(input.length, 1, 'the reasoning item is not a call');
  t.match(outputs[0], { type: 'function_call_output', call_id: 'call_r1' });
  t.match(JSON.parse(outputs[0]!.output), { successful: true, status: 200, data: { results: Array } });
});

// An Anthropic Messages API answer with stop_reason tool_use.
const ANTHROPIC_MESSAGE = {
  id: 'msg_rec1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  stop_reason: 'tool_use',
  content: [
    { type: 'text', text: 'I will add Grace as a contact.' },
    { type: 'tool_use', id: 'toolu_01', name: 'HUBSPOT_CONTACTS_CREATE', input: { properties: { email: 'grace@example.com' } } },
    { type: 'tool_use', id: 'toolu_02', name: 'HUBSPOT_NO_SUCH_TOOL', input: {} },
  ],
};

t.test('Anthropic: tool definitions, and tool_result blocks for the tool_use blocks', async (t) => {
  const { broker } = await connected();
  const tools = await anthropicTools(broker, SELECTION);
  t.match(tools[0], { name: 'HUBSPOT_CONTACTS_CREATE', description: String, input_schema: { type: 'object', properties: Object } });
  const results = await runToolUses(broker, ANTHROPIC_MESSAGE.content, { entityId: 'ada' });
  t.equal(results.length, 2);
  t.match(results[0], { type: 'tool_result', tool_use_id: 'toolu_01', is_error: false });
  t.match(JSON.parse(results[0]!.content), { successful: true, data: { properties: { email: 'grace@example.com' } } });
  t.match(results[1], { tool_use_id: 'toolu_02', is_error: true });
  t.match(JSON.parse(results[1]!.content), { error: { code: 'NOT_FOUND' } }, 'an unknown tool is an error result, not a throw');
});

t.test('Vercel AI SDK: a ToolSet whose execute runs the call', async (t) => {
  const { broker } = await connected();
  const tools = await vercelTools(broker, SELECTION, { entityId: 'ada' });
  t.same(Object.keys(tools), SELECTION.tools);
  const create = tools.HUBSPOT_CONTACTS_CREATE!;
  const schema = create.inputSchema as unknown as Record<symbol, unknown>;
  t.equal(schema[Symbol.for('vercel.ai.schema')], true, 'marked as the AI SDK marks jsonSchema() objects');
  t.match(create.inputSchema.jsonSchema, { type: 'object' });
  // What generateText does with a tool call of the model: execute(input).
  t.match(await create.execute({ properties: { email: 'hedy@example.com' } }), { successful: true, status: 201 });

  const own = await vercelTools(
    broker,
    { tools: ['HUBSPOT_CONTACTS_LIST'] },
    { entityId: 'ada', jsonSchema: (s) => ({ jsonSchema: s, own: true }) as never },
  );
  t.match(own.HUBSPOT_CONTACTS_LIST!.inputSchema, { own: true }, "the installed package's jsonSchema is used when given");
});
