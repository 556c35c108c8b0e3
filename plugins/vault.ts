/** Exposes the vault service and refuses to start when stored secrets use a key we do not have. */
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    const known = new Set(app.config.vaultKeys.map((k) => k.id));
    const rows: { key_id: string }[] = await app.orm.em.fork().getConnection().execute('select distinct key_id from vault_secrets');
    const missing = rows.map((r) => r.key_id).filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw new Error(
        `The database holds secrets sealed with master key(s) ${missing.join(', ')} that VAULT_KEYS does not contain. ` +
          'Add them back (after the active key), then run `broker rotate-keys` before retiring them.',
      );
    }
  },
  { name: 'vault', dependencies: ['services'] },
);
