/**
 * Metrics of one Bitlink, one custom Bitlink and one QR code: clicks/scans over time, summaries,
 * engagements and facet breakdowns (countries, cities, devices, referrers...). Deterministic data
 * that honours unit/units/unit_reference/size; `Accept: text/csv` answers CSV.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { objectsToCsv } from '../common/csv.js';
import { bitlinkParam, requireLink, requirePremium, type BitlyCtx } from './context.js';
import { fail, notFound } from './errors.js';
import { findCustom } from './custom-bitlinks.js';
import { bucketCount, CITIES, distribute, FACETS, parseWindow, sizeParam, total, type MetricsWindow } from './metrics-data.js';
import { bitlyTime } from './state.js';

type Measure = 'clicks' | 'scans';

const head = (w: MetricsWindow) => ({ units: w.units, unit: w.unit, unit_reference: w.unit_reference });

export function overTime(key: string, w: MetricsWindow, measure: Measure, field: string, mult = 1) {
  return { [field]: w.buckets.map((b) => ({ [measure]: bucketCount(key, b, w.unit) * mult, date: bitlyTime(b) })), ...head(w) };
}

export function summary(key: string, w: MetricsWindow, field: string, mult = 1) {
  return { [field]: total(key, w) * mult, ...head(w) };
}

export function facet(key: string, w: MetricsWindow, name: keyof typeof FACETS, size: number, measure: Measure, mult = 1) {
  const metrics = distribute(`${key}|${name}`, total(key, w) * mult, FACETS[name], size, (v) => v).map((d) => ({
    value: d.item,
    [measure]: d.count,
  }));
  return { unit: w.unit, units: w.units, facet: name, unit_reference: w.unit_reference, metrics };
}

export function devices(key: string, w: MetricsWindow, size: number, measure: Measure, mult = 1) {
  const metrics = distribute(`${key}|devices`, total(key, w) * mult, FACETS.devices, size, (v) => v).map((d) => ({
    [measure]: d.count,
    device_type: d.item,
  }));
  return { unit: w.unit, units: w.units, facet: 'devices', unit_reference: w.unit_reference, metrics };
}

export function cities(key: string, w: MetricsWindow, size: number, measure: Measure, mult = 1) {
  const all = total(key, w) * mult;
  const noCity = Math.floor(all / 10);
  const spread = distribute(`${key}|cities`, all - noCity, CITIES, CITIES.length, (c) => c.city);
  const shown = spread.slice(0, size);
  const other = spread.slice(size).reduce((a, b) => a + b.count, 0);
  return {
    unit: w.unit,
    units: w.units,
    facet: 'cities',
    unit_reference: w.unit_reference,
    metrics: shown.map((d) => ({ [measure]: d.count, ...d.item })),
    other_metrics: { [`other_city_${measure}`]: other, [`no_city_${measure}`]: noCity },
  };
}

export function engagements(key: string, w: MetricsWindow, mult = 1) {
  return {
    engagements: w.buckets.map((b) => {
      const clicks = bucketCount(key, b, w.unit) * mult;
      const scans = bucketCount(`${key}|scans`, b, w.unit) * mult;
      const buttons = Math.floor(clicks / 4);
      return { date: bitlyTime(b), clicks, scans, button_clicks: buttons, total: clicks + scans + buttons };
    }),
    ...head(w),
  };
}

/** JSON, or the main list as CSV when the caller asks for text/csv. */
export function answer(request: FastifyRequest, reply: FastifyReply, data: Record<string, unknown>): unknown {
  if (!(request.headers.accept ?? '').toLowerCase().includes('text/csv')) return data;
  const list = Object.values(data).find((v): v is Record<string, unknown>[] => Array.isArray(v)) ?? [];
  return reply.type('text/csv; charset=utf-8').send(objectsToCsv(list));
}

export function registerMetricRoutes(api: FastifyInstance, ctx: BitlyCtx): void {
  const BL = '/bitlinks/:domain/:hash';
  const link = (request: FastifyRequest) => requireLink(ctx, bitlinkParam(request), 'bitlinks').id;
  const win = (request: FastifyRequest, r = 'bitlinks') => parseWindow(request.query, r);
  const size = (request: FastifyRequest, r = 'bitlinks') => sizeParam(request.query, r);

  api.get(`${BL}/clicks`, async (req, reply) => answer(req, reply, overTime(link(req), win(req), 'clicks', 'link_clicks')));
  api.get(`${BL}/clicks/summary`, async (req) => summary(link(req), win(req), 'total_clicks'));
  api.get(`${BL}/engagements`, async (req, reply) => answer(req, reply, engagements(link(req), win(req))));
  api.get(`${BL}/engagements/summary`, async (req) => {
    const id = link(req);
    const w = win(req);
    const clicks = total(id, w);
    const scans = total(`${id}|scans`, w);
    return {
      total_engagements: clicks + scans + Math.floor(clicks / 4),
      total_clicks: clicks,
      total_scans: scans,
      total_button_clicks: Math.floor(clicks / 4),
      ...head(w),
    };
  });
  api.get(`${BL}/cities`, async (req, reply) => {
    requirePremium(ctx, 'bitlinks');
    return answer(req, reply, cities(link(req), win(req), size(req), 'clicks'));
  });
  api.get(`${BL}/countries`, async (req, reply) => answer(req, reply, facet(link(req), win(req), 'countries', size(req), 'clicks')));
  api.get(`${BL}/devices`, async (req, reply) => {
    requirePremium(ctx, 'bitlinks');
    return answer(req, reply, devices(link(req), win(req), size(req), 'clicks'));
  });
  api.get(`${BL}/referrer_name`, async (req, reply) =>
    answer(req, reply, facet(link(req), win(req), 'referrer_name', size(req), 'clicks')),
  );
  api.get(`${BL}/referrers`, async (req, reply) => answer(req, reply, facet(link(req), win(req), 'referrers', size(req), 'clicks')));
  api.get(`${BL}/referring_domains`, async (req, reply) =>
    answer(req, reply, facet(link(req), win(req), 'referring_domains', size(req), 'clicks')),
  );
  api.get(`${BL}/referrers_by_domains`, async (req) => {
    const id = link(req);
    const w = win(req);
    const n = size(req);
    const networks = distribute(`${id}|networks`, total(id, w), FACETS.referring_networks, n, (v) => v);
    return {
      unit: w.unit,
      units: w.units,
      facet: 'referrers_by_domain',
      unit_reference: w.unit_reference,
      referrers_by_domain: networks.map((net) => ({
        network: net.item,
        referrers: distribute(`${id}|${net.item}`, net.count, FACETS.referrers, n, (v) => v).map((d) => ({ key: d.item, value: d.count })),
      })),
    };
  });

  const CB = '/custom_bitlinks/:domain/:keyword';
  api.get(`${CB}/clicks`, async (req, reply) => {
    requirePremium(ctx, 'custom_bitlinks');
    const custom = findCustom(ctx, req);
    return answer(req, reply, overTime(`custom|${custom.id}`, win(req, 'custom_bitlinks'), 'clicks', 'link_clicks'));
  });
  api.get(`${CB}/clicks_by_destination`, async (req) => {
    requirePremium(ctx, 'custom_bitlinks');
    const custom = findCustom(ctx, req);
    const w = win(req, 'custom_bitlinks');
    const destinations = [...new Set(custom.history.map((h) => h.long_url))];
    const metrics = distribute(
      `custom|${custom.id}|dest`,
      total(`custom|${custom.id}`, w),
      destinations,
      destinations.length,
      (v) => v,
    ).map((d) => ({ value: d.item, clicks: d.count }));
    return { unit: w.unit, units: w.units, facet: 'destinations', unit_reference: w.unit_reference, metrics };
  });

  const QR = '/qr-codes/:qrcode_id';
  const qr = (request: FastifyRequest) => {
    const q = ctx.state.qrCodes.get((request.params as { qrcode_id: string }).qrcode_id);
    if (!q) throw notFound('qr-codes', 'QR code');
    if (q.deleted) throw fail(410, 'GONE', 'This QR code has been deleted.', 'qr-codes');
    return `${q.qrcode_id}|scans`;
  };
  const qw = (req: FastifyRequest) => win(req, 'qr-codes');
  const qs = (req: FastifyRequest) => size(req, 'qr-codes');
  api.get(`${QR}/scans`, async (req, reply) => answer(req, reply, overTime(qr(req), qw(req), 'scans', 'qr_scans')));
  api.get(`${QR}/scans/summary`, async (req) => summary(qr(req), qw(req), 'total_scans'));
  api.get(`${QR}/scans/browsers`, async (req, reply) => answer(req, reply, facet(qr(req), qw(req), 'browsers', qs(req), 'scans')));
  api.get(`${QR}/scans/countries`, async (req, reply) => answer(req, reply, facet(qr(req), qw(req), 'countries', qs(req), 'scans')));
  api.get(`${QR}/scans/cities`, async (req, reply) => {
    requirePremium(ctx, 'qr-codes');
    return answer(req, reply, cities(qr(req), qw(req), qs(req), 'scans'));
  });
  api.get(`${QR}/scans/device_os`, async (req, reply) => {
    requirePremium(ctx, 'qr-codes');
    return answer(req, reply, facet(qr(req), qw(req), 'device_os', qs(req), 'scans'));
  });
}
