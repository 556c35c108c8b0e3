/**
 * Sample provider resources for sweeping every tool: records created in a sandbox, the value of
 * each path parameter (a separate record for destructive calls), and a valid body per tool.
 * Shared by the sandbox's endpoint sweep and the broker's all-tools execution test.
 */
import type { BitlySandbox, HubspotSandbox } from '../../sandbox/index.js';
import { call } from '../unit/sandbox/helpers.js';

export interface SampleResources {
  /** Path parameter values; `destructive` picks records that DELETE calls may consume. */
  pathValues(destructive: boolean): Record<string, string>;
  /** Request body (provider field names) per tool slug, where the tool takes one. */
  bodies: Record<string, Record<string, unknown>>;
}

export function seedHubspotSamples(hs: HubspotSandbox): SampleResources {
  const [contactId, contactToDelete] = hs.control.seed('contacts', 2);
  const [companyId, companyToDelete] = hs.control.seed('companies', 2);
  const [dealId, dealToDelete] = hs.control.seed('deals', 2);
  const bodies: Record<string, Record<string, unknown>> = {};
  for (const object of ['CONTACTS', 'COMPANIES', 'DEALS']) {
    bodies[`HUBSPOT_${object}_CREATE`] = {
      properties:
        object === 'CONTACTS'
          ? { email: `sample.${object.toLowerCase()}@example.com`, firstname: 'Sample' }
          : { name: 'Sample', dealname: 'Sample' },
    };
    bodies[`HUBSPOT_${object}_UPDATE`] = { properties: { description: 'updated' } };
    bodies[`HUBSPOT_${object}_SEARCH`] = { filterGroups: [], limit: 5 };
  }
  return {
    pathValues: (del) => ({
      contactId: del ? contactToDelete! : contactId!,
      companyId: del ? companyToDelete! : companyId!,
      dealId: del ? dealToDelete! : dealId!,
    }),
    bodies,
  };
}

export async function seedBitlySamples(bl: BitlySandbox, webhookReceiverUrl: string): Promise<SampleResources> {
  const token = bl.control.issueToken().access_token;
  const { groupGuid, organizationGuid, brandedDomain } = bl.fixtures;
  const mk = async (path: string, body: unknown) => {
    const res = await call(`${bl.apiBaseUrl}${path}`, { method: 'POST', token, body });
    if (res.status >= 300) throw new Error(`setup ${path}: ${res.status} ${res.text}`);
    return res.body as Record<string, string>;
  };
  const link = (await mk('/shorten', { long_url: 'https://example.com/sweep/main' })).id!;
  const linkToDelete = (await mk('/shorten', { long_url: 'https://example.com/sweep/delete-me' })).id!;
  const branded = (await mk('/bitlinks', { long_url: 'https://example.com/sweep/branded', domain: brandedDomain, group_guid: groupGuid }))
    .id!;
  const branded2 = (
    await mk('/bitlinks', { long_url: 'https://example.com/sweep/branded-2', domain: brandedDomain, group_guid: groupGuid })
  ).id!;
  await mk('/custom_bitlinks', { custom_bitlink: `${brandedDomain}/sweep`, bitlink_id: branded });
  const campaign = (await mk('/campaigns', { group_guid: groupGuid, name: 'Sweep campaign' })).guid!;
  const channel = (
    await mk('/channels', { group_guid: groupGuid, name: 'Sweep channel', bitlinks: [{ bitlink_id: link, campaign_guid: campaign }] })
  ).guid!;
  const qr = (await mk('/qr-codes', { group_guid: groupGuid, destination: { bitlink_id: link }, title: 'Sweep QR' })).qrcode_id!;
  const qrToDelete = (await mk('/qr-codes', { group_guid: groupGuid, destination: { long_url: 'https://example.com/sweep/qr-delete' } }))
    .qrcode_id!;
  const hookBody = { organization_guid: organizationGuid, name: 'Sweep hook', event: 'decodes', url: webhookReceiverUrl };
  const webhook = (await mk('/webhooks', hookBody)).guid!;
  const webhookToDelete = (await mk('/webhooks', { ...hookBody, name: 'to delete' })).guid!;
  return {
    pathValues: (del) => ({
      bitlink: del ? linkToDelete : link,
      custom_bitlink: `${brandedDomain}/sweep`,
      group_guid: groupGuid,
      sort: 'clicks',
      campaign_guid: campaign,
      channel_guid: channel,
      qrcode_id: del ? qrToDelete : qr,
      webhook_guid: del ? webhookToDelete : webhook,
      organization_guid: organizationGuid,
      client_id: bl.clients[0]!.clientId,
    }),
    bodies: {
      BITLY_ADD_CUSTOM_SHORTLINK: { custom_bitlink: `${brandedDomain}/sweep-two`, bitlink_id: branded },
      BITLY_CREATE_SHORTLINK: { long_url: 'https://example.com/sweep/main' },
      BITLY_CREATE_FULL_SHORTLINK: { long_url: 'https://example.com/sweep/main', title: 'again' },
      BITLY_EXPAND_SHORTLINK: { bitlink_id: link },
      BITLY_UPDATE_SHORTLINK: { title: 'Updated by the sweep' },
      BITLY_UPDATE_SHORTLINKS_BY_GROUP: { action: 'edit_tags', links: [link], add_tags: ['sweep'] },
      BITLY_UPDATE_CUSTOM_SHORTLINK: { bitlink_id: branded2 },
      BITLY_CREATE_CAMPAIGN: { group_guid: groupGuid, name: 'Another campaign' },
      BITLY_UPDATE_CAMPAIGN: { description: 'updated' },
      BITLY_CREATE_CHANNEL: { group_guid: groupGuid, name: 'Another channel' },
      BITLY_UPDATE_CHANNEL: { name: 'Renamed channel' },
      BITLY_CREATE_QRCODE_PUBLIC: { group_guid: groupGuid, destination: { long_url: 'https://example.com/sweep/qr' } },
      BITLY_CREATE_STATIC_QRCODE_PUBLIC: { content: 'https://example.com/static', group_guid: groupGuid },
      BITLY_UPDATE_QRCODE_PUBLIC: { title: 'Renamed QR' },
      BITLY_CREATE_WEBHOOK: { ...hookBody, name: 'Created by the sweep' },
      BITLY_UPDATE_WEBHOOK: { guid: webhook, name: 'Renamed hook' },
      BITLY_UPDATE_GROUP: { name: 'Renamed group' },
      BITLY_UPDATE_GROUP_PREFERENCES: { domain_preference: 'bit.ly' },
      BITLY_POST_CREATE_GROUP_EXPORT: { export_type: 'links_list', filter: {} },
      BITLY_UPDATE_USER: { name: 'Sweep User' },
    },
  };
}
