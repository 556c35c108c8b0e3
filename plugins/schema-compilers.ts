/**
 * Fastify's own schema compilers (ajv for validation, fast-json-stringify for responses) with the
 * compiled functions shared by every app built in this process, keyed by the schema's content.
 * A server builds one app and gains nothing; the test suite builds hundreds per process, and
 * compiling every route's validators and serializers again was about 45% of each build (0.4-0.6 s
 * on this project's 2-core machine). The same schema text, external schemas and options compile
 * to the same function, so reusing it changes nothing an app does. Fastify treats a custom
 * validator factory as "custom" and then leaves header schemas' letter case alone: no route
 * declares a headers schema (Node lower-cases incoming header names either way).
 */
import { AjvCompiler, type BuildCompilerFromPool, type RouteDefinition } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Validate = ReturnType<ReturnType<BuildCompilerFromPool>>;
type Serialize = ReturnType<ReturnType<SerializerFactory>>;

/** Distinct schemas are the routes' own (a few hundred); a bound keeps a pathological caller from growing it without end. */
const MAX_ENTRIES = 5000;

function memo<F>(): (key: string, build: () => F) => F {
  const cache = new Map<string, F>();
  return (key, build) => {
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
      const context = JSON.stringify([externalSchemas, options]);
      // Typed as ajv's compile(schema), but Fastify calls it with a route definition (the package's RouteDefinition).
      return (route) => {
        const { httpPart, schema } = route as unknown as RouteDefinition;
        return validators(`${context}\n${httpPart}\n${JSON.stringify(schema)}`, () => compile(route));
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = fjsFactory(externalSchemas, options);
      const context = JSON.stringify([externalSchemas, options]);
      return (route) => serializers(`${context}\n${JSON.stringify(route.schema)}`, () => compile(route));
    },
  };
}
