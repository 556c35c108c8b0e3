/**
 * The Playground's form, from a tool's input JSON schema: one field per top-level property
 * (strings, numbers, integers, booleans, enums as choices; arrays, objects and anything else as
 * JSON text), and the conversions between the form's texts and the arguments object, so the raw
 * JSON mode and the form show the same call. Pure: no DOM, no API.
 */

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  description: string | null;
  /** The choices of an enum, as JSON values. */
  options: unknown[];
  /** The schema's default, shown as a hint (the broker fills it in when the field is left empty). */
  defaultValue: unknown;
}

/** Each field's text as typed: '' is "not set". */
export type FormTexts = Record<string, string>;

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

const asSchema = (value: unknown): JsonSchema => (value && typeof value === 'object' ? (value as JsonSchema) : {});

function kindOf(schema: JsonSchema): FieldKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  const type = Array.isArray(schema.type) ? (schema.type.length === 1 ? schema.type[0] : undefined) : schema.type;
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return type;
  return 'json';
}

/** The fields of a tool's input schema, required ones first, in the schema's order otherwise. */
export function formFields(inputSchema: unknown): FormField[] {
  const schema = asSchema(inputSchema);
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, raw]): FormField => {
    const property = asSchema(raw);
    return {
      name,
      kind: kindOf(property),
      required: required.has(name),
      description: typeof property.description === 'string' ? property.description : null,
      options: Array.isArray(property.enum) ? property.enum : [],
      defaultValue: property.default,
    };
  });
  return [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required)];
}

/** A field's value as its text in the form. */
function textOf(field: FormField, value: unknown): string {
  if (value === undefined) return '';
  if (field.kind === 'string' && typeof value === 'string') return value;
  if ((field.kind === 'number' || field.kind === 'integer') && typeof value === 'number') return String(value);
  if (field.kind === 'boolean' && typeof value === 'boolean') return String(value);
  if (field.kind === 'enum') return JSON.stringify(value);
  return JSON.stringify(value, null, 2);
}

/**
 * The form's texts for an arguments object. A value the field's kind cannot hold (a number in a
 * string field) is shown as JSON in its field; keys the schema does not name come back as `extra`.
 */
export function textsFromArguments(
  fields: FormField[],
  args: Record<string, unknown>,
): { texts: FormTexts; extra: Record<string, unknown> } {
  const texts: FormTexts = {};
  const extra: Record<string, unknown> = {};
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const f of fields) texts[f.name] = '';
  for (const [name, value] of Object.entries(args)) {
    const field = byName.get(name);
    if (!field) {
      extra[name] = value;
      continue;
    }
    const fits =
      field.kind === 'json' ||
      field.kind === 'enum' ||
      (field.kind === 'string' && typeof value === 'string') ||
      ((field.kind === 'number' || field.kind === 'integer') && typeof value === 'number') ||
      (field.kind === 'boolean' && typeof value === 'boolean');
    if (fits) texts[name] = textOf(field, value);
    else extra[name] = value;
  }
  return { texts, extra };
}

export type ArgumentsResult = { ok: true; value: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * The arguments object of the form's texts (empty fields are left out: the broker applies
 * defaults and says what is missing). A number or JSON field that does not parse is an error
 * named by field; the broker's own validation judges everything else, as it would an agent's call.
 */
export function argumentsFromTexts(fields: FormField[], texts: FormTexts, extra: Record<string, unknown> = {}): ArgumentsResult {
  const value: Record<string, unknown> = { ...extra };
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const text = texts[f.name] ?? '';
    if (text.trim() === '' && f.kind !== 'string') continue;
    if (text === '') continue;
    if (f.kind === 'string') value[f.name] = text;
    else if (f.kind === 'boolean') value[f.name] = text === 'true';
    else if (f.kind === 'number' || f.kind === 'integer') {
      const n = Number(text);
      if (Number.isFinite(n)) value[f.name] = n;
      else errors[f.name] = 'is not a number';
    } else {
      try {
        value[f.name] = JSON.parse(text) as unknown;
      } catch {
        errors[f.name] = 'is not valid JSON';
      }
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** The raw JSON mode's text, parsed: an object, or why not. */
export function parseArgumentsJson(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `The arguments are not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, message: 'The arguments must be a JSON object ({…}).' };
  return { ok: true, value: parsed as Record<string, unknown> };
}

/** A string for a single-quoted shell word. */
const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The same call through the native API, the TypeScript SDK and MCP (copy as…). */
export function callSnippets(input: {
  origin: string;
  toolSlug: string;
  connectionId: string;
  entityId: string;
  args: Record<string, unknown>;
}) {
  const { origin, toolSlug, connectionId, entityId, args } = input;
  const body = JSON.stringify({ connectedAccountId: connectionId, arguments: args });
  const curl = [
    `curl -s -X POST ${shellQuoted(`${origin}/api/v1/tools/${toolSlug}/execute`)} \\`,
    `  -H "x-api-key: $BROKER_API_KEY" \\`,
    `  -H 'content-type: application/json' \\`,
    `  -d ${shellQuoted(body)}`,
  ].join('\n');
  const indented = JSON.stringify(args, null, 2).replace(/\n/g, '\n  ');
  const typescript = [
    `import { ConnectorBroker } from '@connector-broker/sdk';`,
    ``,
    `const broker = new ConnectorBroker({ baseUrl: ${JSON.stringify(origin)}, apiKey: process.env.BROKER_API_KEY });`,
    `const result = await broker.tools.execute(${JSON.stringify(toolSlug)}, {`,
    `  connectedAccountId: ${JSON.stringify(connectionId)},`,
    `  arguments: ${indented},`,
    `});`,
    `console.log(result.status, result.successful, result.data);`,
  ].join('\n');
  const mcp = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: toolSlug, arguments: args } }, null, 2);
  const mcpUrl = `${origin}/mcp?entityId=${encodeURIComponent(entityId)}&tools=${encodeURIComponent(toolSlug)}`;
  return { curl, typescript, mcp, mcpUrl };
}
