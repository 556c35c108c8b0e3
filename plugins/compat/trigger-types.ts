/**
 * Compat trigger types (events-and-triggers.md section 1): list, read and the slug enum, over the
 * catalog's trigger files, in the v3.1 shape core's `triggers.listTypes` / `getType` parse.
 * `toolkit_versions` is accepted and ignored: the catalog has one version per trigger.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../src/services.js';
import type { LoadedTrigger } from '../../src/catalog/catalog.js';
import { notFound } from '../../src/errors.js';
import { toolkitLogo } from './catalog-view.js';
import { clampLimit, commaList, decodeCursor, pageOf } from './paging.js';
import { CompatPage, LooseObject, OptionalString } from './schemas.js';
import { defineOperation, route } from '../operations.js';

/** The v3.1 trigger type: the fields core requires, the optional ones it reads, nothing internal. */
const TriggerTypeItem = Type.Object(
  {
    slug: Type.String(),
    name: Type.String(),
    description: Type.String(),
    instructions: Type.String(),
    type: Type.Union([Type.Literal('poll'), Type.Literal('webhook')]),
    version: Type.String(),
    config: LooseObject,
    payload: LooseObject,
    toolkit: Type.Object({ slug: Type.String(), name: Type.String(), logo: Type.String() }),
  },
  { additionalProperties: true },
);

export const triggerTypeOperations = {
  listTriggerTypes: defineOperation({
    operationId: 'listTriggerTypes',
    method: 'GET',
    url: '/triggers_types',
    querystring: Type.Object(
      { toolkit_slugs: OptionalString, toolkit_versions: OptionalString, limit: OptionalString, cursor: OptionalString },
      { additionalProperties: true },
    ),
    response: { 200: CompatPage },
  }),
  listTriggerTypeEnum: defineOperation({
    operationId: 'listTriggerTypeEnum',
    method: 'GET',
    url: '/triggers_types/list/enum',
    response: { 200: Type.Array(Type.String()) },
  }),
  getTriggerType: defineOperation({
    operationId: 'getTriggerType',
    method: 'GET',
    url: '/triggers_types/:slug',
    params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) }),
    querystring: Type.Object({ toolkit_versions: OptionalString }, { additionalProperties: true }),
    response: { 200: TriggerTypeItem },
  }),
};
const ops = triggerTypeOperations;

function item(e: Readonly<LoadedTrigger>) {
  const t = e.trigger;
  return {
    slug: t.slug,
    name: t.name,
    description: t.description,
    instructions: t.instructions,
    type: t.type,
    version: t.version,
    config: structuredClone(t.config),
    payload: structuredClone(t.payload),
    toolkit: { slug: e.toolkit.slug, name: e.toolkit.name, logo: toolkitLogo(e.toolkit) },
  };
}

const triggerTypeRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'catalog'> }> = async (app, { services }) => {
  const { catalog } = services;

  route(app, ops.listTriggerTypes, async (req) => {
    const q = req.query;
    const toolkits = commaList(q.toolkit_slugs)?.map((s) => s.toLowerCase());
    return pageOf(catalog.triggers(toolkits).map(item), decodeCursor(q.cursor), clampLimit(q.limit, 50, 1000));
  });

  route(app, ops.listTriggerTypeEnum, async () => catalog.triggers().map((e) => e.trigger.slug));

  route(app, ops.getTriggerType, async (req) => {
    const { slug } = req.params;
    const entry = catalog.getTriggerEntry(slug) ?? catalog.getTriggerEntry(slug.toUpperCase());
    if (!entry) throw notFound(`Trigger type ${slug} not found`, undefined, { slug });
    return item(entry);
  });
};

export default triggerTypeRoutes;
