/**
 * A JSON Schema (a tool's input, a trigger's config) as people read it: each parameter with its
 * type, whether it is required, its description, its allowed values and default, and the
 * parameters of nested objects under it. A list, not a table, so it wraps on a phone.
 */

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "string", "array of string", "integer or null", "string (date-time)". */
export function typeText(schema: Schema): string {
  const variants = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(variants)) return variants.filter(isSchema).map(typeText).join(' or ') || 'any';
  const type = schema.type;
  const name = Array.isArray(type) ? type.join(' or ') : typeof type === 'string' ? type : schema.enum ? 'one of' : 'any';
  if (name === 'array' && isSchema(schema.items)) return `array of ${typeText(schema.items)}`;
  // A map: any keys, each value of one schema (HubSpot's `properties`).
  if (name === 'object' && !isSchema(schema.properties) && isSchema(schema.additionalProperties))
    return `object of ${typeText(schema.additionalProperties)} values`;
  return typeof schema.format === 'string' ? `${name} (${schema.format})` : name;
}

const valueText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function Parameter({ name, schema, required, depth }: { name: string; schema: Schema; required: boolean; depth: number }) {
  const nested = isSchema(schema.items) && schema.items.type === 'object' ? schema.items : schema;
  const limits = [
    typeof schema.minLength === 'number' ? `at least ${schema.minLength} characters` : null,
    typeof schema.maxLength === 'number' ? `at most ${schema.maxLength} characters` : null,
    typeof schema.minimum === 'number' ? `minimum ${schema.minimum}` : null,
    typeof schema.maximum === 'number' ? `maximum ${schema.maximum}` : null,
    typeof schema.maxItems === 'number' ? `at most ${schema.maxItems} items` : null,
  ].filter(Boolean);
  return (
    <li class="param" data-testid="schema-param" data-param={name}>
      <div class="param-head">
        <code class="param-name">{name}</code> <span class="param-type">{typeText(schema)}</span>{' '}
        {required ? <span class="param-required">required</span> : <span class="muted small">optional</span>}
      </div>
      {typeof schema.description === 'string' ? <p class="param-text">{schema.description}</p> : null}
      {Array.isArray(schema.enum) ? (
        <p class="param-text small">
          One of:{' '}
          {schema.enum.map((v, i) => (
            <span key={i}>
              {i > 0 ? ', ' : ''}
              <code>{valueText(v)}</code>
            </span>
          ))}
        </p>
      ) : null}
      {schema.default !== undefined ? (
        <p class="param-text small">
          Default: <code>{valueText(schema.default)}</code>
        </p>
      ) : null}
      {limits.length > 0 ? <p class="param-text small muted">{limits.join(', ')}</p> : null}
      {depth < 4 && isSchema(nested.properties) ? <SchemaView schema={nested} depth={depth + 1} /> : null}
    </li>
  );
}

export function SchemaView({ schema, depth = 0, empty = 'No parameters.' }: { schema: Schema; depth?: number; empty?: string }) {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const names = Object.keys(properties);
  if (names.length === 0) return depth === 0 ? <p class="muted small">{empty}</p> : null;
  // Required parameters first, each group in the schema's order.
  const ordered = [...names.filter((n) => required.has(n)), ...names.filter((n) => !required.has(n))];
  return (
    <ul class={depth === 0 ? 'param-list' : 'param-list param-list-nested'}>
      {ordered.map((n) => {
        const s = properties[n];
        return isSchema(s) ? <Parameter key={n} name={n} schema={s} required={required.has(n)} depth={depth} /> : null;
      })}
    </ul>
  );
}
