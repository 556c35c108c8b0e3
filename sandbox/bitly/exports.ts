/**
 * POST /groups/{group_guid}/exports: a CSV built synchronously from state and returned inline as a
 * base64 data URI. Caps: 200 rows when metrics are included, 1000 for metadata-only lists.
 */
import type { FastifyInstance } from 'fastify';
import { toCsv } from '../common/csv.js';
import { isPlainObject } from '../common/forms.js';
import { body, optBool, optStringArray, params, requireGroup, requireLink, type BitlyCtx } from './context.js';
import { fail, invalidArg } from './errors.js';
import { stripScheme } from './links.js';
import { parseWindow, total, type MetricsWindow } from './metrics-data.js';
import { bitlyTime, type Link, type QrCode } from './state.js';

const R = 'groups';
export const EXPORT_TYPES = ['link_engagements_batch', 'links_list', 'qr_codes_list'] as const;
export const METRICS_ROW_CAP = 200;
export const METADATA_ROW_CAP = 1000;

interface ExportFilter {
  tags: string[];
  domain?: string;
  archived: 'on' | 'off' | 'both';
  query?: string;
  createdAfter?: number;
  createdBefore?: number;
  campaign?: string;
}

function parseFilter(raw: Record<string, unknown>): ExportFilter {
  const tags =
    raw.tags === undefined ? [] : Array.isArray(raw.tags) && raw.tags.every((t) => typeof t === 'string') ? (raw.tags as string[]) : null;
  if (!tags) throw invalidArg('filter.tags', R);
  const num = (v: unknown, field: string): number | undefined => {
    if (v === undefined || v === null) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) throw invalidArg(field, R);
    return n;
  };
  const a = raw.archived;
  const archived =
    a === true || a === 'on' ? 'on' : a === 'both' ? 'both' : a === undefined || a === null || a === false || a === 'off' ? 'off' : null;
  if (!archived) throw invalidArg('filter.archived', R);
  return {
    tags,
    domain: typeof raw.domain === 'string' ? raw.domain : undefined,
    archived,
    query: typeof raw.query === 'string' && raw.query !== '' ? raw.query.toLowerCase() : undefined,
    createdAfter: num(raw.created_after, 'filter.created_after'),
    createdBefore: num(raw.created_before, 'filter.created_before'),
    campaign: typeof raw.campaign_guid === 'string' ? raw.campaign_guid : undefined,
  };
}

function common(f: ExportFilter, archived: boolean, createdMs: number, tags: string[], texts: string[]): boolean {
  if (f.archived !== 'both' && archived !== (f.archived === 'on')) return false;
  if (f.tags.length > 0 && !f.tags.some((t) => tags.includes(t))) return false;
  if (f.query && !texts.some((s) => s.toLowerCase().includes(f.query as string))) return false;
  if (f.createdAfter !== undefined && createdMs / 1000 <= f.createdAfter) return false;
  if (f.createdBefore !== undefined && createdMs / 1000 >= f.createdBefore) return false;
  return true;
}

export function registerExportRoutes(api: FastifyInstance, ctx: BitlyCtx): void {
  const { state } = ctx;

  api.post('/groups/:group_guid/exports', async (request) => {
    const group = requireGroup(ctx, params(request).group_guid, R);
    const b = body(request);
    const type = b.export_type;
    if (typeof type !== 'string' || !(EXPORT_TYPES as readonly string[]).includes(type)) {
      throw invalidArg('export_type', R, `export_type must be one of ${EXPORT_TYPES.join(', ')}.`);
    }
    const isList = type !== 'link_engagements_batch';
    if (b.filter !== undefined && b.filter !== null && !isPlainObject(b.filter)) throw invalidArg('filter', R);
    if (isList && !isPlainObject(b.filter)) {
      throw fail(400, 'INVALID_ARG_FILTER', `filter is required for ${type} exports.`, R, [
        { field: 'filter', error_code: 'missing', message: 'filter is required' },
      ]);
    }
    const filter = isPlainObject(b.filter) ? parseFilter(b.filter) : null;
    const bitlinks = optStringArray(b, 'bitlinks', R);
    const includeMetrics = type === 'link_engagements_batch' || (optBool(b, 'include_metrics', R) ?? false);
    const nowS = Math.floor(Date.now() / 1000);
    const unixTo = b.unix_to === undefined || b.unix_to === null ? nowS : Number(b.unix_to);
    const unixFrom = b.unix_from === undefined || b.unix_from === null ? unixTo - 30 * 86_400 : Number(b.unix_from);
    if (!Number.isInteger(unixTo) || unixTo < 0) throw invalidArg('unix_to', R);
    if (!Number.isInteger(unixFrom) || unixFrom < 0) throw invalidArg('unix_from', R);
    if (unixFrom > unixTo) throw invalidArg('unix_from', R, 'unix_from must not be after unix_to.');
    const w: MetricsWindow | null = includeMetrics
      ? parseWindow(
          {
            unit: 'day',
            units: String(Math.max(1, Math.ceil((unixTo - unixFrom) / 86_400))),
            unit_reference: new Date(unixTo * 1000).toISOString(),
          },
          R,
        )
      : null;

    let columns: string[];
    let rows: Record<string, unknown>[];
    if (type === 'qr_codes_list') {
      const f = filter as ExportFilter;
      const codes = [...state.groupQrCodes(group.guid, null)].filter((q: QrCode) => {
        const link = state.links.get(q.linkId);
        if (f.domain && link?.domain !== f.domain) return false;
        if (f.campaign && !link?.campaign_ids.includes(f.campaign)) return false;
        return common(f, q.archived, q.createdMs, q.tags, [q.title ?? '', q.qrcode_id, q.long_url ?? link?.long_url ?? '']);
      });
      columns = ['qrcode_id', 'title', 'qr_code_type', 'destination', 'serialized_content', 'created', 'archived', 'tags', 'group_guid'];
      if (w) columns.push('scans');
      rows = codes.map((q) => ({
        qrcode_id: q.qrcode_id,
        title: q.title ?? '',
        qr_code_type: q.long_url !== null ? 'long_url' : 'bitlink',
        destination: q.long_url ?? q.bitlink_id,
        serialized_content: `https://${q.linkId}?r=qr`,
        created: bitlyTime(q.createdMs),
        archived: q.archived,
        tags: q.tags,
        group_guid: q.group_guid,
        ...(w ? { scans: total(`${q.qrcode_id}|scans`, w) } : {}),
      }));
    } else {
      let links: Link[];
      if (type === 'link_engagements_batch' && bitlinks && bitlinks.length > 0) {
        links = bitlinks.map((id) => requireLink(ctx, stripScheme(id), R));
      } else {
        const f = filter ?? { tags: [], archived: 'off' as const };
        links = [...state.groupLinks(group.guid, null)].filter((l) => {
          if (f.domain && l.domain !== f.domain) return false;
          if (f.campaign && !l.campaign_ids.includes(f.campaign)) return false;
          return common(f, l.archived, l.createdMs, l.tags, [l.id, l.long_url, l.title ?? '', ...l.tags]);
        });
      }
      columns =
        type === 'link_engagements_batch'
          ? ['bitlink', 'long_url', 'title', 'created_at']
          : ['bitlink', 'long_url', 'title', 'created_at', 'archived', 'tags', 'custom_bitlinks', 'campaign_ids', 'group_guid'];
      if (w) columns.push('clicks', 'scans', 'engagements');
      rows = links.map((l) => {
        const row: Record<string, unknown> = {
          bitlink: l.id,
          long_url: l.long_url,
          title: l.title ?? '',
          created_at: bitlyTime(l.createdMs),
          archived: l.archived,
          tags: l.tags,
          custom_bitlinks: l.customs,
          campaign_ids: l.campaign_ids,
          group_guid: l.group_guid,
        };
        if (w) {
          row.clicks = total(l.id, w);
          row.scans = total(`${l.id}|scans`, w);
          row.engagements = (row.clicks as number) + (row.scans as number);
        }
        return row;
      });
    }

    const cap = includeMetrics ? METRICS_ROW_CAP : METADATA_ROW_CAP;
    const truncated = rows.length > cap;
    if (truncated) rows = rows.slice(0, cap);
    const csv = toCsv(columns, rows);
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '');
    return {
      export_type: type,
      filename: `${type}_${group.guid}_${stamp}.csv`,
      media_type: 'text/csv',
      row_count: rows.length,
      column_count: columns.length,
      columns,
      size_bytes: Buffer.byteLength(csv, 'utf8'),
      data_uri: `data:text/csv;base64,${Buffer.from(csv, 'utf8').toString('base64')}`,
      unix_from: includeMetrics ? unixFrom : null,
      unix_to: includeMetrics ? unixTo : null,
      truncated,
    };
  });
}
