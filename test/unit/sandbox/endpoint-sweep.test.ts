/**
 * Calls every one of the 109 tool-map endpoints (method + path, sample ids created first) and
 * expects exactly the map's successStatus: no endpoint is missing (404/405) or answers otherwise.
 */
import t from 'tap';
import { startBitlySandbox, startHubspotSandbox } from '../../../sandbox/index.js';
import { call, loadToolMap, startReceiver, type ToolMapEntry } from './helpers.js';
import { seedBitlySamples, seedHubspotSamples } from '../../helpers/sample-resources.js';

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
  const samples = seedHubspotSamples(hs);
  const entries = toolMap
    .filter((e) => e.toolkit === 'HUBSPOT')
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  for (const entry of entries) {
    const path = fillPath(entry, samples.pathValues(entry.method === 'DELETE'));
    const body = samples.bodies[entry.slug];
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
  const samples = await seedBitlySamples(bl, receiver.url);
  const bodies = samples.bodies;

  const entries = toolMap
    .filter((e) => e.toolkit === 'BITLY')
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  const seen = new Set<string>();
  for (const entry of entries) {
    const del = entry.method === 'DELETE';
    const path = fillPath(entry, samples.pathValues(del));
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
