/**
 * The HubSpot v3 verifier and the body parser, against signatures made by the sandbox's own
 * signer (what the sandbox's app webhooks send, as HubSpot does).
 */
import t from 'tap';
import { signV3 } from '../../../sandbox/hubspot/app-webhooks.js';
import { MAX_SKEW_MS, verifyHubspotV3 } from '../../../src/triggers/ingress/hubspot-signature.js';
import { parseHubspotEvents } from '../../../src/triggers/ingress/hubspot-events.js';

const SECRET = 'app-client-secret';
const URI = 'https://broker.example.com/api/v1/provider_webhooks/hubspot';
const NOW = 1_780_300_800_000;
const body = JSON.stringify([
  { eventId: 1, portalId: 48123456, subscriptionType: 'contact.creation', objectId: 101, occurredAt: NOW - 1000, attemptNumber: 0 },
]);

function signed(overrides: { secret?: string; uri?: string; ts?: number; body?: string; sentBody?: string; method?: string } = {}) {
  const ts = String(overrides.ts ?? NOW);
  const signedBody = overrides.body ?? body;
  return {
    method: overrides.method ?? 'POST',
    uri: URI,
    rawBody: Buffer.from(overrides.sentBody ?? signedBody),
    signature: signV3(overrides.secret ?? SECRET, 'POST', overrides.uri ?? URI, signedBody, ts),
    timestamp: ts,
  };
}

t.test('a request signed as HubSpot signs it verifies, at the edges of the skew too', async (t) => {
  t.same(verifyHubspotV3(signed(), [SECRET], NOW), { ok: true });
  t.same(verifyHubspotV3(signed({ ts: NOW - MAX_SKEW_MS }), [SECRET], NOW), { ok: true });
  t.same(verifyHubspotV3(signed({ ts: NOW + MAX_SKEW_MS }), [SECRET], NOW), { ok: true });
  t.same(verifyHubspotV3(signed(), ['old-secret', SECRET], NOW), { ok: true }, 'any of the candidate secrets');
});

t.test('each refusal says why', async (t) => {
  const reason = (r: ReturnType<typeof verifyHubspotV3>) => (r.ok ? 'ok' : r.reason);
  t.equal(reason(verifyHubspotV3({ ...signed(), signature: undefined }, [SECRET], NOW)), 'unsigned');
  t.equal(reason(verifyHubspotV3({ ...signed(), timestamp: undefined }, [SECRET], NOW)), 'unsigned');
  t.equal(reason(verifyHubspotV3({ ...signed(), timestamp: 'yesterday' }, [SECRET], NOW)), 'bad_timestamp');
  t.equal(reason(verifyHubspotV3(signed({ ts: NOW - MAX_SKEW_MS - 1 }), [SECRET], NOW)), 'stale', 'a replay of an old delivery');
  t.equal(reason(verifyHubspotV3(signed({ ts: NOW + MAX_SKEW_MS + 1 }), [SECRET], NOW)), 'stale', 'from the future');
  t.equal(reason(verifyHubspotV3(signed({ secret: 'forged' }), [SECRET], NOW)), 'mismatch', 'another key');
  t.equal(reason(verifyHubspotV3(signed({ sentBody: body.replace('101', '102') }), [SECRET], NOW)), 'mismatch', 'tampered body');
  t.equal(
    reason(verifyHubspotV3(signed({ uri: 'https://other.example.com/api/v1/provider_webhooks/hubspot' }), [SECRET], NOW)),
    'mismatch',
    'another URI',
  );
  t.equal(reason(verifyHubspotV3(signed({ method: 'PUT' }), [SECRET], NOW)), 'mismatch', 'another method');
  t.equal(reason(verifyHubspotV3({ ...signed(), signature: 'not base64 at all' }, [SECRET], NOW)), 'mismatch');
  t.equal(reason(verifyHubspotV3(signed(), [], NOW)), 'mismatch', 'no key, no match');
});

t.test('a URI HubSpot signed with its listed escapes decoded verifies against the escaped request', async (t) => {
  const escaped = `${URI}?from=a%3Ab`;
  const req = { ...signed({ uri: `${URI}?from=a:b` }), uri: escaped };
  t.same(verifyHubspotV3(req, [SECRET], NOW), { ok: true });
});

t.test('the parser takes the array of events and refuses anything else', async (t) => {
  const ok = parseHubspotEvents(Buffer.from(body));
  t.ok(ok.ok);
  if (ok.ok) t.match(ok.events[0], { eventId: '1', portalId: '48123456', objectId: '101', subscriptionType: 'contact.creation' });
  const change = parseHubspotEvents(
    Buffer.from(
      JSON.stringify([
        {
          eventId: 2,
          portalId: 1,
          subscriptionType: 'deal.propertyChange',
          objectId: 9,
          occurredAt: NOW,
          propertyName: 'dealstage',
          propertyValue: 'won',
        },
      ]),
    ),
  );
  t.ok(change.ok && change.events[0]?.propertyName === 'dealstage' && change.events[0]?.propertyValue === 'won');
  t.notOk(parseHubspotEvents(Buffer.from('not json')).ok);
  t.notOk(parseHubspotEvents(Buffer.from('{"eventId":1}')).ok, 'an object, not an array');
  t.notOk(parseHubspotEvents(Buffer.from('[{"eventId":1}]')).ok, 'missing fields');
  t.notOk(parseHubspotEvents(Buffer.from('[1]')).ok);
  t.notOk(
    parseHubspotEvents(Buffer.from('[{"eventId":1,"portalId":1,"objectId":1,"subscriptionType":"a","occurredAt":1e300}]')).ok,
    'a time no Date holds',
  );
});
