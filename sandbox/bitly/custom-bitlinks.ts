/**
 * Custom Bitlinks (premium): add a back-half on a branded domain to a Bitlink of the same domain,
 * read it with its redirect history, move it to another Bitlink.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { body, linkBody, optString, params, requireLink, requirePremium, type BitlyCtx } from './context.js';
import { fail, invalidArg, notFound } from './errors.js';
import { addCustom, historyEntry, stripScheme } from './links.js';
import { bitlyTime, DEFAULT_DOMAIN, type Custom } from './state.js';

const R = 'custom_bitlinks';

function splitCustom(value: string): { domain: string; keyword: string } {
  const m = /^([^/\s]+)\/([^/\s]+)$/.exec(stripScheme(value));
  if (!m) throw invalidArg('custom_bitlink', R, 'custom_bitlink must be domain/keyword, e.g. sbx.link/launch');
  return { domain: m[1], keyword: m[2] };
}

export function customBody(ctx: BitlyCtx, custom: Custom) {
  const target = ctx.state.links.get(custom.bitlink_id);
  return {
    custom_bitlink: `https://${custom.id}`,
    bitlink: target ? linkBody(ctx, target) : null,
    bitlink_history: custom.history.map((h) => ({ ...h })),
  };
}

/** The custom back-half addressed by the path, also a keyword link created with POST /bitlinks. */
export function findCustom(ctx: BitlyCtx, request: FastifyRequest): Custom {
  const p = params(request);
  const id = `${p.domain}/${p.keyword}`;
  const custom = ctx.state.customs.get(id);
  if (custom) return custom;
  const link = ctx.state.links.get(id);
  if (link && link.keyword && !link.deleted) {
    const created = bitlyTime(link.createdMs);
    return {
      id,
      domain: link.domain,
      keyword: link.hash,
      bitlink_id: link.id,
      firstCreated: created,
      history: [historyEntry(ctx, link.domain, link.hash, link, created, created)],
    };
  }
  throw notFound(R, 'custom Bitlink');
}

export function registerCustomBitlinkRoutes(api: FastifyInstance, ctx: BitlyCtx): void {
  const { state } = ctx;

  api.post('/custom_bitlinks', async (request) => {
    requirePremium(ctx, R);
    const b = body(request);
    const rawCustom = optString(b, 'custom_bitlink', R);
    const rawTarget = optString(b, 'bitlink_id', R);
    if (!rawCustom) throw invalidArg('custom_bitlink', R, 'custom_bitlink is required.');
    if (!rawTarget) throw invalidArg('bitlink_id', R, 'bitlink_id is required.');
    const { domain, keyword } = splitCustom(rawCustom);
    if (domain === DEFAULT_DOMAIN) throw invalidArg('custom_bitlink', R, 'Custom Bitlinks need a branded short domain, not bit.ly.');
    if (!state.knownDomains().has(domain)) throw invalidArg('custom_bitlink', R, `${domain} is not one of your branded short domains.`);
    const target = requireLink(ctx, stripScheme(rawTarget), R);
    if (target.domain !== domain) throw invalidArg('bitlink_id', R, `The domains must match: ${domain} vs ${target.domain}.`);
    const id = `${domain}/${keyword}`;
    const existing = state.customs.get(id);
    if (existing && existing.bitlink_id === target.id) return customBody(ctx, existing);
    if (existing || state.links.has(id)) throw fail(409, 'CONFLICT', `The keyword ${keyword} is already in use on ${domain}.`, R);
    addCustom(ctx, id, domain, keyword, target);
    return customBody(ctx, state.customs.get(id) as Custom);
  });

  api.get('/custom_bitlinks/:domain/:keyword', async (request) => {
    requirePremium(ctx, R);
    return customBody(ctx, findCustom(ctx, request));
  });

  api.patch('/custom_bitlinks/:domain/:keyword', async (request) => {
    requirePremium(ctx, R);
    const custom = findCustom(ctx, request);
    const raw = optString(body(request), 'bitlink_id', R);
    if (!raw) throw invalidArg('bitlink_id', R, 'bitlink_id is required.');
    const target = requireLink(ctx, stripScheme(raw), R);
    if (target.domain !== custom.domain) throw invalidArg('bitlink_id', R, `The domains must match: ${custom.domain} vs ${target.domain}.`);
    if (target.id === custom.bitlink_id) return customBody(ctx, custom);
    const now = bitlyTime();
    const previous = state.links.get(custom.bitlink_id);
    if (previous) previous.customs = previous.customs.filter((c) => c !== custom.id);
    for (const h of custom.history) {
      if (h.is_active) {
        h.is_active = false;
        h.deactivated = now;
      }
    }
    custom.history.unshift(historyEntry(ctx, custom.domain, custom.keyword, target, now, custom.firstCreated));
    custom.bitlink_id = target.id;
    state.customs.set(custom.id, custom);
    target.customs.unshift(custom.id);
    return customBody(ctx, custom);
  });
}
