/**
 * A project's API keys (what agents send as `x-api-key`). Creating one shows the key once, with a
 * copy button: the broker keeps only a hash. Revoking asks first, since agents using the key stop
 * working at once.
 */
import { useState } from 'preact/hooks';
import { api, projectPath, type ConsolePath } from '../api';
import { StateBadge } from '../components/badges';
import { CopyButton } from '../components/copy-button';
import { ConfirmDialog, Dialog } from '../components/dialog';
import { Empty, ErrorNotice, Loading, SuccessNotice } from '../components/notice';
import { useSubmit } from '../components/use-submit';
import { canManage, formatDateTime } from '../format';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import type { ApiKey, List, Project } from '../types';
import { DataTable } from '../components/data-table';

export function ApiKeys({ project }: { project: Project }) {
  const { org } = useOrg();
  const base = `${projectPath(org.id, project.id)}/api-keys` as const;
  const keys = useLoad(() => api.get<List<ApiKey>>(base), [base]);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const manage = canManage(org.role);

  return (
    <section aria-labelledby="api-keys-heading">
      <div class="section-head">
        <h2 id="api-keys-heading">API keys</h2>
        {manage ? (
          <button type="button" class="button button-primary" onClick={() => setCreating(true)} data-testid="create-api-key">
            Create API key
          </button>
        ) : null}
      </div>
      <p class="muted">Agents and backends send a key in the x-api-key header to use this project.</p>
      <SuccessNotice message={done} />
      <ErrorNotice error={keys.error} />
      {keys.loading && !keys.data ? <Loading /> : null}
      {keys.data?.items.length === 0 ? <Empty>No API keys yet.</Empty> : null}
      {keys.data && keys.data.items.length > 0 ? (
        <DataTable testid="api-key-table" caption="API keys" columns={['Name', 'Key', 'Created', 'Last used', 'Status']} actions>
          {keys.data.items.map((k) => (
            <tr key={k.id} data-testid="api-key-row" data-api-key-id={k.id}>
              <th scope="row">{k.name}</th>
              <td>
                <code>{k.start}…</code>
              </td>
              <td class="nowrap">{formatDateTime(k.createdAt)}</td>
              <td class="nowrap">{formatDateTime(k.lastUsedAt)}</td>
              <td>
                {k.revokedAt ? (
                  <>
                    <StateBadge label="Revoked" tone="neutral" /> <span class="muted">{formatDateTime(k.revokedAt)}</span>
                  </>
                ) : (
                  <StateBadge label="Active" tone="ok" />
                )}
              </td>
              <td class="actions">
                {manage && !k.revokedAt ? (
                  <button
                    type="button"
                    class="button button-small button-danger-outline"
                    onClick={() => setRevoking(k)}
                    aria-label={`Revoke ${k.name}`}
                    data-testid="revoke-api-key"
                  >
                    Revoke
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {creating ? <CreateKeyDialog base={base} onCreated={keys.reload} onClose={() => setCreating(false)} /> : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke this API key?"
          message={
            <p>
              Revoke <strong>{revoking.name}</strong> (<code>{revoking.start}…</code>)? Agents and backends using it get 401 from now on.
              This cannot be undone.
            </p>
          }
          confirmLabel="Revoke key"
          onConfirm={async () => {
            await api.del(`${base}/${encodeURIComponent(revoking.id)}`);
            setDone(`The key ${revoking.name} was revoked.`);
            keys.reload();
          }}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}

function CreateKeyDialog({ base, onCreated, onClose }: { base: ConsolePath<'post'>; onCreated: () => void; onClose: () => void }) {
  const [name, setName] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const submit = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void submit.run(async () => {
      const created = await api.post<{ key: string; apiKey: ApiKey }>(base, { name: name.trim() });
      setKey(created.key);
      onCreated();
    });
  };
  if (key !== null)
    return (
      <Dialog title="Your new API key" onClose={onClose} testId="new-api-key-dialog">
        <div class="dialog-body">
          <p class="notice notice-warn">
            Copy this key now and store it as a secret. It is shown only once: the broker cannot show it again.
          </p>
          <label for="new-api-key">API key</label>
          <div class="secret-row">
            <input id="new-api-key" class="secret" readOnly value={key} data-testid="new-api-key" />
            <CopyButton value={key} fieldId="new-api-key" label="Copy key" testId="copy-api-key" />
          </div>
        </div>
        <div class="dialog-actions">
          <button type="button" class="button button-primary" onClick={onClose} data-testid="close-new-api-key">
            I stored it
          </button>
        </div>
      </Dialog>
    );
  return (
    <Dialog title="Create API key" onClose={onClose} testId="create-api-key-dialog">
      <form class="form" onSubmit={onSubmit}>
        <div class="dialog-body">
          <div class="field">
            <label for="api-key-name">Key name</label>
            <input
              id="api-key-name"
              required
              maxLength={200}
              autofocus
              aria-describedby="api-key-name-hint"
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
              data-testid="api-key-name"
            />
            <p id="api-key-name-hint" class="hint">
              Where it will be used, e.g. "production agent".
            </p>
          </div>
          <ErrorNotice message={submit.error} />
        </div>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" disabled={submit.busy} data-testid="create-api-key-submit">
            Create key
          </button>
        </div>
      </form>
    </Dialog>
  );
}
