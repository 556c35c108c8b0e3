/**
 * Bitly sandbox state: one user, two organizations (the second outside allowed_orgs), groups,
 * branded domains, links (O(1) by id, creation order for cursor paging), custom back-halves,
 * QR codes, campaigns, channels, webhooks, group tags, usage counters and the knobs' flags.
 */
import { systemClock, type Clock } from '../../src/clock.js';
import { randomAlnum } from '../common/random.js';
import type { BitlyFixtures, WebhookDelivery } from '../types.js';

export const BITLY_FIXTURES: BitlyFixtures = {
  login: 'sandbox_user',
  organizationGuid: 'Osbx0000001',
  otherOrganizationGuid: 'Osbx0000002',
  groupGuid: 'Bsbx0000001',
  otherGroupGuid: 'Bsbx0000002',
  brandedDomain: 'sbx.link',
};

export const DEFAULT_DOMAIN = 'bit.ly';
export const PLAN_LIMITS = { encodes: 1500, branded_encodes: 500, qr_codes: 200, custom_back_halves: 500, tags: 1000 };

/** Bitly timestamps: 2024-05-01T10:00:00+0000. */
export function bitlyTime(ms: number = Date.now()): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/** Where a group listing resumes: the last link of the previous page. */
export interface LinkCursor {
  createdMs: number;
  seq: number;
}

export interface Org {
  guid: string;
  name: string;
  created: string;
  bsds: string[];
  require_sso?: boolean;
  require_2fa?: boolean;
}

export interface Group {
  guid: string;
  organization_guid: string;
  name: string;
  created: string;
  modified: string;
  bsds: string[];
  domain_preference: string;
}

export interface Link {
  id: string;
  domain: string;
  hash: string;
  long_url: string;
  title: string | null;
  archived: boolean;
  createdMs: number;
  seq: number;
  created_by: string;
  client_id: string | null;
  group_guid: string;
  tags: string[];
  deeplinks: unknown[];
  /** Custom back-halves pointing here, most recent first (ids, no scheme). */
  customs: string[];
  campaign_ids: string[];
  expiration_at: string | null;
  /** Keyword link (custom back-half chosen at creation) rather than a random hash. */
  keyword: boolean;
  /** long_url was changed after creation. */
  redirected: boolean;
  deleted: boolean;
  qrCodes: Set<string>;
  /** Created implicitly for a QR code with a long_url destination. */
  forQr: string | null;
}

export interface CustomHistory {
  uuid: string;
  group_guid: string;
  keyword: string;
  bsd: string;
  hash: string;
  login: string;
  long_url: string;
  created: string;
  first_created: string;
  deactivated: string;
  is_active: boolean;
}

export interface Custom {
  id: string;
  domain: string;
  keyword: string;
  bitlink_id: string;
  firstCreated: string;
  history: CustomHistory[];
}

export interface QrCode {
  qrcode_id: string;
  group_guid: string;
  title: string | null;
  /** Destination: a Bitlink, or a long URL (then `linkId` is a bit.ly link created for the code). */
  bitlink_id: string | null;
  long_url: string | null;
  linkId: string;
  created_by: string;
  render_customizations: Record<string, unknown>;
  gs1: unknown;
  archived: boolean;
  tags: string[];
  expiration_at: string | null;
  createdMs: number;
  modifiedMs: number;
  seq: number;
  deleted: boolean;
  scans: number;
}

export interface Campaign {
  guid: string;
  group_guid: string;
  created_by: string;
  name: string;
  description: string;
  channel_guids: string[];
  created: string;
  modified: string;
}

export interface Channel {
  guid: string;
  name: string;
  group_guid: string;
  bitlinks: { bitlink_id: string; campaign_guid: string }[];
  created: string;
  modified: string;
}

export interface Webhook {
  guid: string;
  organization_guid: string;
  group_guid: string;
  name: string;
  event: string;
  url: string;
  is_active: boolean;
  status: string;
  oauth_url: string;
  client_id: string;
  client_secret: string;
  fetch_tags: boolean;
  created: string;
  modified: string;
  alerted: string;
  deactivated: string;
  deleted: boolean;
}

export interface User {
  login: string;
  name: string;
  created: string;
  modified: string;
  default_group_guid: string;
  email: string;
}

export class BitlyState {
  user!: User;
  orgs = new Map<string, Org>();
  groups = new Map<string, Group>();
  links = new Map<string, Link>();
  linkOrder: Link[] = [];
  /** `${group}|${domain}|${long_url}` -> link id (hash links only). */
  byLongUrl = new Map<string, string>();
  customs = new Map<string, Custom>();
  qrCodes = new Map<string, QrCode>();
  qrOrder: QrCode[] = [];
  campaigns = new Map<string, Campaign>();
  channels = new Map<string, Channel>();
  webhooks = new Map<string, Webhook>();
  /** group guid -> tag sets per type. */
  tags = new Map<string, { bitlink: Set<string>; qr_code: Set<string> }>();
  usage = { encodes: 0, branded_encodes: 0, qr_codes: 0, custom_back_halves: 0 };
  /** `${METHOD} ${route}` -> calls this month (GET /user/platform_limits). */
  endpointCalls = new Map<string, number>();
  deliveries: WebhookDelivery[] = [];
  premium = true;
  brandedLimitReached = false;
  dnsBroken = new Set<string>();
  staticQrEnabled = true;
  allowedOrgs = new Set<string>();
  private seq = 0;

  /** Link creation times follow `clock` (tests hand the sandbox the clock they give the broker). */
  constructor(
    readonly fixtures: BitlyFixtures,
    readonly clock: Clock = systemClock,
  ) {
    this.reset();
  }

  reset(): void {
    const f = this.fixtures;
    const created = bitlyTime(Date.UTC(2024, 0, 15, 9, 30));
    this.user = {
      login: f.login,
      name: 'Sandbox User',
      created,
      modified: created,
      default_group_guid: f.groupGuid,
      email: 'sandbox.user@example.com',
    };
    this.orgs = new Map([
      [f.organizationGuid, { guid: f.organizationGuid, name: 'Sandbox Org', created, bsds: [f.brandedDomain] }],
      [
        f.otherOrganizationGuid,
        { guid: f.otherOrganizationGuid, name: 'Sandbox Partner Org', created, bsds: [], require_sso: true, require_2fa: true },
      ],
    ]);
    this.groups = new Map([
      [
        f.groupGuid,
        {
          guid: f.groupGuid,
          organization_guid: f.organizationGuid,
          name: 'Sandbox Group',
          created,
          modified: created,
          bsds: [f.brandedDomain],
          domain_preference: DEFAULT_DOMAIN,
        },
      ],
      [
        f.otherGroupGuid,
        {
          guid: f.otherGroupGuid,
          organization_guid: f.otherOrganizationGuid,
          name: 'Partner Group',
          created,
          modified: created,
          bsds: [],
          domain_preference: DEFAULT_DOMAIN,
        },
      ],
    ]);
    this.links = new Map();
    this.linkOrder = [];
    this.byLongUrl = new Map();
    this.customs = new Map();
    this.qrCodes = new Map();
    this.qrOrder = [];
    this.campaigns = new Map();
    this.channels = new Map();
    this.webhooks = new Map();
    this.tags = new Map();
    this.usage = { encodes: 0, branded_encodes: 0, qr_codes: 0, custom_back_halves: 0 };
    this.endpointCalls = new Map();
    this.deliveries = [];
    this.premium = true;
    this.brandedLimitReached = false;
    this.dnsBroken = new Set();
    this.staticQrEnabled = true;
    this.allowedOrgs = new Set([f.organizationGuid]);
    this.seq = 0;
  }

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** All short domains the user may use: bit.ly plus every organization's branded domains. */
  knownDomains(): Set<string> {
    const out = new Set([DEFAULT_DOMAIN]);
    for (const o of this.orgs.values()) for (const d of o.bsds) out.add(d);
    return out;
  }

  tagSet(group: string, type: 'bitlink' | 'qr_code'): Set<string> {
    let t = this.tags.get(group);
    if (!t) this.tags.set(group, (t = { bitlink: new Set(), qr_code: new Set() }));
    return t[type];
  }

  newHash(domain: string): string {
    for (;;) {
      const hash = randomAlnum(7);
      if (!this.links.has(`${domain}/${hash}`) && !this.customs.has(`${domain}/${hash}`)) return hash;
    }
  }

  newGuid(prefix: string, taken: Map<string, unknown>): string {
    for (;;) {
      const guid = `${prefix}${randomAlnum(11 - prefix.length)}`;
      if (!taken.has(guid)) return guid;
    }
  }

  /** A link by id, or the link a custom back-half points to (custom back-halves win: they can be moved). */
  findLink(id: string): Link | undefined {
    const custom = this.customs.get(id);
    if (custom) return this.links.get(custom.bitlink_id);
    return this.links.get(id);
  }

  createLink(input: {
    domain: string;
    hash?: string;
    long_url: string;
    group_guid: string;
    client_id: string | null;
    title?: string | null;
    tags?: string[];
    deeplinks?: unknown[];
    expiration_at?: string | null;
    forQr?: string | null;
    /** Creation time (ms); default now. */
    at?: number;
    /** A given `hash` is a keyword (custom back-half) unless told otherwise (seeded generated hashes). */
    keyword?: boolean;
  }): Link {
    const keyword = input.keyword ?? input.hash !== undefined;
    const hash = input.hash ?? this.newHash(input.domain);
    const link: Link = {
      id: `${input.domain}/${hash}`,
      domain: input.domain,
      hash,
      long_url: input.long_url,
      title: input.title ?? null,
      archived: false,
      createdMs: input.at ?? this.clock.now(),
      seq: this.nextSeq(),
      created_by: this.user.login,
      client_id: input.client_id,
      group_guid: input.group_guid,
      tags: [...new Set(input.tags ?? [])],
      deeplinks: input.deeplinks ?? [],
      customs: [],
      campaign_ids: [],
      expiration_at: input.expiration_at ?? null,
      keyword,
      redirected: false,
      deleted: false,
      qrCodes: new Set(),
      forQr: input.forQr ?? null,
    };
    this.links.set(link.id, link);
    // Kept in (created, seq) order: a link created "in the past" (direct creation) lists where its time puts it.
    const at = this.positionAfter(link.createdMs, link.seq);
    if (at === this.linkOrder.length) this.linkOrder.push(link);
    else this.linkOrder.splice(at, 0, link);
    if (!keyword && !input.forQr) this.byLongUrl.set(`${link.group_guid}|${link.domain}|${link.long_url}`, link.id);
    for (const t of link.tags) this.tagSet(link.group_guid, 'bitlink').add(t);
    this.usage.encodes += 1;
    if (link.domain !== DEFAULT_DOMAIN) this.usage.branded_encodes += 1;
    return link;
  }

  deleteLink(link: Link): void {
    link.deleted = true;
    const key = `${link.group_guid}|${link.domain}|${link.long_url}`;
    if (this.byLongUrl.get(key) === link.id) this.byLongUrl.delete(key);
  }

  /** Index of the first link ordered after (createdMs, seq). */
  private positionAfter(createdMs: number, seq: number): number {
    const list = this.linkOrder;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const l = list[mid];
      if (l.createdMs < createdMs || (l.createdMs === createdMs && l.seq <= seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Live links of a group, newest first, starting after the cursor link `before` (exclusive). */
  *groupLinks(group: string, before: LinkCursor | null): Generator<Link> {
    const list = this.linkOrder;
    let i = before === null ? list.length - 1 : this.positionAfter(before.createdMs, before.seq - 1) - 1;
    for (; i >= 0; i -= 1) {
      const l = list[i];
      if (!l.deleted && l.group_guid === group) yield l;
    }
  }

  *groupQrCodes(group: string, beforeSeq: number | null): Generator<QrCode> {
    for (let i = this.qrOrder.length - 1; i >= 0; i -= 1) {
      const q = this.qrOrder[i];
      if (beforeSeq !== null && q.seq >= beforeSeq) continue;
      if (!q.deleted && q.group_guid === group) yield q;
    }
  }
}
