/**
 * The Vercel AI SDK (v5): catalog tools as a `ToolSet` for `generateText`/`streamText`, each with
 * an `execute` that runs the call through the broker for the end user, so the SDK's own loop runs
 * the model's calls. Typed structurally (the `ai` package is not a dependency): an input schema is
 * what `jsonSchema()` of `ai` returns; pass that function as `jsonSchema` to use the installed
 * package's own, else an equivalent object marked the way the AI SDK recognises is built here.
 */
import type { ConnectorBroker } from '../client.js';
import { inputSchema, runTool, selectTools, type RunFor, type ToolSelection } from './common.js';

export type { RunFor, ToolSelection } from './common.js';

/** The AI SDK recognises a schema object by this registered symbol (@ai-sdk/provider-utils). */
const SCHEMA_SYMBOL = Symbol.for('vercel.ai.schema');
const VALIDATOR_SYMBOL = Symbol.for('vercel.ai.validator');

export interface VercelSchema {
  readonly jsonSchema: Record<string, unknown>;
}
export interface VercelTool {
  description: string;
  inputSchema: VercelSchema;
  execute: (input: unknown) => Promise<unknown>;
}

export interface VercelToolsOptions extends RunFor {
  /** `jsonSchema` from the `ai` package; default: an equivalent schema object built here. */
  jsonSchema?: (schema: Record<string, unknown>) => VercelSchema;
}

function schemaObject(jsonSchema: Record<string, unknown>): VercelSchema {
  // Validation is the broker's: it checks the arguments against the same schema and answers 400.
  return {
    [SCHEMA_SYMBOL]: true,
    [VALIDATOR_SYMBOL]: true,
    _type: undefined,
    jsonSchema,
    validate: (value: unknown) => ({ success: true, value }),
  } as VercelSchema;
}

/** A `ToolSet` keyed by tool slug; `execute` answers the tool's result (or `{ error }`) as an object. */
export async function vercelTools(
  broker: ConnectorBroker,
  selection: ToolSelection,
  options: VercelToolsOptions,
): Promise<Record<string, VercelTool>> {
  const { jsonSchema = schemaObject, ...who } = options;
  const tools = await selectTools(broker, selection);
  return Object.fromEntries(
    tools.map((tool) => [
      tool.slug,
      {
        description: tool.description,
        inputSchema: jsonSchema(inputSchema(tool)),
        execute: async (input: unknown) => JSON.parse((await runTool(broker, tool.slug, input, who)).content) as unknown,
      },
    ]),
  );
}
