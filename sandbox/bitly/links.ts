/**
 * Bitlinks: shorten, create (keyword, existing link reuse), get, update (incl. long_url), delete
 * (unedited hash links only), expand, group listing with search_after cursor, sorted by clicks,
 * bulk archive/tag update (at most 100 links).
 */
import type { FastifyInstance } from 'fastify';
import { isHttpUrl, q1, qAll } from '../common/forms.js';
import {
  bitlinkParam,
  body,
  decodeLinkCursor,
  encodeLinkCursor,
  linkBody,
  onOff,
  optBool,
  optString,
  optStringArray,
  pageSize,
  params,
  requireGroup,
  requireLink,
  shortenBody,
  type BitlyCtx,
} from './context.js';
import { fail, invalidArg } from './errors.js';
import { parseWindow, sizeParam, total } from './metrics-data.js';
import { bitlyTime, DEFAULT_DOMAIN, type Group, type Link } from './state.js';

const R = 'bitlinks';
export const MAX_BULK_LINKS = 100;

/** DNS, domain validity, then the branded-link allowance (only when a link is about to be created). */
export function checkDomain(ctx: BitlyCtx, group: Group, domain: string): void {
  if (ctx.state.dnsBroken.has(domain)) {
    throw fail(
      417,
      'DNS_CONFIGURATION_ERROR',
      `The DNS records of ${domain} do not point to Bitly yet; the custom domain is not configured.`,
      R,
    );
  }
  if (domain !== DEFAULT_DOMAIN && !group.bsds.includes(domain)) {
    throw invalidArg('domain', R, `${domain} is not a branded short domain of group ${group.guid}.`);
  }
}

export function checkBrandedAllowance(ctx: BitlyCtx, domain: string): void {
  if (domain !== DEFAULT_DOMAIN && ctx.state.brandedLimitReached) {
    throw fail(429, 'BRANDED_LINK_MONTHLY_LIMIT_EXCEEDED', 'The monthly limit of branded links for this account has been reached.', R);
  }
}

/** created_after / created_before: integer epoch seconds. */
function epochSeconds(value: string | undefined, field: string): number | null {
  if (value === undefined || value === '') return null;
  if (!/^-?\d+$/.test(value)) throw invalidArg(field, 'groups', `${field} must be an integer unix epoch (seconds)`);
  return Number(value);
}

/** `https://bit.ly/abc` or `bit.ly/abc` -> `bit.ly/abc`. */
export function stripScheme(value: string): string {
  return value.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
}

function expirationArg(b: Record<string, unknown>): string | null | undefined {
  const v = b.expiration_at;
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  if (typeof v !== 'string' || Number.isNaN(Date.parse(v)))
    throw invalidArg('expiration_at', R, 'expiration_at must be an ISO-8601 timestamp');
  return v;
}

function isExpired(link: Link, now: number): boolean {
  return link.expiration_at !== null && Date.parse(link.expiration_at) < now;
}

export function registerLinkRoutes(api: FastifyInstance, ctx: BitlyCtx): void {
  const { state } = ctx;
  const clientOf = (request: Parameters<BitlyCtx['tokenOf']>[0]) => ctx.tokenOf(request)?.clientId ?? null;

  api.post('/shorten', async (request, reply) => {
    const b = body(request);
    if (!isHttpUrl(b.long_url)) throw invalidArg('long_url', R);
    const group = requireGroup(ctx, optString(b, 'group_guid', R) ?? state.user.default_group_guid, R);
    const domain = optString(b, 'domain', R) ?? group.domain_preference;
    checkDomain(ctx, group, domain);
    const existing = state.links.get(state.byLongUrl.get(`${group.guid}|${domain}|${b.long_url}`) ?? '');
    if (existing && !existing.deleted) return reply.code(200).send(shortenBody(ctx, existing));
    checkBrandedAllowance(ctx, domain);
    const link = state.createLink({ domain, long_url: b.long_url, group_guid: group.guid, client_id: clientOf(request) });
    return reply.code(201).send(shortenBody(ctx, link));
  });

  api.post('/bitlinks', async (request, reply) => {
    const b = body(request);
    const bitlinkId = optString(b, 'bitlink_id', R);
    const hasLong = b.long_url !== undefined && b.long_url !== null && b.long_url !== '';
    if (hasLong === (bitlinkId !== undefined)) throw invalidArg('long_url', R, 'Exactly one of long_url or bitlink_id is required.');
    if (hasLong && !isHttpUrl(b.long_url)) throw invalidArg('long_url', R);
    const group = requireGroup(ctx, optString(b, 'group_guid', R) ?? state.user.default_group_guid, R);
    const target = bitlinkId !== undefined ? requireLink(ctx, stripScheme(bitlinkId), R) : undefined;
    const domain = optString(b, 'domain', R) ?? target?.domain ?? group.domain_preference;
    checkDomain(ctx, group, domain);
    const keyword = optString(b, 'keyword', R);
    if (keyword !== undefined && !/^[A-Za-z0-9_-]{1,200}$/.test(keyword))
      throw invalidArg('keyword', R, 'keyword may only contain letters, digits, "-" and "_".');
    const title = optString(b, 'title', R);
    const tags = optStringArray(b, 'tags', R);
    const deeplinks =
      b.deeplinks === undefined
        ? undefined
        : Array.isArray(b.deeplinks)
          ? b.deeplinks
          : (() => {
              throw invalidArg('deeplinks', R);
            })();
    const expiration = expirationArg(b);
    const force = optBool(b, 'force_new_link', R) ?? false;

    if (target) {
      if (keyword === undefined) throw invalidArg('keyword', R, 'keyword is required with bitlink_id.');
      if (target.domain !== domain) throw invalidArg('domain', R, 'The keyword domain must match the domain of bitlink_id.');
      const id = `${domain}/${keyword}`;
      const taken = state.customs.get(id) ?? state.links.get(id);
      if (taken) {
        const pointsTo = 'bitlink_id' in taken ? taken.bitlink_id : taken.id;
        if (pointsTo === target.id) return reply.code(200).send(linkBody(ctx, target));
        throw fail(409, 'CONFLICT', `The keyword ${keyword} is already in use on ${domain}.`, R);
      }
      checkBrandedAllowance(ctx, domain);
      addCustom(ctx, id, domain, keyword, target);
      return reply.code(201).send(linkBody(ctx, target));
    }

    const longUrl = b.long_url as string;
    if (keyword !== undefined) {
      const id = `${domain}/${keyword}`;
      const taken = state.findLink(id);
      if (taken && !taken.deleted) {
        if (taken.long_url === longUrl) return reply.code(200).send(linkBody(ctx, taken));
        throw fail(409, 'CONFLICT', `The keyword ${keyword} is already in use on ${domain}.`, R);
      }
    } else if (!force) {
      const existing = state.links.get(state.byLongUrl.get(`${group.guid}|${domain}|${longUrl}`) ?? '');
      if (existing && !existing.deleted) return reply.code(200).send(linkBody(ctx, existing));
    }
    checkBrandedAllowance(ctx, domain);
    const link = state.createLink({
      domain,
      hash: keyword,
      long_url: longUrl,
      group_guid: group.guid,
      client_id: clientOf(request),
      title,
      tags,
      deeplinks,
      expiration_at: expiration ?? null,
    });
    return reply.code(201).send(linkBody(ctx, link));
  });

  api.get('/bitlinks/:domain/:hash', async (request) => linkBody(ctx, requireLink(ctx, bitlinkParam(request), R)));

  api.patch('/bitlinks/:domain/:hash', async (request) => {
    const link = requireLink(ctx, bitlinkParam(request), R);
    const b = body(request);
    const title = b.title === null ? null : optString(b, 'title', R);
    const archived = optBool(b, 'archived', R);
    const tags = optStringArray(b, 'tags', R);
    if (b.deeplinks !== undefined && !Array.isArray(b.deeplinks)) throw invalidArg('deeplinks', R);
    if (b.long_url !== undefined && !isHttpUrl(b.long_url)) throw invalidArg('long_url', R);
    const expiration = expirationArg(b);
    if (title !== undefined) link.title = title;
    if (archived !== undefined) link.archived = archived;
    if (tags !== undefined) {
      link.tags = [...new Set(tags)];
      for (const t of link.tags) state.tagSet(link.group_guid, 'bitlink').add(t);
    }
    if (Array.isArray(b.deeplinks)) link.deeplinks = b.deeplinks;
    if (expiration !== undefined) link.expiration_at = expiration;
    if (typeof b.long_url === 'string') {
      const oldKey = `${link.group_guid}|${link.domain}|${link.long_url}`;
      if (state.byLongUrl.get(oldKey) === link.id) state.byLongUrl.delete(oldKey);
      link.long_url = b.long_url;
      link.redirected = true;
      state.usage.encodes += 1;
    }
    return linkBody(ctx, link);
  });

  api.delete('/bitlinks/:domain/:hash', async (request) => {
    const id = bitlinkParam(request);
    const link = requireLink(ctx, id, R);
    if (link.id !== id || link.keyword || link.redirected || link.customs.length > 0) {
      throw fail(403, 'FORBIDDEN', 'Only unedited hash Bitlinks can be deleted (no custom back-half, never redirected).', R);
    }
    if (link.qrCodes.size > 0) throw fail(403, 'FORBIDDEN', 'This Bitlink has QR codes; delete them first.', R);
    state.deleteLink(link);
    return { links_deleted: [{ id: link.id }] };
  });

  api.post('/expand', async (request) => {
    const b = body(request);
    const raw = optString(b, 'bitlink_id', R);
    if (!raw) throw invalidArg('bitlink_id', R, 'bitlink_id is required.');
    const link = requireLink(ctx, stripScheme(raw), R);
    return { link: `https://${link.id}`, id: link.id, long_url: link.long_url, created_at: bitlyTime(link.createdMs) };
  });

  api.get('/groups/:group_guid/bitlinks', async (request) => {
    const group = requireGroup(ctx, params(request).group_guid, 'groups');
    const query = request.query;
    const size = pageSize(q1(query, 'size'), 'groups');
    const cursor = decodeLinkCursor(q1(query, 'search_after'), 'groups');
    const now = Date.now();
    const channelGuid = q1(query, 'channel_guid');
    const channel = channelGuid ? state.channels.get(channelGuid) : undefined;
    const inChannel = channel ? new Set(channel.bitlinks.map((x) => x.bitlink_id)) : null;
    const text = q1(query, 'query')?.toLowerCase();
    const hostPath = q1(query, 'hostname_path_query')?.toLowerCase();
    const before = epochSeconds(q1(query, 'created_before'), 'created_before');
    const after = epochSeconds(q1(query, 'created_after'), 'created_after');
    const archived = onOff(q1(query, 'archived'), 'off');
    const deeplinks = onOff(q1(query, 'deeplinks'), 'both');
    const domainDeeplinks = onOff(q1(query, 'domain_deeplinks'), 'both');
    const custom = onOff(q1(query, 'custom_bitlink'), 'both');
    const hasQr = onOff(q1(query, 'has_qr_codes'), 'both');
    const expired = onOff(q1(query, 'is_expired'), 'both');
    const hasExpiration = onOff(q1(query, 'has_expiration'), 'both');
    const campaign = q1(query, 'campaign_guid');
    const tags = qAll(query, 'tags', true);
    const launchpads = qAll(query, 'launchpad_ids', true);
    const logins = qAll(query, 'encoding_login', true);
    const keep = (l: Link): boolean => {
      if (channelGuid) return inChannel !== null && inChannel.has(l.id);
      if (archived !== undefined && l.archived !== archived) return false;
      if (text && ![l.id, l.long_url, l.title ?? '', ...l.tags].some((s) => s.toLowerCase().includes(text))) return false;
      if (hostPath) {
        const u = new URL(l.long_url);
        if (!`${u.hostname}${u.pathname}${u.search}`.toLowerCase().includes(hostPath)) return false;
      }
      // Whole seconds, as created_at shows them; both bounds exclusive.
      const createdSec = Math.floor(l.createdMs / 1000);
      if (before !== null && createdSec >= before) return false;
      if (after !== null && createdSec <= after) return false;
      if (deeplinks !== undefined && l.deeplinks.length > 0 !== deeplinks) return false;
      if (domainDeeplinks !== undefined && (l.deeplinks.length > 0 && l.domain !== DEFAULT_DOMAIN) !== domainDeeplinks) return false;
      if (custom !== undefined && (l.keyword || l.customs.length > 0) !== custom) return false;
      if (hasQr !== undefined && l.qrCodes.size > 0 !== hasQr) return false;
      if (expired !== undefined && isExpired(l, now) !== expired) return false;
      if (hasExpiration !== undefined && (l.expiration_at !== null) !== hasExpiration) return false;
      if (campaign && !l.campaign_ids.includes(campaign)) return false;
      if (tags.length > 0 && !tags.some((t) => l.tags.includes(t))) return false;
      if (launchpads.length > 0) return false;
      if (logins.length > 0 && !logins.includes(l.created_by)) return false;
      return true;
    };
    const links: Link[] = [];
    let more = false;
    for (const l of state.groupLinks(group.guid, cursor)) {
      if (!keep(l)) continue;
      if (links.length === size) {
        more = true;
        break;
      }
      links.push(l);
    }
    const searchAfter = more ? encodeLinkCursor(links[links.length - 1]) : '';
    let next = '';
    if (more) {
      const url = new URL(`${ctx.apiBase()}/groups/${group.guid}/bitlinks`);
      for (const [k, v] of Object.entries(query as Record<string, string | string[]>)) {
        if (k !== 'search_after') for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
      }
      url.searchParams.set('search_after', searchAfter);
      next = url.toString();
    }
    // `prev` is only sent when not empty (Bitly's iteration notes); this listing only goes forward.
    return { links: links.map((l) => linkBody(ctx, l)), pagination: { next, size, search_after: searchAfter } };
  });

  api.get('/groups/:group_guid/bitlinks/:sort', async (request) => {
    const group = requireGroup(ctx, params(request).group_guid, 'groups');
    if (params(request).sort !== 'clicks') throw invalidArg('sort', 'groups', 'sort must be clicks');
    const w = parseWindow(request.query, 'groups');
    const size = sizeParam(request.query, 'groups');
    const ranked = [...state.groupLinks(group.guid, null)]
      .filter((l) => !l.archived)
      .map((l) => ({ link: l, clicks: total(l.id, w) }))
      .sort((a, b) => b.clicks - a.clicks || b.link.seq - a.link.seq)
      .slice(0, size);
    return { links: ranked.map((r) => linkBody(ctx, r.link)), sorted_links: ranked.map((r) => ({ id: r.link.id, clicks: r.clicks })) };
  });

  api.patch('/groups/:group_guid/bitlinks', async (request) => {
    const group = requireGroup(ctx, params(request).group_guid, 'groups');
    const b = body(request);
    const action = b.action;
    if (action !== 'archive' && action !== 'edit_tags') throw invalidArg('action', 'groups', 'action must be archive or edit_tags');
    const ids = optStringArray(b, 'links', 'groups');
    if (!ids || ids.length === 0) throw invalidArg('links', 'groups', 'links must list at least one Bitlink id.');
    if (ids.length > MAX_BULK_LINKS) {
      throw fail(400, 'INVALID_ARG_LINKS', `At most ${MAX_BULK_LINKS} links can be updated per request; got ${ids.length}.`, 'groups', [
        { field: 'links', error_code: 'too_many', message: `at most ${MAX_BULK_LINKS} links per request` },
      ]);
    }
    const archive = optBool(b, 'archive', 'groups') ?? true;
    const add = optStringArray(b, 'add_tags', 'groups') ?? [];
    const remove = new Set(optStringArray(b, 'remove_tags', 'groups') ?? []);
    if (action === 'edit_tags' && add.length === 0 && remove.size === 0)
      throw invalidArg('add_tags', 'groups', 'edit_tags needs add_tags or remove_tags.');
    const updated: string[] = [];
    for (const raw of ids) {
      const link = state.findLink(stripScheme(raw));
      if (!link || link.deleted || link.group_guid !== group.guid) continue;
      if (action === 'archive') link.archived = archive;
      else {
        link.tags = [...new Set([...link.tags.filter((t) => !remove.has(t)), ...add])];
        for (const t of add) state.tagSet(group.guid, 'bitlink').add(t);
      }
      updated.push(link.id);
    }
    return { links: updated };
  });
}

/** Adds a custom back-half `id` (domain/keyword) pointing at `target`. */
export function addCustom(ctx: BitlyCtx, id: string, domain: string, keyword: string, target: Link): void {
  const now = bitlyTime();
  ctx.state.customs.set(id, {
    id,
    domain,
    keyword,
    bitlink_id: target.id,
    firstCreated: now,
    history: [historyEntry(ctx, domain, keyword, target, now, now)],
  });
  target.customs.unshift(id);
  ctx.state.usage.custom_back_halves += 1;
}

export function historyEntry(ctx: BitlyCtx, domain: string, keyword: string, target: Link, created: string, first: string) {
  return {
    uuid: `${target.hash}-${Date.now().toString(36)}`,
    group_guid: target.group_guid,
    keyword,
    bsd: domain,
    hash: target.hash,
    login: ctx.state.user.login,
    long_url: target.long_url,
    created,
    first_created: first,
    deactivated: '',
    is_active: true,
  };
}
