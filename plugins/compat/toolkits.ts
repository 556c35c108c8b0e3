/** Compat toolkits (compat-v3.1.md section 4): list, multi, categories, changelog, read. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { principal } from '../auth.js';
import { notFound } from '../../src/errors.js';
import type { ToolkitFile } from '../../src/catalog/catalog-schema.js';
import { clampLimit, decodeCursor, pageOf } from './paging.js';
import type { CatalogView } from './catalog-view.js';
import { CompatPage, LooseObject, OptionalString } from './schemas.js';
import { defineOperation, route } from '../operations.js';

const ListQuery = Type.Object(
  {
    category: OptionalString,
    managed_by: OptionalString,
    type: OptionalString,
    sort_by: OptionalString,
    include_deprecated: OptionalString,
    search: OptionalString,
    limit: OptionalString,
    cursor: OptionalString,
  },
  { additionalProperties: true },
);

const MultiBody = Type.Object(
  {
    toolkits: Type.Optional(Type.Array(Type.String())),
    category: Type.Optional(Type.String()),
    managed_by: Type.Optional(Type.String()),
    sort_by: Type.Optional(Type.String()),
    limit: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    cursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: true },
);

export const toolkitOperations = {
  listToolkits: defineOperation({
    operationId: 'listToolkits',
    method: 'GET',
    url: '/toolkits',
    querystring: ListQuery,
    response: { 200: CompatPage },
  }),
  getToolkitsMulti: defineOperation({
    operationId: 'getToolkitsMulti',
    method: 'POST',
    url: '/toolkits/multi',
    body: MultiBody,
    response: { 200: CompatPage },
  }),
  listToolkitCategories: defineOperation({
    operationId: 'listToolkitCategories',
    method: 'GET',
    url: '/toolkits/categories',
    querystring: Type.Object({}, { additionalProperties: true }),
    response: { 200: CompatPage },
  }),
  getToolkitChangelog: defineOperation({
    operationId: 'getToolkitChangelog',
    method: 'GET',
    url: '/toolkits/changelog',
    querystring: Type.Object({}, { additionalProperties: true }),
    response: { 200: LooseObject },
  }),
  getToolkit: defineOperation({
    operationId: 'getToolkit',
    method: 'GET',
    url: '/toolkits/:slug',
    params: Type.Object({ slug: Type.String({ minLength: 1 }) }),
    querystring: Type.Object({ version: OptionalString }, { additionalProperties: true }),
    response: { 200: LooseObject },
  }),
};
const ops = toolkitOperations;

interface ListFilters {
  slugs?: string[];
  category?: string;
  search?: string;
  managedBy?: string;
  type?: string;
}

const toolkitRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'catalog' | 'authConfigs'>; view: CatalogView }> = async (
  app,
  { services, view },
) => {
  const { catalog, authConfigs } = services;

  async function filtered(projectId: string, f: ListFilters): Promise<ToolkitFile[]> {
    let all = catalog.listToolkits({ search: f.search, category: f.category || undefined, limit: Number.MAX_SAFE_INTEGER }).items;
    if (f.slugs) {
      const wanted = new Set(f.slugs.map((s) => s.toLowerCase()));
      all = all.filter((t) => wanted.has(t.slug));
    }
    // Every catalog toolkit is "native"; the broker has no custom (project-defined) toolkits.
    if (f.type === 'custom') return [];
    if (f.managedBy === 'composio') all = all.filter((t) => view.managedSchemes(t).length > 0);
    if (f.managedBy === 'project') {
      const mine = await authConfigs.toolkitsInUse(projectId);
      all = all.filter((t) => mine.has(t.slug));
    }
    return all;
  }

  route(app, ops.listToolkits, async (req) => {
    const q = req.query;
    const all = await filtered(principal(req).projectId, {
      category: q.category,
      search: q.search || undefined,
      managedBy: q.managed_by,
      type: q.type,
    });
    return pageOf(all.map(view.toolkitItem), decodeCursor(q.cursor), clampLimit(q.limit, 50, 1000));
  });

  route(app, ops.getToolkitsMulti, async (req) => {
    const b = req.body;
    const all = await filtered(principal(req).projectId, { slugs: b.toolkits, category: b.category, managedBy: b.managed_by });
    return pageOf(all.map(view.toolkitItem), decodeCursor(b.cursor ?? undefined), clampLimit(b.limit, 50, 1000));
  });

  route(app, ops.listToolkitCategories, async () => {
    const all = view.categories();
    return pageOf(all, 0, Math.max(1, all.length));
  });

  route(app, ops.getToolkitChangelog, async () => ({
    // One version per toolkit: the catalog files carry no history.
    items: catalog
      .toolkits()
      .map((t) => ({ slug: t.slug, name: t.name, displayName: t.name, versions: [{ version: t.version, changelog: '' }] })),
  }));

  route(app, ops.getToolkit, async (req) => {
    const tk = catalog.getToolkit(req.params.slug.toLowerCase());
    if (!tk) throw notFound(`Toolkit ${req.params.slug} not found`);
    return view.toolkitDetail(tk);
  });
};

export default toolkitRoutes;
