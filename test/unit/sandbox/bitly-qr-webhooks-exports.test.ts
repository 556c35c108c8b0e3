/** Bitly sandbox: QR Accept/format rules, static QR rules, webhook ping to a loopback listener, exports and caps. */
import t, { type Test } from 'tap';
import { startBitlySandbox } from '../../../sandbox/index.js';
import { call, startReceiver } from './helpers.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function setup(t: Test) {
  const bl = await startBitlySandbox();
  t.teardown(() => bl.close());
  const token = bl.control.issueToken().access_token;
  const api = (path: string, init: Parameters<typeof call>[1] = {}) => call(`${bl.apiBaseUrl}${path}`, { token, ...init });
  const raw = (path: string, headers: Record<string, string> = {}, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${bl.apiBaseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
  return { bl, api, raw, token, f: bl.fixtures };
}

t.test('QR codes: create, get, update, list, image Accept/format rules, delete', async (t) => {
  const { api, raw, token, f } = await setup(t);
  const link = (await api('/shorten', { method: 'POST', body: { long_url: 'https://example.com/qr' } })).body.id;
  const created = await api('/qr-codes', {
    method: 'POST',
    body: { group_guid: f.groupGuid, destination: { bitlink_id: link }, title: 'Poster', tags: ['print'] },
  });
  t.equal(created.status, 201);
  t.match(created.body, {
    qrcode_id: /^Q/,
    group_guid: f.groupGuid,
    title: 'Poster',
    qr_code_type: 'bitlink',
    bitlink_id: link,
    tags: ['print'],
  });
  const id = created.body.qrcode_id;
  t.match((await api(`/qr-codes/${id}`)).body, { qrcode_id: id, destination: { bitlink_id: link } });
  t.equal((await api(`/qr-codes/${id}`, { method: 'PATCH', body: { title: 'Flyer' } })).body.title, 'Flyer');
  t.equal((await api('/qr-codes', { method: 'POST', body: { group_guid: f.groupGuid } })).status, 400, 'destination required');

  const noAccept = await raw(`/qr-codes/${id}/image`, { accept: '' });
  t.equal(noAccept.headers.get('content-type'), 'image/svg+xml');
  t.match(await noAccept.text(), /<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const anyPng = await raw(`/qr-codes/${id}/image?format=png`);
  t.equal(anyPng.headers.get('content-type'), 'image/png', 'fetch default */* counts as no Accept');
  const pngBytes = Buffer.from(await anyPng.arrayBuffer());
  t.same(pngBytes.subarray(0, 8), PNG_SIGNATURE);
  t.equal(pngBytes.subarray(12, 16).toString('ascii'), 'IHDR');
  t.equal(pngBytes.subarray(pngBytes.length - 8, pngBytes.length - 4).toString('ascii'), 'IEND');
  const svgBeatsFormat = await raw(`/qr-codes/${id}/image?format=png`, { accept: 'image/svg+xml' });
  t.equal(svgBeatsFormat.headers.get('content-type'), 'image/svg+xml', 'an image type in Accept beats format');
  const pngAccept = await raw(`/qr-codes/${id}/image`, { accept: 'image/png' });
  t.same(Buffer.from(await pngAccept.arrayBuffer()).subarray(0, 8), PNG_SIGNATURE);
  const json = await api(`/qr-codes/${id}/image?format=png`, { headers: { accept: 'application/json' } });
  t.match(json.body.qr_code_image, /^data:image\/png;base64,/);
  t.same(Buffer.from(json.body.qr_code_image.split(',')[1], 'base64').subarray(0, 8), PNG_SIGNATURE);
  const jsonSvg = await api(`/qr-codes/${id}/image`, { headers: { accept: 'application/json' } });
  t.match(jsonSvg.body.qr_code_image, /^data:image\/svg\+xml;base64,/);
  t.equal((await raw(`/qr-codes/${id}/image`, { accept: 'text/html' })).status, 406);
  t.equal((await api(`/qr-codes/${id}/image?format=gif`)).status, 400);

  const second = (
    await api('/qr-codes', { method: 'POST', body: { group_guid: f.groupGuid, destination: { long_url: 'https://example.com/direct' } } })
  ).body;
  t.equal(second.qr_code_type, 'long_url');
  const list = await api(`/groups/${f.groupGuid}/qr-codes?size=1`);
  t.same(
    list.body.qr_codes.map((q: { qrcode_id: string }) => q.qrcode_id),
    [second.qrcode_id],
    'newest first',
  );
  t.match(list.body.pagination.next, /search_after=/);
  const next = await call(list.body.pagination.next, { token });
  t.same(
    next.body.qr_codes.map((q: { qrcode_id: string }) => q.qrcode_id),
    [id],
    'pagination.next is a working link',
  );
  const page2 = await api(`/groups/${f.groupGuid}/qr-codes?size=1&search_after=${encodeURIComponent(list.body.pagination.search_after)}`);
  t.same(
    page2.body.qr_codes.map((q: { qrcode_id: string }) => q.qrcode_id),
    [id],
  );
  t.equal(page2.body.pagination.next, '');
  t.same((await api(`/groups/${f.groupGuid}/tags?type=qr_code`)).body.tags, ['print']);

  const del = await api(`/qr-codes/${second.qrcode_id}`, { method: 'DELETE' });
  t.equal(del.status, 200);
  t.equal(del.body.links_deleted.length, 1, "the code's own link is deleted with it");
  t.equal((await api(`/qr-codes/${second.qrcode_id}`, { method: 'DELETE' })).status, 410);
  t.equal((await api(`/qr-codes/${second.qrcode_id}`)).status, 410);
  const scans = await api(`/qr-codes/${id}/scans/summary?unit=day&units=7`);
  t.match(scans.body, { total_scans: Number, unit: 'day', units: 7 });
});

t.test('static QR codes: Accept rules, basic customizations only, feature switch', async (t) => {
  const { bl, api, raw, f } = await setup(t);
  const body = { content: 'https://example.com/static', group_guid: f.groupGuid };
  const json = await api('/qr-codes/static', { method: 'POST', body });
  t.equal(json.status, 200);
  t.match(json.body, { format: 'svg' });
  t.match(Buffer.from(json.body.qr_code_image, 'base64').toString('utf8'), /<svg/);
  const pngJson = await api('/qr-codes/static?format=png', { method: 'POST', body, headers: { accept: 'application/json' } });
  t.same(Buffer.from(pngJson.body.qr_code_image, 'base64').subarray(0, 8), PNG_SIGNATURE);
  const rawPng = await raw('/qr-codes/static?format=svg', { accept: 'image/png' }, { method: 'POST', body });
  t.equal(rawPng.headers.get('content-type'), 'image/png');
  const rawSvg = await raw('/qr-codes/static', { accept: 'image/svg+xml' }, { method: 'POST', body });
  t.match(await rawSvg.text(), /^<\?xml/);
  const unsupported = await api('/qr-codes/static', {
    method: 'POST',
    body: { ...body, render_customizations: { gradient: {}, frame: { id: 'x' }, background_color: '#ffffff' } },
  });
  t.equal(unsupported.status, 422);
  t.same(
    unsupported.body.errors.map((e: { field: string }) => e.field),
    ['render_customizations.gradient', 'render_customizations.frame'],
  );
  t.equal((await api('/qr-codes/static', { method: 'POST', body: { group_guid: f.groupGuid } })).status, 400, 'content required');
  bl.control.staticQrCodes(false);
  t.equal((await api('/qr-codes/static', { method: 'POST', body })).status, 403);
});

t.test('webhook VERIFY posts a ping to a loopback listener and reports the result', async (t) => {
  const { bl, api, f } = await setup(t);
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  const hook = await api('/webhooks', {
    method: 'POST',
    body: { organization_guid: f.organizationGuid, name: 'Clicks', event: 'decodes', url: receiver.url },
  });
  t.equal(hook.status, 201);
  t.match(hook.body, { guid: String, organization_guid: f.organizationGuid, url: receiver.url, is_active: true });
  const ok = await api(`/webhooks/${hook.body.guid}/verify`, { method: 'POST' });
  t.equal(ok.status, 200);
  t.match(ok.body, { guid: hook.body.guid, verified: true, status: 'active', verification: { delivered: true, status_code: 200 } });
  t.equal(receiver.received.length, 1);
  t.equal(receiver.received[0].method, 'POST');
  t.equal(receiver.received[0].url, '/hooks/bitly');
  t.match(JSON.parse(receiver.received[0].body), { event: 'ping', webhook_guid: hook.body.guid, organization_guid: f.organizationGuid });

  receiver.status = 500;
  const failing = await api(`/webhooks/${hook.body.guid}/verify`, { method: 'POST' });
  t.match(failing.body, { verified: false, status: 'failing', verification: { delivered: false, status_code: 500 } });

  const remote = await api('/webhooks', {
    method: 'POST',
    body: { organization_guid: f.organizationGuid, name: 'Remote', event: 'decodes', url: 'https://hooks.example.com/x' },
  });
  const notSent = await api(`/webhooks/${remote.body.guid}/verify`, { method: 'POST' });
  t.match(notSent.body, { verified: false, verification: { delivered: false, status_code: null, error: /loopback/ } });
  t.equal(receiver.received.length, 2, 'nothing sent to a non-loopback URL');
  t.equal(bl.control.webhookDeliveries().length, 3);

  const missing = await api('/webhooks', { method: 'POST', body: { organization_guid: f.organizationGuid, name: 'x' } });
  t.equal(missing.status, 400);
  t.match(missing.body.errors, [{ field: 'event' }]);
  t.equal((await api(`/organizations/${f.organizationGuid}/webhooks`)).body.webhooks.length, 2);
  t.equal((await api(`/webhooks/${remote.body.guid}`, { method: 'DELETE' })).status, 204);
  t.equal((await api(`/webhooks/${remote.body.guid}`)).status, 404);
});

function csvRows(dataUri: string): string[] {
  const csv = Buffer.from(dataUri.replace(/^data:text\/csv;base64,/, ''), 'base64').toString('utf8');
  return csv.split('\r\n').filter((l) => l !== '');
}

t.test('group export: CSV data URI, filter required for lists, caps 200 with metrics / 1000 metadata-only', async (t) => {
  const { bl, api, f } = await setup(t);
  bl.control.seed({ links: 1005, qrCodes: 3 });
  const path = `/groups/${f.groupGuid}/exports`;
  const noFilter = await api(path, { method: 'POST', body: { export_type: 'links_list' } });
  t.equal(noFilter.status, 400);
  t.equal(noFilter.body.message, 'INVALID_ARG_FILTER');
  t.equal((await api(path, { method: 'POST', body: { export_type: 'everything', filter: {} } })).status, 400);

  const meta = await api(path, { method: 'POST', body: { export_type: 'links_list', filter: {} } });
  t.equal(meta.status, 200);
  t.match(meta.body, {
    export_type: 'links_list',
    media_type: 'text/csv',
    row_count: 1000,
    truncated: true,
    filename: /\.csv$/,
    unix_from: null,
  });
  t.equal(meta.body.column_count, meta.body.columns.length);
  const rows = csvRows(meta.body.data_uri);
  t.equal(rows.length, 1001, 'header + 1000 rows');
  t.equal(rows[0], meta.body.columns.join(','));
  t.equal(meta.body.size_bytes, Buffer.from(meta.body.data_uri.split(',')[1], 'base64').length);

  const withMetrics = await api(path, {
    method: 'POST',
    body: { export_type: 'links_list', filter: {}, include_metrics: true, unix_from: 1_700_000_000, unix_to: 1_700_864_000 },
  });
  t.match(withMetrics.body, { row_count: 200, truncated: true, unix_from: 1_700_000_000, unix_to: 1_700_864_000 });
  t.ok(withMetrics.body.columns.includes('clicks'));
  const batch = await api(path, { method: 'POST', body: { export_type: 'link_engagements_batch' } });
  t.match(batch.body, { row_count: 200, truncated: true });

  const few = await api(path, {
    method: 'POST',
    body: { export_type: 'link_engagements_batch', bitlinks: bl.control.seed({ links: 2 }).links },
  });
  t.match(few.body, { row_count: 2, truncated: false });
  const qr = await api(path, { method: 'POST', body: { export_type: 'qr_codes_list', filter: {} } });
  t.match(qr.body, { row_count: 3, truncated: false });
  t.equal(csvRows(qr.body.data_uri).length, 4);
  const filtered = await api(path, { method: 'POST', body: { export_type: 'links_list', filter: { query: 'Seeded link 100' } } });
  t.ok(filtered.body.row_count >= 1 && filtered.body.row_count < 20);
  t.notOk(filtered.body.truncated);
});
