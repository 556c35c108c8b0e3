import t from 'tap';
import type { LookupAddress } from 'node:dns';
import { assertPublicHost, createGuardedLookup, isPrivateAddress, ProxyTargetError } from '../../../src/providers/address-guard.js';

const PRIVATE = [
  // IPv4
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254', // cloud metadata
  '0.0.0.0',
  '0.1.2.3',
  '100.64.0.1', // CGNAT
  '100.127.255.255',
  '224.0.0.1', // multicast
  '239.255.255.250',
  '255.255.255.255', // broadcast
  '240.0.0.1',
  '192.0.2.10', // documentation
  '198.18.0.1', // benchmarking
  // IPv6
  '::1',
  '::',
  'fc00::1',
  'fd12:3456:789a::1',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'ff02::1',
  '2001:db8::1',
  '[::1]',
  // IPv4-mapped and other embeddings judged by the IPv4 rules
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.1.2.3',
  '::ffff:169.254.169.254',
  '::ffff:192.168.0.1',
  '::127.0.0.1',
  '64:ff9b::10.0.0.1',
  '2002:7f00:1::1', // 6to4 of 127.0.0.1
  '[::ffff:127.0.0.1]',
  // not an IP at all: fail closed
  'localhost',
  '',
  '1.2.3',
  '999.1.1.1',
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '104.16.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '169.253.0.1',
  '192.169.0.1',
  '11.0.0.1',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
  '[2606:4700::1]',
];

t.test('private-address table', async (t) => {
  for (const ip of PRIVATE) t.equal(isPrivateAddress(ip), true, `${ip || '(empty)'} is private`);
  for (const ip of PUBLIC) t.equal(isPrivateAddress(ip), false, `${ip} is public`);
});

t.test('assertPublicHost: literals judged directly, localhost refused, allow-list honoured', async (t) => {
  const none = new Set<string>();
  await t.resolves(assertPublicHost('8.8.8.8', none));
  await t.resolves(assertPublicHost('[2606:4700::1]', none));
  for (const host of ['127.0.0.1', '10.0.0.5', '[::1]', '::ffff:127.0.0.1', 'localhost', 'api.localhost', 'LOCALHOST.']) {
    const err = await assertPublicHost(host, none).catch((e: unknown) => e);
    t.ok(err instanceof ProxyTargetError, `${host} refused`);
    t.match((err as Error).message, /private or loopback/);
  }
  await t.resolves(assertPublicHost('localhost', new Set(['localhost'])), 'an allowed host may be private');
  await t.resolves(assertPublicHost('127.0.0.1', new Set(['127.0.0.1'])));
  await t.resolves(
    assertPublicHost('LocalHost', (h) => h === 'localhost'),
    'predicate form, case-insensitive',
  );
});

type Cb = (err: NodeJS.ErrnoException | null, address?: string | LookupAddress[], family?: number) => void;

function lookup(
  fn: ReturnType<typeof createGuardedLookup>,
  host: string,
  options: object,
): Promise<{ err: unknown; address: unknown; family: unknown }> {
  return new Promise((resolve) => {
    (fn as unknown as (h: string, o: object, cb: Cb) => void)(host, options, (err, address, family) => resolve({ err, address, family }));
  });
}

t.test('guarded lookup: refuses private results in both single and all forms, passes public ones', async (t) => {
  // dns.lookup of a literal answers without the network, which exercises the resolving path.
  const guarded = createGuardedLookup(new Set(['10.0.0.7']));
  const single = await lookup(guarded, '8.8.8.8', {});
  t.equal(single.err, null);
  t.equal(single.address, '8.8.8.8');
  t.equal(single.family, 4);
  const all = await lookup(guarded, '2606:4700::1', { all: true });
  t.same(all.address, [{ address: '2606:4700::1', family: 6 }]);
  for (const options of [{}, { all: true }, { family: 4 }]) {
    const refused = await lookup(guarded, '127.0.0.1', options);
    t.ok(refused.err instanceof ProxyTargetError, `127.0.0.1 refused with ${JSON.stringify(options)}`);
  }
  t.ok((await lookup(guarded, 'localhost', {})).err instanceof ProxyTargetError, 'localhost refused without asking DNS');
  const allowed = await lookup(guarded, '10.0.0.7', {});
  t.equal(allowed.err, null, 'an allowed host resolves even to a private address');
  t.equal(allowed.address, '10.0.0.7');
});
