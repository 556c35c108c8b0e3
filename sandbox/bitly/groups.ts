/**
 * Groups: get, list, update, preferences, tags (at most 1000), shorten counts (from real link
 * creation times), feature usage and historical usage.
 */
import type { FastifyInstance } from 'fastify';
import { q1, qAll } from '../common/forms.js';
import { body, optString, optStringArray, params, requireGroup, type BitlyCtx } from './context.js';
import { invalidArg, notFound } from './errors.js';
import { countByBucket, parseWindow } from './metrics-data.js';
import { bitlyTime, DEFAULT_DOMAIN, PLAN_LIMITS, type Group } from './state.js';

export const MAX_GROUP_TAGS = 1000;

export function groupBody(ctx: BitlyCtx, g: Group) {
  return {
    references: { organization: `${ctx.apiBase()}/organizations/${g.organization_guid}` },
    guid: g.guid,
    organization_guid: g.organization_guid,
    name: g.name,
    created: g.created,
    modified: g.modified,
    is_active: true,
    role: 'org-admin',
    bsds: [...g.bsds],
  };
}

/** Per-feature usage of a group (this month), in the plan-limit shape. */
export function featureUsage(ctx: BitlyCtx, groupGuid: string) {
  const { state } = ctx;
  const tags = state.tags.get(groupGuid);
  return [
    { name: 'encodes', description: 'Links created this month', limit: PLAN_LIMITS.encodes, count: state.usage.encodes },
    {
      name: 'branded_encodes',
      description: 'Links on branded domains this month',
      limit: PLAN_LIMITS.branded_encodes,
      count: state.usage.branded_encodes,
    },
    { name: 'qr_codes', description: 'QR codes created this month', limit: PLAN_LIMITS.qr_codes, count: state.usage.qr_codes },
    {
      name: 'custom_back_halves',
      description: 'Custom back-halves this month',
      limit: PLAN_LIMITS.custom_back_halves,
      count: state.usage.custom_back_halves,
    },
    { name: 'tags', description: 'Distinct tags in the group', limit: PLAN_LIMITS.tags, count: tags ? tags.bitlink.size : 0 },
  ];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function registerGroupRoutes(api: FastifyInstance, ctx: BitlyCtx): void {
  const { state } = ctx;
  const R = 'groups';

  api.get('/groups', async (request) => {
    const org = q1(request.query, 'organization_guid');
    if (org && !state.orgs.has(org)) throw notFound(R, 'organization');
    return { groups: [...state.groups.values()].filter((g) => !org || g.organization_guid === org).map((g) => groupBody(ctx, g)) };
  });

  api.get('/groups/:group_guid', async (request) => groupBody(ctx, requireGroup(ctx, params(request).group_guid, R)));

  api.patch('/groups/:group_guid', async (request) => {
    const g = requireGroup(ctx, params(request).group_guid, R);
    const b = body(request);
    const name = optString(b, 'name', R);
    const org = optString(b, 'organization_guid', R);
    const bsds = optStringArray(b, 'bsds', R);
    const orgRec = state.orgs.get(org ?? g.organization_guid);
    if (!orgRec) throw notFound(R, 'organization');
    for (const d of bsds ?? [])
      if (!orgRec.bsds.includes(d)) throw invalidArg('bsds', R, `${d} is not a branded short domain of the organization.`);
    if (name !== undefined) g.name = name;
    if (org !== undefined) g.organization_guid = org;
    if (bsds !== undefined) g.bsds = [...new Set(bsds)];
    g.modified = bitlyTime();
    return groupBody(ctx, g);
  });

  api.get('/groups/:group_guid/preferences', async (request) => {
    const g = requireGroup(ctx, params(request).group_guid, R);
    return { group_guid: g.guid, domain_preference: g.domain_preference };
  });

  api.patch('/groups/:group_guid/preferences', async (request) => {
    const g = requireGroup(ctx, params(request).group_guid, R);
    const b = body(request);
    const echo = optString(b, 'group_guid', R);
    if (echo !== undefined && echo !== g.guid) throw invalidArg('group_guid', R, 'group_guid must match the path.');
    const pref = optString(b, 'domain_preference', R);
    if (pref !== undefined) {
      if (pref !== DEFAULT_DOMAIN && !g.bsds.includes(pref))
        throw invalidArg('domain_preference', R, `${pref} is not a domain of this group.`);
      g.domain_preference = pref;
    }
    return { group_guid: g.guid, domain_preference: g.domain_preference };
  });

  api.get('/groups/:group_guid/tags', async (request) => {
    const g = requireGroup(ctx, params(request).group_guid, R);
    const type = q1(request.query, 'type') ?? 'bitlink';
    if (type !== 'bitlink' && type !== 'qr_code') throw invalidArg('type', R, 'type must be bitlink or qr_code');
    const tags = [...state.tagSet(g.guid, type)].sort((a, b) => a.localeCompare(b));
    return { tags: tags.slice(0, MAX_GROUP_TAGS) };
  });

  api.get('/groups/:group_guid/shorten_counts', async (request) => {
    const g = requireGroup(ctx, params(request).group_guid, R);
    const w = parseWindow(request.query, R);
    const times = [...state.groupLinks(g.guid, null)].map((l) => l.createdMs);
    const counts = countByBucket(times, w);
    return {
      unit: w.unit,
      units: w.units,
      facet: 'shorten_counts',
      unit_reference: w.unit_reference,
      metrics: w.buckets.map((b, i) => ({ key: bitlyTime(b), value: counts[i] })),
    };
  });

  api.get('/groups/:group_guid/feature_usage', async (request) => {
    const g = requireGroup(ctx, params(request).group_guid, R);
    const names = qAll(request.query, 'name', true);
    const features = featureUsage(ctx, g.guid).filter((f) => names.length === 0 || names.includes(f.name));
    return { group_guid: g.guid, feature_usage: features };
  });

  api.get('/groups/:group_guid/historical_usage', async (request) => {
    const g = requireGroup(ctx, params(request).group_guid, R);
    const unit = q1(request.query, 'unit') ?? 'day';
    if (!['day', 'week', 'month'].includes(unit)) throw invalidArg('unit', R, 'unit must be day, week or month');
    const endRaw = q1(request.query, 'end_date');
    const startRaw = q1(request.query, 'start_date');
    for (const [field, v] of [
      ['start_date', startRaw],
      ['end_date', endRaw],
    ] as const) {
      if (v !== undefined && (!DATE.test(v) || Number.isNaN(Date.parse(v)))) throw invalidArg(field, R, `${field} must be YYYY-MM-DD`);
    }
    const end = endRaw ? Date.parse(endRaw) : Date.parse(new Date().toISOString().slice(0, 10));
    const start = startRaw ? Date.parse(startRaw) : end - 29 * 86_400_000;
    if (start > end) throw invalidArg('start_date', R, 'start_date must not be after end_date');
    const step = unit === 'day' ? 86_400_000 : unit === 'week' ? 7 * 86_400_000 : 0;
    const bucketStarts: number[] = [];
    for (let t = start; t <= end && bucketStarts.length < 400;) {
      bucketStarts.push(t);
      if (step) t += step;
      else {
        const d = new Date(t);
        t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      }
    }
    const bucketOf = (ms: number) => {
      if (ms < start || ms >= end + 86_400_000) return -1;
      let i = bucketStarts.length - 1;
      while (i > 0 && ms < bucketStarts[i]) i -= 1;
      return i;
    };
    const series = (times: number[]) => {
      const counts = bucketStarts.map(() => 0);
      for (const t of times) {
        const i = bucketOf(t);
        if (i >= 0) counts[i] += 1;
      }
      return bucketStarts.map((b, i) => ({ date: new Date(b).toISOString().slice(0, 10), count: counts[i] }));
    };
    const links = [...state.groupLinks(g.guid, null)];
    const sources: Record<string, number[]> = {
      encodes: links.map((l) => l.createdMs),
      branded_encodes: links.filter((l) => l.domain !== DEFAULT_DOMAIN).map((l) => l.createdMs),
      qr_codes: [...state.groupQrCodes(g.guid, null)].map((q) => q.createdMs),
      custom_back_halves: [...state.customs.values()]
        .filter((c) => state.links.get(c.bitlink_id)?.group_guid === g.guid)
        .map((c) => Date.parse(c.firstCreated.replace('+0000', 'Z'))),
    };
    const names = qAll(request.query, 'name', true);
    const wanted = names.length > 0 ? names.filter((n) => n in sources) : Object.keys(sources);
    return {
      group_guid: g.guid,
      unit,
      start_date: new Date(start).toISOString().slice(0, 10),
      end_date: new Date(end).toISOString().slice(0, 10),
      usage: wanted.map((name) => ({ name, data: series(sources[name]) })),
    };
  });
}
