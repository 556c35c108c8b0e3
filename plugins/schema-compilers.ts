/**
 * Fastify's own schema compilers (ajv for validation, fast-json-stringify for responses) with the
 * compiled functions shared by every app built in this process, keyed by the schema's content.
 * A server builds one app and gains nothing; the test suite builds hundreds per process, and
 * compiling every route's validators and serializers again was much of each build's CPU
 * (measured: docs/internals/performance.md#start-up-and-build). The same schema text, external
 * schemas and options compile to the same function, so
 * reusing it changes nothing an app does. Fastify treats a custom validator factory as "custom"
 * and then leaves header schemas' letter case alone: no route declares a headers schema (Node
 * lower-cases incoming header names either way).
 */
import { AjvCompiler, type BuildCompilerFromPool, type RouteDefinition } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Validate = ReturnType<ReturnType<BuildCompilerFromPool>>;
type Serialize = ReturnType<ReturnType<SerializerFactory>>;

/** Distinct schemas are the routes' own (a few hundred); a bound keeps a pathological caller from growing it without end. */
const MAX_ENTRIES = 5000;

/** The cache key, or undefined for what JSON cannot write (a BigInt, a cyclic object): compiled, not shared. */
function keyOf(context: string | undefined, ...parts: unknown[]): string | undefined {
  if (context === undefined) return undefined;
  try {
    return `${context}\n${JSON.stringify(parts)}`;
  } catch {
    return undefined;
  }
}

function memo<F>(): (key: string | undefined, build: () => F) => F {
  const cache = new Map<string, F>();
  return (key, build) => {
    if (key === undefined) return build();
    let fn = cache.get(key);
    if (fn === undefined) {
      fn = build();
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, fn);
    }
    return fn;
  };
}

const validators = memo<Validate>();
const serializers = memo<Serialize>();

export function sharedSchemaCompilers(): { buildValidator: BuildCompilerFromPool; buildSerializer: SerializerFactory } {
  const ajvFactory = AjvCompiler();
  const fjsFactory = SerializerSelector();
  return {
    buildValidator: (externalSchemas, options) => {
      const compile = ajvFactory(externalSchemas, options);
      // A JSON body says what type each value is: it is validated as sent, never coerced (`{"strict": 1}`
      // is a 400, not `true`). Query strings and path parameters are text, and keep the app's coercion.
      const customOptions = { ...(options as { customOptions?: object } | undefined)?.customOptions, coerceTypes: false };
      const compileBody = ajvFactory(externalSchemas, { ...options, customOptions } as typeof options);
      const context = keyOf('', externalSchemas, options);
      // Typed as ajv's compile(schema), but Fastify calls it with a route definition (the package's RouteDefinition).
      return (route) => {
        const { httpPart, schema } = route as unknown as RouteDefinition;
        return validators(keyOf(context, httpPart, schema), () => (httpPart === 'body' ? compileBody : compile)(route));
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = fjsFactory(externalSchemas, options);
      const context = keyOf('', externalSchemas, options);
      return (route) => serializers(keyOf(context, route.schema), () => compile(route));
    },
  };
}
