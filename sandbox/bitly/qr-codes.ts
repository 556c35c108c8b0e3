/**
 * QR codes: create (201), static image (Accept/format rules, feature flag, basic customizations
 * only), get, update, delete (never scanned, not on a custom link; removes the code's own link),
 * image (Accept/format rules), group listing with a search_after cursor.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isHttpUrl, isPlainObject, q1, qAll } from '../common/forms.js';
import {
  body,
  decodeCursor,
  encodeCursor,
  onOff,
  optBool,
  optString,
  optStringArray,
  pageSize,
  params,
  requireGroup,
  requireLink,
  type BitlyCtx,
} from './context.js';
import { fail, invalidArg, notFound } from './errors.js';
import { stripScheme } from './links.js';
import { MEDIA_TYPE, negotiate, render, type ImageFormat } from './qr-image.js';
import { bitlyTime, DEFAULT_DOMAIN, type QrCode } from './state.js';

const R = 'qr-codes';
const STATIC_UNSUPPORTED = ['gradient', 'background_gradient', 'frame', 'text', 'logo'];

export function qrMinimal(q: QrCode): Record<string, unknown> {
  const out: Record<string, unknown> = {
    qrcode_id: q.qrcode_id,
    group_guid: q.group_guid,
    title: q.title ?? '',
    qr_code_type: q.long_url !== null ? 'long_url' : 'bitlink',
    serialized_content: `https://${q.linkId}?r=qr`,
    render_customizations: q.render_customizations,
    is_customized: Object.keys(q.render_customizations).length > 0,
    archived: q.archived,
    tags: [...q.tags],
    created: bitlyTime(q.createdMs),
    modified: bitlyTime(q.modifiedMs),
    created_by: q.created_by,
  };
  if (q.bitlink_id !== null) out.bitlink_id = q.bitlink_id;
  if (q.long_url !== null) out.long_urls = [q.long_url];
  if (q.expiration_at) out.expiration_at = q.expiration_at;
  if (q.gs1 !== undefined && q.gs1 !== null) out.gs1 = q.gs1;
  return out;
}

function qrDetails(q: QrCode): Record<string, unknown> {
  return {
    ...qrMinimal(q),
    destination: q.bitlink_id !== null ? { bitlink_id: q.bitlink_id } : { long_url: q.long_url },
    is_hidden: false,
    is_gs1: q.gs1 !== undefined && q.gs1 !== null,
  };
}

function formatParam(request: FastifyRequest): ImageFormat {
  const f = q1(request.query, 'format') ?? 'svg';
  if (f !== 'svg' && f !== 'png') throw invalidArg('format', R, 'format must be svg or png');
  return f;
}

function sendImage(reply: FastifyReply, format: ImageFormat, image: Buffer): FastifyReply {
  return reply.code(200).type(MEDIA_TYPE[format]).send(image);
}

function customizationsArg(b: Record<string, unknown>): Record<string, unknown> | undefined {
  if (b.render_customizations === undefined || b.render_customizations === null) return undefined;
  if (!isPlainObject(b.render_customizations)) throw invalidArg('render_customizations', R);
  return b.render_customizations;
}

function expirationArg(b: Record<string, unknown>): string | null | undefined {
  if (b.expiration_at === undefined) return undefined;
  if (b.expiration_at === null || b.expiration_at === '') return null;
  if (typeof b.expiration_at !== 'string' || Number.isNaN(Date.parse(b.expiration_at))) throw invalidArg('expiration_at', R);
  return b.expiration_at;
}

export function registerQrCodeRoutes(api: FastifyInstance, ctx: BitlyCtx): void {
  const { state } = ctx;

  const requireQr = (request: FastifyRequest): QrCode => {
    const q = state.qrCodes.get(params(request).qrcode_id);
    if (!q) throw notFound(R, 'QR code');
    if (q.deleted) throw fail(410, 'GONE', 'This QR code has been deleted.', R);
    return q;
  };

  api.post('/qr-codes', async (request, reply) => {
    const b = body(request);
    if (b.group_guid === undefined) throw invalidArg('group_guid', R, 'group_guid is required.');
    const group = requireGroup(ctx, b.group_guid, R);
    const dest = b.destination;
    if (!isPlainObject(dest)) throw invalidArg('destination', R, 'destination is required: {bitlink_id} or {long_url}.');
    const hasLink = typeof dest.bitlink_id === 'string' && dest.bitlink_id !== '';
    const hasLong = typeof dest.long_url === 'string' && dest.long_url !== '';
    if (hasLink === hasLong) throw invalidArg('destination', R, 'destination needs exactly one of bitlink_id or long_url.');
    if (hasLong && !isHttpUrl(dest.long_url)) throw invalidArg('destination.long_url', R);
    const title = optString(b, 'title', R) ?? null;
    const rc = customizationsArg(b) ?? {};
    const tags = optStringArray(b, 'tags', R) ?? [];
    const expiration = expirationArg(b) ?? null;
    const archived = optBool(b, 'archived', R) ?? false;
    const now = Date.now();
    const qrcodeId = state.newGuid('Q', state.qrCodes);
    let linkId: string;
    if (hasLink) {
      const link = requireLink(ctx, stripScheme(dest.bitlink_id as string), R);
      link.qrCodes.add(qrcodeId);
      linkId = link.id;
    } else {
      const link = state.createLink({
        domain: DEFAULT_DOMAIN,
        long_url: dest.long_url as string,
        group_guid: group.guid,
        client_id: ctx.tokenOf(request)?.clientId ?? null,
        forQr: qrcodeId,
      });
      link.qrCodes.add(qrcodeId);
      linkId = link.id;
    }
    const q: QrCode = {
      qrcode_id: qrcodeId,
      group_guid: group.guid,
      title,
      bitlink_id: hasLink ? linkId : null,
      long_url: hasLong ? (dest.long_url as string) : null,
      linkId,
      created_by: state.user.login,
      render_customizations: rc,
      gs1: b.gs1 ?? null,
      archived,
      tags: [...new Set(tags)],
      expiration_at: expiration,
      createdMs: now,
      modifiedMs: now,
      seq: state.nextSeq(),
      deleted: false,
      scans: 0,
    };
    state.qrCodes.set(q.qrcode_id, q);
    state.qrOrder.push(q);
    state.usage.qr_codes += 1;
    for (const t of q.tags) state.tagSet(group.guid, 'qr_code').add(t);
    return reply.code(201).send(qrMinimal(q));
  });

  api.post('/qr-codes/static', async (request, reply) => {
    if (!state.staticQrEnabled)
      throw fail(403, 'FORBIDDEN', 'Static QR code generation is not enabled for this account. Contact Bitly to enable it.', R);
    const b = body(request);
    const content = optString(b, 'content', R);
    if (!content) throw invalidArg('content', R, 'content is required.');
    if (b.group_guid === undefined) throw invalidArg('group_guid', R, 'group_guid is required.');
    requireGroup(ctx, b.group_guid, R);
    const rc = customizationsArg(b) ?? {};
    const unsupported = STATIC_UNSUPPORTED.filter((k) => rc[k] !== undefined);
    if (unsupported.length > 0) {
      throw fail(
        422,
        'UNPROCESSABLE_ENTITY',
        `Static QR codes support basic appearance only; not supported: ${unsupported.join(', ')}.`,
        R,
        unsupported.map((k) => ({
          field: `render_customizations.${k}`,
          error_code: 'not_supported',
          message: `${k} is not supported for static QR codes`,
        })),
      );
    }
    const format = formatParam(request);
    const choice = negotiate(request.headers.accept);
    if (choice.kind === 'unsupported') throw fail(406, 'NOT_ACCEPTABLE', 'Accept must be application/json, image/svg+xml or image/png.', R);
    if (choice.kind === 'image') return sendImage(reply, choice.format, render(choice.format, content, rc));
    const image = render(format, content, rc);
    return { qr_code_image: image.toString('base64'), format, media_type: MEDIA_TYPE[format] };
  });

  api.get('/qr-codes/:qrcode_id', async (request) => qrDetails(requireQr(request)));

  api.patch('/qr-codes/:qrcode_id', async (request) => {
    const q = requireQr(request);
    const b = body(request);
    const title = b.title === null ? null : optString(b, 'title', R);
    const rc = customizationsArg(b);
    const archived = optBool(b, 'archived', R);
    const expiration = expirationArg(b);
    const tags = optStringArray(b, 'tags', R);
    if (title !== undefined) q.title = title;
    if (rc !== undefined) q.render_customizations = rc;
    if (archived !== undefined) q.archived = archived;
    if (expiration !== undefined) q.expiration_at = expiration;
    if (tags !== undefined) {
      q.tags = [...new Set(tags)];
      for (const t of q.tags) state.tagSet(q.group_guid, 'qr_code').add(t);
    }
    q.modifiedMs = Date.now();
    return qrMinimal(q);
  });

  api.delete('/qr-codes/:qrcode_id', async (request) => {
    const q = requireQr(request);
    if (q.scans > 0) throw fail(403, 'FORBIDDEN', 'QR codes that have been scanned (redirected) cannot be deleted.', R);
    const link = state.links.get(q.linkId);
    if (link && (link.keyword || link.customs.length > 0))
      throw fail(403, 'FORBIDDEN', 'QR codes of custom Bitlinks cannot be deleted.', R);
    q.deleted = true;
    const linksDeleted: { id: string }[] = [];
    if (link) {
      link.qrCodes.delete(q.qrcode_id);
      if (link.forQr === q.qrcode_id && !link.deleted) {
        state.deleteLink(link);
        linksDeleted.push({ id: link.id });
      }
    }
    return { id: q.qrcode_id, qrcode_id: q.qrcode_id, links_deleted: linksDeleted };
  });

  api.get('/qr-codes/:qrcode_id/image', async (request, reply) => {
    const q = requireQr(request);
    const format = formatParam(request);
    const choice = negotiate(request.headers.accept);
    if (choice.kind === 'unsupported') throw fail(406, 'NOT_ACCEPTABLE', 'Accept must be application/json, image/svg+xml or image/png.', R);
    const content = `https://${q.linkId}?r=qr`;
    if (choice.kind === 'image') return sendImage(reply, choice.format, render(choice.format, content, q.render_customizations));
    if (choice.kind === 'none') return sendImage(reply, format, render(format, content, q.render_customizations));
    const image = render(format, content, q.render_customizations);
    return { qrcode_id: q.qrcode_id, format, qr_code_image: `data:${MEDIA_TYPE[format]};base64,${image.toString('base64')}` };
  });

  api.get('/groups/:group_guid/qr-codes', async (request) => {
    const group = requireGroup(ctx, params(request).group_guid, 'groups');
    const query = request.query;
    const size = pageSize(q1(query, 'size'), 'groups');
    const cursor = decodeCursor(q1(query, 'search_after'), 'groups');
    const now = Date.now();
    const text = q1(query, 'query')?.toLowerCase();
    const hostPath = q1(query, 'hostname_path_query')?.toLowerCase();
    const before = q1(query, 'created_before');
    const after = q1(query, 'created_after');
    const archived = onOff(q1(query, 'archived'), 'off');
    const customized = onOff(q1(query, 'has_render_customizations'), 'both');
    const gs1 = onOff(q1(query, 'is_gs1'), 'both');
    const expired = onOff(q1(query, 'is_expired'), 'both');
    const hasExpiration = onOff(q1(query, 'has_expiration'), 'both');
    const logins = qAll(query, 'creating_login', true);
    const types = qAll(query, 'qrc_type', true);
    const tags = qAll(query, 'tags', true);
    const destination = (q: QrCode) => q.long_url ?? state.links.get(q.linkId)?.long_url ?? '';
    const keep = (q: QrCode): boolean => {
      if (archived !== undefined && q.archived !== archived) return false;
      if (text && ![q.title ?? '', q.qrcode_id, destination(q), ...q.tags].some((s) => s.toLowerCase().includes(text))) return false;
      if (
        hostPath &&
        !destination(q)
          .toLowerCase()
          .replace(/^https?:\/\//, '')
          .includes(hostPath)
      )
        return false;
      if (before && q.createdMs / 1000 >= Number(before)) return false;
      if (after && q.createdMs / 1000 <= Number(after)) return false;
      if (customized !== undefined && Object.keys(q.render_customizations).length > 0 !== customized) return false;
      if (gs1 !== undefined && (q.gs1 !== null && q.gs1 !== undefined) !== gs1) return false;
      if (expired !== undefined && (q.expiration_at !== null && Date.parse(q.expiration_at) < now) !== expired) return false;
      if (hasExpiration !== undefined && (q.expiration_at !== null) !== hasExpiration) return false;
      if (logins.length > 0 && !logins.includes(q.created_by)) return false;
      if (types.length > 0 && !types.includes(q.long_url !== null ? 'long_url' : 'bitlink')) return false;
      if (tags.length > 0 && !tags.some((t) => q.tags.includes(t))) return false;
      return true;
    };
    const codes: QrCode[] = [];
    let more = false;
    for (const q of state.groupQrCodes(group.guid, cursor)) {
      if (!keep(q)) continue;
      if (codes.length === size) {
        more = true;
        break;
      }
      codes.push(q);
    }
    const searchAfter = more ? encodeCursor(codes[codes.length - 1].seq) : '';
    let next = '';
    if (more) {
      const url = new URL(`${ctx.apiBase()}/groups/${group.guid}/qr-codes`);
      for (const [k, v] of Object.entries(query as Record<string, string | string[]>)) {
        if (k !== 'search_after') for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
      }
      url.searchParams.set('search_after', searchAfter);
      next = url.toString();
    }
    return { qr_codes: codes.map(qrMinimal), pagination: { next, search_after: searchAfter, size } };
  });
}
