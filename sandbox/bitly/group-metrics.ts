/**
 * Group-level metrics: clicks, link clicks and QR scans over time and by facet, engagements, and
 * top links / QR codes rankings. Group numbers scale with the number of links in the group.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { q1 } from '../common/forms.js';
import { linkBody, params, requireGroup, requirePremium, type BitlyCtx } from './context.js';
import { answer, cities, devices, engagements, facet, overTime } from './metrics.js';
import { bucketCount, parseWindow, sizeParam, total } from './metrics-data.js';
import { qrMinimal } from './qr-codes.js';
import { bitlyTime } from './state.js';

const R = 'groups';

export function registerGroupMetricRoutes(api: FastifyInstance, ctx: BitlyCtx): void {
  const { state } = ctx;
  const G = '/groups/:group_guid';

  /** Key and multiplier of a group's aggregate numbers. */
  const group = (request: FastifyRequest) => {
    const g = requireGroup(ctx, params(request).group_guid, R);
    let n = 0;
    for (const _ of state.groupLinks(g.guid, null)) if ((n += 1) >= 50) break;
    return { key: `group|${g.guid}`, mult: Math.max(1, n), guid: g.guid };
  };
  const win = (request: FastifyRequest) => parseWindow(request.query, R);
  const size = (request: FastifyRequest) => sizeParam(request.query, R);

  api.get(`${G}/clicks`, async (req) => {
    requirePremium(ctx, R);
    const { key, mult } = group(req);
    const w = win(req);
    return {
      unit: w.unit,
      units: w.units,
      unit_reference: w.unit_reference,
      data: w.buckets.map((b) => ({ ts: bitlyTime(b), count: bucketCount(key, b, w.unit) * mult })),
    };
  });

  api.get(`${G}/codes/scans/cities`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, cities(`${key}|scans`, win(req), size(req), 'scans', mult));
  });
  api.get(`${G}/codes/scans/countries`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, facet(`${key}|scans`, win(req), 'countries', size(req), 'scans', mult));
  });
  api.get(`${G}/codes/scans/over_time`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, overTime(`${key}|scans`, win(req), 'scans', 'qr_scans', mult));
  });

  api.get(`${G}/links/clicks/cities`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, cities(key, win(req), size(req), 'clicks', mult));
  });
  api.get(`${G}/links/clicks/countries`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, facet(key, win(req), 'countries', size(req), 'clicks', mult));
  });
  api.get(`${G}/links/clicks/devices`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, devices(key, win(req), size(req), 'clicks', mult));
  });
  api.get(`${G}/links/clicks/referrers`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, facet(key, win(req), 'referrers', size(req), 'clicks', mult));
  });
  api.get(`${G}/links/clicks/over_time`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, overTime(key, win(req), 'clicks', 'link_clicks', mult));
  });

  api.get(`${G}/cities`, async (req, reply) => {
    requirePremium(ctx, R);
    const { key, mult } = group(req);
    return answer(req, reply, cities(key, win(req), size(req), 'clicks', mult));
  });
  api.get(`${G}/countries`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, facet(key, win(req), 'countries', size(req), 'clicks', mult));
  });
  api.get(`${G}/devices`, async (req, reply) => {
    requirePremium(ctx, R);
    const { key, mult } = group(req);
    return answer(req, reply, devices(key, win(req), size(req), 'clicks', mult));
  });
  api.get(`${G}/referrers`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, facet(key, win(req), 'referrers', size(req), 'clicks', mult));
  });
  api.get(`${G}/referring_networks`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, facet(key, win(req), 'referring_networks', size(req), 'clicks', mult));
  });
  api.get(`${G}/engagements/over_time`, async (req, reply) => {
    const { key, mult } = group(req);
    return answer(req, reply, engagements(key, win(req), mult));
  });

  const rankLinks = (guid: string, w: ReturnType<typeof win>, n: number, withScans: boolean) =>
    [...state.groupLinks(guid, null)]
      .filter((l) => !l.archived)
      .map((l) => ({ link: l, clicks: total(l.id, w), scans: withScans ? total(`${l.id}|scans`, w) : 0 }))
      .sort((a, b) => b.clicks + b.scans - (a.clicks + a.scans) || b.link.seq - a.link.seq)
      .slice(0, n);
  const rankQr = (guid: string, w: ReturnType<typeof win>, n: number) =>
    [...state.groupQrCodes(guid, null)]
      .map((q) => ({ qr: q, scans: total(`${q.qrcode_id}|scans`, w) }))
      .sort((a, b) => b.scans - a.scans || b.qr.seq - a.qr.seq)
      .slice(0, n);

  api.get(`${G}/links/clicks/top`, async (req) => {
    const { guid } = group(req);
    const ranked = rankLinks(guid, win(req), size(req), false);
    return { links: ranked.map((r) => linkBody(ctx, r.link)), sorted_links: ranked.map((r) => ({ id: r.link.id, clicks: r.clicks })) };
  });

  api.get(`${G}/engagements/top`, async (req) => {
    const { guid } = group(req);
    const ranked = rankLinks(guid, win(req), size(req), true);
    return {
      links: ranked.map((r) => linkBody(ctx, r.link)),
      sorted_links: ranked.map((r) => ({ id: r.link.id, clicks: r.clicks + r.scans })),
    };
  });

  api.get(`${G}/codes/scans/top`, async (req) => {
    const { guid } = group(req);
    const w = win(req);
    const ranked = rankQr(guid, w, 50);
    const head = { unit: w.unit, units: w.units, unit_reference: w.unit_reference };
    if (q1(req.query, 'decoupled') === 'true') {
      return {
        ...head,
        links: [],
        qr_codes: ranked.map((r) => qrMinimal(r.qr)),
        sorted_engagements: ranked.map((r) => ({ id: r.qr.qrcode_id, type: 'qr_code', engagements: r.scans })),
      };
    }
    return {
      ...head,
      qr_codes: ranked.map((r) => qrMinimal(r.qr)),
      sorted_qr_codes: ranked.map((r) => ({ id: r.qr.qrcode_id, scans: r.scans })),
    };
  });

  api.get(`${G}/engagements/sorted/top`, async (req) => {
    const { guid } = group(req);
    const w = win(req);
    const n = size(req);
    const links = rankLinks(guid, w, n, true).map((r) => ({
      kind: 'bitlink' as const,
      id: r.link.id,
      engagements: r.clicks + r.scans,
      body: linkBody(ctx, r.link),
    }));
    const codes = rankQr(guid, w, n).map((r) => ({
      kind: 'qr_code' as const,
      id: r.qr.qrcode_id,
      engagements: r.scans,
      body: qrMinimal(r.qr),
    }));
    const sorted = [...links, ...codes].sort((a, b) => b.engagements - a.engagements).slice(0, n);
    return {
      unit: w.unit,
      units: w.units,
      unit_reference: w.unit_reference,
      links: sorted.filter((s) => s.kind === 'bitlink').map((s) => s.body),
      qr_codes: sorted.filter((s) => s.kind === 'qr_code').map((s) => s.body),
      sorted_links: sorted.map((s) => ({ id: s.id, type: s.kind, engagements: s.engagements })),
    };
  });
}
