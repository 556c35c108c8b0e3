/**
 * Organizations (allowed_orgs filter, require_sso/require_2fa annotations), their shorten counts
 * and plan limits, the user, platform limits, branded short domains and OAuth app lookup.
 */
import type { FastifyInstance } from 'fastify';
import { q1 } from '../common/forms.js';
import { body, optString, params, requireGroup, type BitlyCtx } from './context.js';
import { invalidArg, notFound } from './errors.js';
import { featureUsage } from './groups.js';
import { countByBucket, parseWindow } from './metrics-data.js';
import { bitlyTime, type Org } from './state.js';

export interface RouteTemplate {
  method: string;
  url: string;
  pattern: RegExp;
}

/** `/v4/bitlinks/:domain/:hash` -> a regex matching concrete paths. */
export function templatePattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}

export function registerOrganizationRoutes(api: FastifyInstance, ctx: BitlyCtx, routes: () => RouteTemplate[]): void {
  const { state } = ctx;
  const R = 'organizations';

  const orgBody = (o: Org) => {
    const premium = state.premium;
    const out: Record<string, unknown> = {
      references: { groups: `${ctx.apiBase()}/groups?organization_guid=${o.guid}` },
      guid: o.guid,
      name: o.name,
      is_active: true,
      tier: premium ? 'enterprise' : 'free',
      tier_family: premium ? 'enterprise' : 'free',
      tier_display_name: premium ? 'Enterprise' : 'Free',
      role: 'org-admin',
      created: o.created,
      modified: o.created,
      bsds: [...o.bsds],
    };
    if (o.require_sso) out.require_sso = true;
    if (o.require_2fa) out.require_2fa = true;
    return out;
  };

  const requireOrg = (guid: string): Org => {
    const o = state.orgs.get(guid);
    if (!o) throw notFound(R, 'organization');
    return o;
  };

  const orgLinks = (guid: string) =>
    [...state.links.values()].filter((l) => !l.deleted && state.groups.get(l.group_guid)?.organization_guid === guid);

  api.get('/organizations', async (request) => {
    const includeAll = q1(request.query, 'include_all') === 'true';
    const orgs = [...state.orgs.values()].filter((o) => includeAll || state.allowedOrgs.has(o.guid));
    return { organizations: orgs.map(orgBody) };
  });

  api.get('/organizations/:organization_guid', async (request) => orgBody(requireOrg(params(request).organization_guid)));

  api.get('/organizations/:organization_guid/shorten_counts', async (request) => {
    const o = requireOrg(params(request).organization_guid);
    const w = parseWindow(request.query, R);
    const counts = countByBucket(
      orgLinks(o.guid).map((l) => l.createdMs),
      w,
    );
    return {
      unit: w.unit,
      units: w.units,
      facet: 'shorten_counts',
      unit_reference: w.unit_reference,
      metrics: w.buckets.map((b, i) => ({ key: bitlyTime(b), value: counts[i] })),
    };
  });

  api.get('/organizations/:organization_guid/shorten_counts_by_group', async (request) => {
    const o = requireOrg(params(request).organization_guid);
    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const counts = new Map<string, number>();
    for (const g of state.groups.values()) if (g.organization_guid === o.guid) counts.set(g.guid, 0);
    for (const l of orgLinks(o.guid)) if (l.createdMs >= monthStart) counts.set(l.group_guid, (counts.get(l.group_guid) ?? 0) + 1);
    return {
      unit: 'month',
      units: 1,
      facet: 'group_guid',
      unit_reference: bitlyTime(),
      metrics: [...counts].map(([key, value]) => ({ key, value })),
    };
  });

  api.get('/organizations/:organization_guid/plan_limits', async (request) => {
    const o = requireOrg(params(request).organization_guid);
    const groups = [...state.groups.values()].filter((g) => g.organization_guid === o.guid);
    return {
      references: { organization: `${ctx.apiBase()}/organizations/${o.guid}` },
      organization_guid: o.guid,
      plan_limits: [
        ...featureUsage(ctx, groups[0]?.guid ?? '').filter((f) => f.name !== 'tags'),
        { name: 'groups', description: 'Groups in the organization', limit: 10, count: groups.length },
        { name: 'branded_short_domains', description: 'Branded short domains', limit: 5, count: o.bsds.length },
        {
          name: 'webhooks',
          description: 'Webhooks',
          limit: 10,
          count: [...state.webhooks.values()].filter((h) => h.organization_guid === o.guid).length,
        },
      ],
    };
  });

  api.get('/user', async () => userBody());

  api.patch('/user', async (request) => {
    const b = body(request);
    const name = optString(b, 'name', 'user');
    const group = optString(b, 'default_group_guid', 'user');
    if (group !== undefined) requireGroup(ctx, group, 'user');
    if (name !== undefined) state.user.name = name;
    if (group !== undefined) state.user.default_group_guid = group;
    state.user.modified = bitlyTime();
    return userBody();
  });

  const userBody = () => ({
    login: state.user.login,
    name: state.user.name,
    is_active: true,
    created: state.user.created,
    modified: state.user.modified,
    is_sso_user: false,
    emails: [{ email: state.user.email, is_primary: true, is_verified: true }],
    is_2fa_enabled: false,
    default_group_guid: state.user.default_group_guid,
  });

  api.get('/user/platform_limits', async (request) => {
    const raw = q1(request.query, 'path');
    let wanted: string | undefined;
    if (raw !== undefined && raw !== '') {
      const p = raw.split('?')[0].replace(/\/+$/, '');
      wanted = p.startsWith('/v4') ? p : `/v4${p.startsWith('/') ? '' : '/'}${p}`;
    }
    const normalized = (url: string) => url.replace(/:([a-z_]+)/g, '{$1}');
    const byEndpoint = new Map<string, { name: string; limit: number; count: number }[]>();
    for (const r of routes()) {
      if (wanted && wanted !== r.url && wanted !== normalized(r.url) && !r.pattern.test(wanted)) continue;
      const list = byEndpoint.get(r.url) ?? [];
      list.push({
        name: r.method,
        limit: r.method === 'GET' ? 1000 : r.url.endsWith('/shorten') ? 100 : 500,
        count: state.endpointCalls.get(`${r.method} ${r.url}`) ?? 0,
      });
      byEndpoint.set(r.url, list);
    }
    if (wanted && byEndpoint.size === 0) throw invalidArg('path', 'user', `${raw} is not an API path.`);
    return { platform_limits: [...byEndpoint].map(([url, methods]) => ({ endpoint: normalized(url), methods })) };
  });

  api.get('/bsds', async () => {
    const out = new Set<string>();
    for (const o of state.orgs.values()) for (const d of o.bsds) out.add(d);
    return { bsds: [...out] };
  });

  api.get('/apps/:client_id', async (request) => {
    const client = ctx.clients.get(params(request).client_id);
    if (!client) throw notFound('apps', 'OAuth app');
    return {
      name: client.name ?? client.clientId,
      client_id: client.clientId,
      link: 'https://example.com/connector-broker',
      description: 'OAuth app registered with the Bitly sandbox.',
    };
  });
}
