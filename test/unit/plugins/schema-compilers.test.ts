import t from 'tap';
import { sharedSchemaCompilers } from '../../../plugins/schema-compilers.js';
import type { RouteDefinition } from '@fastify/ajv-compiler';

// The package declares its request parts as a type-only enum: the strings Fastify passes.
type Part = RouteDefinition['httpPart'];

const AJV = { customOptions: { allErrors: true, coerceTypes: 'array' as const, useDefaults: true, strict: false } };
const route = (schema: unknown, httpPart = 'body' as Part): RouteDefinition => ({ method: 'POST', url: '/x', httpPart, schema });
// ajv's declared compile(schema) signature; Fastify passes the route definition (see schema-compilers.ts).
const validatorOf = (externals: Record<string, never>) => {
  const compile = sharedSchemaCompilers().buildValidator(externals, AJV);
  return (r: RouteDefinition) => compile(r as never);
};

t.test('validators: one compile per schema content, shared by apps, never across different schemas or parts', async (t) => {
  const first = validatorOf({});
  const second = validatorOf({}); // another app in the same process
  const schema = () => ({ type: 'object', properties: { n: { type: 'integer', maximum: 5 } }, required: ['n'] });
  const a = first(route(schema()));
  t.equal(second(route(schema())), a, 'the same content compiled once, whatever the object');
  t.not(first(route({ ...schema(), properties: { n: { type: 'integer', maximum: 6 } } })), a, 'other content: its own validator');
  t.not(first(route(schema(), 'querystring' as Part)), a, 'another request part: its own validator');
  t.equal(a({ n: 5 }), true);
  t.equal(a({ n: 6 }), false, 'the shared validator still checks');
  t.match(a.errors?.[0], { instancePath: '/n', keyword: 'maximum' });
});

t.test('a schema JSON cannot write (a BigInt annotation) is compiled for each app, not shared, and still validates', async (t) => {
  const unwritable = () => ({ type: 'object', properties: { n: { type: 'integer' } }, 'x-max': 10n });
  const a = validatorOf({})(route(unwritable()));
  const b = validatorOf({})(route(unwritable()));
  t.not(a, b);
  t.equal(a({ n: 1 }), true);
  t.equal(b({ n: 'x' }), false);
});

t.test('serializers: shared by content, and they still serialize by their schema', async (t) => {
  const build = () => sharedSchemaCompilers().buildSerializer({}, {});
  const schema = () => ({ type: 'object', properties: { id: { type: 'string' } } });
  const one = build()({ method: 'GET', url: '/x', httpStatus: '200', schema: schema() });
  t.equal(build()({ method: 'GET', url: '/y', httpStatus: '200', schema: schema() }), one);
  t.equal(one({ id: 'a', secret: 's' }), '{"id":"a"}', 'properties outside the schema are left out');
  const other = build()({
    method: 'GET',
    url: '/x',
    httpStatus: '200',
    schema: { type: 'object', properties: { secret: { type: 'string' } } },
  });
  t.not(other, one);
});

t.test('a JSON body is validated as sent; query strings and path parameters are still coerced', async (t) => {
  const compile = validatorOf({});
  const schema = () => ({
    type: 'object',
    properties: { strict: { type: 'boolean' }, n: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
  });
  const body = compile(route(schema()));
  for (const wrong of [{ strict: 1 }, { strict: 'true' }, { n: '5' }, { tags: 'one' }])
    t.equal(body({ ...wrong }), false, `body ${JSON.stringify(wrong)}`);
  t.equal(body({ strict: true, n: 5, tags: ['one'] }), true);
  for (const part of ['querystring', 'params'] as Part[]) {
    const text = compile(route(schema(), part));
    const input: Record<string, unknown> = { strict: 'true', n: '5', tags: 'one' };
    t.equal(text(input), true, `${part} coerces`);
    t.same(input, { strict: true, n: 5, tags: ['one'] });
  }
});
