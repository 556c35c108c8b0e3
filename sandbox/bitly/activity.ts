/**
 * What a live Bitly account does by itself, for the activity generator, and links created "in
 * Bitly directly" (not through the API). Generated links use the seeded random source for their
 * hash and URL, so a seed and a starting state give the same links.
 */
import { toEpochMs, type ActivityAct } from '../common/activity.js';
import { isHttpUrl } from '../common/forms.js';
import type { BitlyCreateLinkInput } from '../types.js';
import { linkBody, type BitlyCtx } from './context.js';
import { DEFAULT_DOMAIN } from './state.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOPICS = ['pricing', 'launch', 'webinar', 'careers', 'docs', 'blog', 'summit', 'release-notes'];

export function bitlyActivity(ctx: BitlyCtx): ActivityAct {
  let serial = 0;
  return (random, at) => {
    serial += 1;
    const { state } = ctx;
    let hash = '';
    do {
      hash = Array.from({ length: 7 }, () => ALNUM[Math.floor(random() * ALNUM.length)]).join('');
    } while (state.links.has(`${DEFAULT_DOMAIN}/${hash}`) || state.customs.has(`${DEFAULT_DOMAIN}/${hash}`));
    const topic = TOPICS[Math.floor(random() * TOPICS.length)];
    const longUrl = `https://example.com/${topic}/${serial}?utm_source=sandbox-activity`;
    const title = `${topic[0].toUpperCase()}${topic.slice(1)} ${serial}`;
    const link = state.createLink({
      domain: DEFAULT_DOMAIN,
      hash,
      keyword: false,
      long_url: longUrl,
      title,
      group_guid: state.user.default_group_guid,
      client_id: null,
      at,
    });
    return {
      action: 'createBitlink',
      object: 'bitlinks',
      id: link.id,
      properties: { long_url: longUrl, title },
      at: new Date(link.createdMs).toISOString(),
    };
  };
}

/** control.createLink: a Bitlink made outside the API (the Bitly web app), at `at` when given. */
export function createLinkDirectly(ctx: BitlyCtx, input: BitlyCreateLinkInput): Record<string, unknown> {
  const { state } = ctx;
  if (!isHttpUrl(input?.long_url)) throw new RangeError('createLink: long_url must be an http(s) URL');
  const groupGuid = input.group_guid ?? state.user.default_group_guid;
  const group = state.groups.get(groupGuid);
  if (!group) throw new RangeError(`createLink: unknown group ${groupGuid}`);
  const domain = input.domain ?? DEFAULT_DOMAIN;
  if (domain !== DEFAULT_DOMAIN && !group.bsds.includes(domain))
    throw new RangeError(`createLink: ${domain} is not a domain of group ${groupGuid}`);
  const link = state.createLink({
    domain,
    long_url: input.long_url,
    title: input.title ?? null,
    tags: input.tags,
    group_guid: groupGuid,
    client_id: null,
    at: toEpochMs(input.at, 'createLink'),
  });
  return linkBody(ctx, link);
}
