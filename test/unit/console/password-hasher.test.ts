/** Console password hashes at the production cost, and hashes of any cost verifying by their own parameters. */
import t from 'tap';
import { createPasswordHasher, PRODUCTION_PASSWORD_HASH_COST, verifyPassword } from '../../../src/console/password-hasher.js';

const PASSWORD = 'correct horse battery staple';

t.test('the production parameters: scrypt N=2^15, r=8, p=1, stored with the hash', async (t) => {
  t.equal(PRODUCTION_PASSWORD_HASH_COST, 15);
  const hasher = createPasswordHasher();
  const stored = await hasher.hash(PASSWORD);
  t.match(stored, /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  t.equal(await hasher.verify(PASSWORD, stored), true);
  t.equal(await hasher.verify(`${PASSWORD}!`, stored), false);
  t.not(await hasher.hash(PASSWORD), stored, 'a new salt every time');
  t.match(hasher.decoy, /^scrypt\$32768\$8\$1\$/, 'unknown emails cost the same scrypt time');
});

t.test('a hash verifies by the parameters stored with it, whatever the current cost', async (t) => {
  const cheap = createPasswordHasher(4);
  const stored = await cheap.hash(PASSWORD);
  t.match(stored, /^scrypt\$16\$8\$1\$/);
  t.equal(await createPasswordHasher().verify(PASSWORD, stored), true);
  t.equal(await verifyPassword(PASSWORD, await createPasswordHasher().hash(PASSWORD)), true);
  t.equal(await verifyPassword(PASSWORD, 'bcrypt$whatever'), false, 'another scheme');
  t.equal(await verifyPassword(PASSWORD, 'scrypt$16$8$1$$'), false, 'no salt or hash');
});
