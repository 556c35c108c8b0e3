/** Campaigns and channels (premium): create, get, list (filters), update; channels carry Bitlinks. */
import type { FastifyInstance } from 'fastify';
import { isPlainObject, q1 } from '../common/forms.js';
import { body, optString, optStringArray, params, requireGroup, requireLink, requirePremium, type BitlyCtx } from './context.js';
import { invalidArg, notFound } from './errors.js';
import { stripScheme } from './links.js';
import { bitlyTime, type Campaign, type Channel } from './state.js';

export function registerCampaignRoutes(api: FastifyInstance, ctx: BitlyCtx): void {
  const { state } = ctx;

  const campaignBody = (c: Campaign) => ({
    references: { group: `${ctx.apiBase()}/groups/${c.group_guid}` },
    guid: c.guid,
    group_guid: c.group_guid,
    created_by: c.created_by,
    name: c.name,
    description: c.description,
    channel_guids: [...c.channel_guids],
    created: c.created,
    modified: c.modified,
  });
  const channelBody = (c: Channel) => ({
    references: { group: `${ctx.apiBase()}/groups/${c.group_guid}` },
    guid: c.guid,
    name: c.name,
    group_guid: c.group_guid,
    bitlinks: c.bitlinks.map((b) => ({ ...b })),
    created: c.created,
    modified: c.modified,
  });

  const channelGuidsArg = (b: Record<string, unknown>): string[] | undefined => {
    const guids = optStringArray(b, 'channel_guids', 'campaigns');
    for (const g of guids ?? []) if (!state.channels.has(g)) throw invalidArg('channel_guids', 'campaigns', `Unknown channel ${g}.`);
    return guids;
  };

  const channelLinksArg = (b: Record<string, unknown>): Channel['bitlinks'] | undefined => {
    if (b.bitlinks === undefined || b.bitlinks === null) return undefined;
    if (!Array.isArray(b.bitlinks)) throw invalidArg('bitlinks', 'channels');
    return b.bitlinks.map((entry) => {
      if (!isPlainObject(entry) || typeof entry.bitlink_id !== 'string')
        throw invalidArg('bitlinks', 'channels', 'Each entry needs bitlink_id.');
      const link = requireLink(ctx, stripScheme(entry.bitlink_id), 'channels');
      const campaign = typeof entry.campaign_guid === 'string' ? entry.campaign_guid : '';
      if (campaign && !state.campaigns.has(campaign)) throw invalidArg('bitlinks', 'channels', `Unknown campaign ${campaign}.`);
      return { bitlink_id: link.id, campaign_guid: campaign };
    });
  };

  const attachLinks = (channel: Channel) => {
    for (const { bitlink_id, campaign_guid } of channel.bitlinks) {
      const link = state.links.get(bitlink_id);
      if (link && campaign_guid && !link.campaign_ids.includes(campaign_guid)) link.campaign_ids.push(campaign_guid);
    }
  };

  api.post('/campaigns', async (request) => {
    requirePremium(ctx, 'campaigns');
    const b = body(request);
    const group = requireGroup(ctx, optString(b, 'group_guid', 'campaigns') ?? state.user.default_group_guid, 'campaigns');
    const now = bitlyTime();
    const c: Campaign = {
      guid: state.newGuid('Cp', state.campaigns),
      group_guid: group.guid,
      created_by: state.user.login,
      name: optString(b, 'name', 'campaigns') ?? '',
      description: optString(b, 'description', 'campaigns') ?? '',
      channel_guids: channelGuidsArg(b) ?? [],
      created: now,
      modified: now,
    };
    state.campaigns.set(c.guid, c);
    return campaignBody(c);
  });

  api.get('/campaigns', async (request) => {
    requirePremium(ctx, 'campaigns');
    const group = q1(request.query, 'group_guid');
    return { campaigns: [...state.campaigns.values()].filter((c) => !group || c.group_guid === group).map(campaignBody) };
  });

  api.get('/campaigns/:campaign_guid', async (request) => {
    requirePremium(ctx, 'campaigns');
    const c = state.campaigns.get(params(request).campaign_guid);
    if (!c) throw notFound('campaigns', 'campaign');
    return campaignBody(c);
  });

  api.patch('/campaigns/:campaign_guid', async (request) => {
    requirePremium(ctx, 'campaigns');
    const c = state.campaigns.get(params(request).campaign_guid);
    if (!c) throw notFound('campaigns', 'campaign');
    const b = body(request);
    const group = optString(b, 'group_guid', 'campaigns');
    if (group !== undefined) c.group_guid = requireGroup(ctx, group, 'campaigns').guid;
    const name = optString(b, 'name', 'campaigns');
    const description = optString(b, 'description', 'campaigns');
    const channels = channelGuidsArg(b);
    if (name !== undefined) c.name = name;
    if (description !== undefined) c.description = description;
    if (channels !== undefined) c.channel_guids = channels;
    c.modified = bitlyTime();
    return campaignBody(c);
  });

  api.post('/channels', async (request) => {
    requirePremium(ctx, 'channels');
    const b = body(request);
    const group = requireGroup(ctx, optString(b, 'group_guid', 'channels') ?? state.user.default_group_guid, 'channels');
    const now = bitlyTime();
    const c: Channel = {
      guid: state.newGuid('Ch', state.channels),
      name: optString(b, 'name', 'channels') ?? '',
      group_guid: group.guid,
      bitlinks: channelLinksArg(b) ?? [],
      created: now,
      modified: now,
    };
    state.channels.set(c.guid, c);
    attachLinks(c);
    return channelBody(c);
  });

  api.get('/channels', async (request) => {
    requirePremium(ctx, 'channels');
    const group = q1(request.query, 'group_guid');
    const campaign = q1(request.query, 'campaign_guid');
    const inCampaign = campaign ? new Set(state.campaigns.get(campaign)?.channel_guids ?? []) : null;
    const channels = [...state.channels.values()].filter(
      (c) =>
        (!group || c.group_guid === group) &&
        (!inCampaign || inCampaign.has(c.guid) || c.bitlinks.some((b) => b.campaign_guid === campaign)),
    );
    return { channels: channels.map(channelBody) };
  });

  api.get('/channels/:channel_guid', async (request) => {
    requirePremium(ctx, 'channels');
    const c = state.channels.get(params(request).channel_guid);
    if (!c) throw notFound('channels', 'channel');
    return channelBody(c);
  });

  api.patch('/channels/:channel_guid', async (request) => {
    requirePremium(ctx, 'channels');
    const c = state.channels.get(params(request).channel_guid);
    if (!c) throw notFound('channels', 'channel');
    const b = body(request);
    const name = optString(b, 'name', 'channels');
    const group = optString(b, 'group_guid', 'channels');
    const links = channelLinksArg(b);
    if (name !== undefined) c.name = name;
    if (group !== undefined) c.group_guid = requireGroup(ctx, group, 'channels').guid;
    if (links !== undefined) {
      c.bitlinks = links;
      attachLinks(c);
    }
    c.modified = bitlyTime();
    return channelBody(c);
  });
}
