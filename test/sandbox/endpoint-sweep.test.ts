/**
 * Calls every one of the 109 tool-map endpoints (method + path, sample ids created first) and
 * expects exactly the map's successStatus: no endpoint is missing (404/405) or answers otherwise.
 */
import t from 'tap';
import { startBitlySandbox, startHubspotSandbox } from '../../sandbox/index.js';
import { call, loadToolMap, startReceiver, type ToolMapEntry } from './helpers.js';

const toolMap = loadToolMap();

function fillPath(entry: ToolMapEntry, values: Record<string, string>): string {
  return entry.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`${entry.slug}: no sample value for path param ${name}`);
    return v;
  });
}

function requiredQuery(entry: ToolMapEntry): string {
  const q = new URLSearchParams();
  for (const p of entry.queryParams) {
    if (!p.required) continue;
    if (p.name === 'unit') q.set('unit', 'day');
    else if (p.name === 'units') q.set('units', '-1');
    else throw new Error(`${entry.slug}: no sample value for query param ${p.name}`);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

t.test('the map has 109 entries: 18 HubSpot, 91 Bitly', async (t) => {
  t.equal(toolMap.length, 109);
  t.equal(toolMap.filter((e) => e.toolkit === 'HUBSPOT').length, 18);
  t.equal(toolMap.filter((e) => e.toolkit === 'BITLY').length, 91);
});

t.test('every HubSpot endpoint answers its success status', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const token = hs.control.issueToken().access_token;
  const [contactId, contactToDelete] = hs.control.seed('contacts', 2);
  const [companyId, companyToDelete] = hs.control.seed('companies', 2);
  const [dealId, dealToDelete] = hs.control.seed('deals', 2);
  const entries = toolMap.filter((e) => e.toolkit === 'HUBSPOT').sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  let n = 0;
  for (const entry of entries) {
    const del = entry.method === 'DELETE';
    const path = fillPath(entry, {
      contactId: del ? contactToDelete : contactId,
      companyId: del ? companyToDelete : companyId,
      dealId: del ? dealToDelete : dealId,
    });
    n += 1;
    let body: unknown;
    if (entry.slug.endsWith('_CREATE')) {
      body = { properties: entry.slug.includes('CONTACTS') ? { email: `sweep.${n}@example.com`, firstname: 'Sweep' } : { name: `Sweep ${n}`, dealname: `Sweep ${n}` } };
    } else if (entry.slug.endsWith('_UPDATE')) body = { properties: { description: `updated ${n}` } };
    else if (entry.slug.endsWith('_SEARCH')) body = { filterGroups: [], limit: 5 };
    const res = await call(`${hs.apiBaseUrl}${path}`, { method: entry.method, token, body });
    t.equal(res.status, entry.successStatus, `${entry.slug}: ${entry.method} ${path} -> ${res.status} ${res.text.slice(0, 200)}`);
  }
  t.equal(hs.apiRequests().length, 18, 'one API request per endpoint');
});

t.test('every Bitly endpoint answers its success status', async (t) => {
  const bl = await startBitlySandbox();
  const receiver = await startReceiver();
  t.teardown(async () => {
    await bl.close();
    await receiver.close();
  });
  const token = bl.control.issueToken().access_token;
  const api = (path: string, init: Parameters<typeof call>[1] = {}) => call(`${bl.apiBaseUrl}${path}`, { token, ...init });
  const { groupGuid, organizationGuid, brandedDomain } = bl.fixtures;

  const mk = async (path: string, body: unknown) => {
    const res = await api(path, { method: 'POST', body });
    if (res.status >= 300) throw new Error(`setup ${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  const link = (await mk('/shorten', { long_url: 'https://example.com/sweep/main' })).id as string;
  const linkToDelete = (await mk('/shorten', { long_url: 'https://example.com/sweep/delete-me' })).id as string;
  const branded = (await mk('/bitlinks', { long_url: 'https://example.com/sweep/branded', domain: brandedDomain, group_guid: groupGuid })).id as string;
  const branded2 = (await mk('/bitlinks', { long_url: 'https://example.com/sweep/branded-2', domain: brandedDomain, group_guid: groupGuid })).id as string;
  await mk('/custom_bitlinks', { custom_bitlink: `${brandedDomain}/sweep`, bitlink_id: branded });
  const campaign = (await mk('/campaigns', { group_guid: groupGuid, name: 'Sweep campaign' })).guid as string;
  const channel = (await mk('/channels', { group_guid: groupGuid, name: 'Sweep channel', bitlinks: [{ bitlink_id: link, campaign_guid: campaign }] })).guid as string;
  const qr = (await mk('/qr-codes', { group_guid: groupGuid, destination: { bitlink_id: link }, title: 'Sweep QR' })).qrcode_id as string;
  const qrToDelete = (await mk('/qr-codes', { group_guid: groupGuid, destination: { long_url: 'https://example.com/sweep/qr-delete' } })).qrcode_id as string;
  const hookBody = { organization_guid: organizationGuid, name: 'Sweep hook', event: 'decodes', url: receiver.url };
  const webhook = (await mk('/webhooks', hookBody)).guid as string;
  const webhookToDelete = (await mk('/webhooks', { ...hookBody, name: 'to delete' })).guid as string;

  const bodies: Record<string, unknown> = {
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
  };

  const entries = toolMap.filter((e) => e.toolkit === 'BITLY').sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  const seen = new Set<string>();
  for (const entry of entries) {
    const del = entry.method === 'DELETE';
    const path = fillPath(entry, {
      bitlink: del ? linkToDelete : link,
      custom_bitlink: `${brandedDomain}/sweep`,
      group_guid: groupGuid,
      sort: 'clicks',
      campaign_guid: campaign,
      channel_guid: channel,
      qrcode_id: del ? qrToDelete : qr,
      webhook_guid: del ? webhookToDelete : webhook,
      organization_guid: organizationGuid,
      client_id: bl.clients[0].clientId,
    });
    const body = bodies[entry.slug];
    if (entry.bodyParams.some((p) => p.required) && body === undefined) t.fail(`${entry.slug}: the sweep has no body for required params`);
    const res = await api(`${path}${requiredQuery(entry)}`, { method: entry.method, body });
    t.not(res.status, 404, `${entry.slug} exists`);
    t.not(res.status, 405, `${entry.slug} method allowed`);
    t.equal(res.status, entry.successStatus, `${entry.slug}: ${entry.method} ${path} -> ${res.status} ${res.text.slice(0, 200)}`);
    seen.add(`${entry.method} ${entry.path}`);
  }
  t.equal(seen.size, 91, 'all 91 distinct Bitly operations were called');
  t.equal(receiver.received.length, 1, 'VERIFY pinged the loopback receiver');
});
