/** What every Bitly route file receives, plus shared readers and response presenters. */
import type { FastifyRequest } from 'fastify';
import { isPlainObject } from '../common/forms.js';
import type { AccessTokenRecord, ClientRegistry } from '../common/token-store.js';
import { fail, invalidArg, notFound } from './errors.js';
import { bitlyTime, type BitlyState, type Group, type Link, type LinkCursor } from './state.js';

export interface BitlyCtx {
  state: BitlyState;
  clients: ClientRegistry;
  /** e.g. http://127.0.0.1:4123/v4 */
  apiBase(): string;
  tokenOf(request: FastifyRequest): AccessTokenRecord | undefined;
}

export function body(request: FastifyRequest): Record<string, unknown> {
  return isPlainObject(request.body) ? request.body : {};
}

export function params(request: FastifyRequest): Record<string, string> {
  return request.params as Record<string, string>;
}

/** `{domain}/{hash}` path values (the slash kept literal in the path). */
export function bitlinkParam(request: FastifyRequest): string {
  const p = params(request);
  return `${p.domain}/${p.hash}`;
}

export function requireGroup(ctx: BitlyCtx, guid: unknown, resource: string): Group {
  const group = typeof guid === 'string' ? ctx.state.groups.get(guid) : undefined;
  if (!group) throw notFound(resource, 'group');
  return group;
}

export function requirePremium(ctx: BitlyCtx, resource: string): void {
  if (!ctx.state.premium) {
    throw fail(402, 'UPGRADE_REQUIRED', 'This feature is not available on your current plan. Upgrade your account to use it.', resource);
  }
}

export function requireLink(ctx: BitlyCtx, id: string, resource: string): Link {
  const link = ctx.state.findLink(id);
  if (!link) throw notFound(resource, 'Bitlink');
  if (link.deleted) throw fail(410, 'GONE', 'This Bitlink has been deleted.', resource);
  return link;
}

export function optString(b: Record<string, unknown>, field: string, resource: string): string | undefined {
  const v = b[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidArg(field, resource);
  return v;
}

export function optBool(b: Record<string, unknown>, field: string, resource: string): boolean | undefined {
  const v = b[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw invalidArg(field, resource);
}

export function optStringArray(b: Record<string, unknown>, field: string, resource: string): string[] | undefined {
  const v = b[field];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw invalidArg(field, resource);
  return v as string[];
}

/** on | off | both filters; undefined for "both". */
export function onOff(value: string | undefined, fallback: 'on' | 'off' | 'both'): boolean | undefined {
  const v = value ?? fallback;
  return v === 'on' ? true : v === 'off' ? false : undefined;
}

export function encodeCursor(seq: number): string {
  return Buffer.from(`sa:${seq}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, resource: string): number | null {
  if (!cursor) return null;
  const m = /^sa:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw invalidArg('search_after', resource);
  return Number(m[1]);
}

/** Group listing cursor: the last link's creation time and sequence (links list newest first). */
export function encodeLinkCursor(link: { createdMs: number; seq: number }): string {
  return Buffer.from(`sa:${link.createdMs}:${link.seq}`).toString('base64url');
}

export function decodeLinkCursor(cursor: string | undefined, resource: string): LinkCursor | null {
  if (!cursor) return null;
  const m = /^sa:(-?\d+):(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw invalidArg('search_after', resource);
  return { createdMs: Number(m[1]), seq: Number(m[2]) };
}

export function pageSize(value: string | undefined, resource: string): number {
  if (value === undefined || value === '') return 50;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw invalidArg('size', resource);
  return Math.min(n, 100);
}

export function linkBody(ctx: BitlyCtx, link: Link): Record<string, unknown> {
  const out: Record<string, unknown> = {
    references: { group: `${ctx.apiBase()}/groups/${link.group_guid}` },
    link: `https://${link.id}`,
    id: link.id,
    long_url: link.long_url,
    title: link.title ?? '',
    archived: link.archived,
    created_at: bitlyTime(link.createdMs),
    created_by: link.created_by,
    client_id: link.client_id ?? '',
    custom_bitlinks: link.customs.map((c) => `https://${c}`),
    tags: [...link.tags],
    launchpad_ids: [],
    deeplinks: link.deeplinks,
    is_deleted: link.deleted,
    campaign_ids: [...link.campaign_ids],
  };
  if (link.expiration_at) out.expiration_at = link.expiration_at;
  return out;
}

export function shortenBody(ctx: BitlyCtx, link: Link): Record<string, unknown> {
  return {
    references: { group: `${ctx.apiBase()}/groups/${link.group_guid}` },
    link: `https://${link.id}`,
    id: link.id,
    long_url: link.long_url,
    archived: link.archived,
    created_at: bitlyTime(link.createdMs),
    custom_bitlinks: link.customs.map((c) => `https://${c}`),
    tags: [...link.tags],
    deeplinks: link.deeplinks,
  };
}
