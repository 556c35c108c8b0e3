/** control.seed: bulk state for cap tests (group tags, export rows, listing pages). */
import type { BitlySeedOptions, BitlySeedResult } from '../types.js';
import type { BitlyCtx } from './context.js';
import { notFound } from './errors.js';
import { DEFAULT_DOMAIN, type QrCode } from './state.js';

export function seedBitly(ctx: BitlyCtx, opts: BitlySeedOptions): BitlySeedResult {
  const { state } = ctx;
  const groupGuid = opts.groupGuid ?? state.user.default_group_guid;
  if (!state.groups.has(groupGuid)) throw notFound('groups', 'group');
  const result: BitlySeedResult = { links: [], tags: [], qrCodes: [] };
  const base = state.linkOrder.length + state.qrOrder.length;

  for (let i = 1; i <= (opts.links ?? 0); i += 1) {
    const n = base + i;
    const link = state.createLink({
      domain: DEFAULT_DOMAIN,
      long_url: `https://example.com/seed/${n}?utm_source=sandbox`,
      group_guid: groupGuid,
      client_id: null,
      title: `Seeded link ${n}`,
    });
    result.links.push(link.id);
  }

  const tagSet = state.tagSet(groupGuid, 'bitlink');
  const existingTags = tagSet.size;
  for (let i = 1; i <= (opts.tags ?? 0); i += 1) {
    const tag = `seed-tag-${String(existingTags + i).padStart(5, '0')}`;
    tagSet.add(tag);
    result.tags.push(tag);
  }

  for (let i = 1; i <= (opts.qrCodes ?? 0); i += 1) {
    const n = base + i;
    const qrcodeId = state.newGuid('Q', state.qrCodes);
    const link = state.createLink({
      domain: DEFAULT_DOMAIN,
      long_url: `https://example.com/qr/${n}`,
      group_guid: groupGuid,
      client_id: null,
      forQr: qrcodeId,
    });
    link.qrCodes.add(qrcodeId);
    const now = Date.now();
    const q: QrCode = {
      qrcode_id: qrcodeId,
      group_guid: groupGuid,
      title: `Seeded QR code ${n}`,
      bitlink_id: null,
      long_url: link.long_url,
      linkId: link.id,
      created_by: state.user.login,
      render_customizations: {},
      gs1: null,
      archived: false,
      tags: [],
      expiration_at: null,
      createdMs: now,
      modifiedMs: now,
      seq: state.nextSeq(),
      deleted: false,
      scans: 0,
    };
    state.qrCodes.set(qrcodeId, q);
    state.qrOrder.push(q);
    result.qrCodes.push(qrcodeId);
  }
  return result;
}
