/**
 * A project's API keys (what agents send as `x-api-key`). Creating one shows the key once, with a
 * copy button: the broker keeps only a hash. A key may be narrowed to some scopes and given an
 * expiry (issue 30). Revoking asks first, since agents using the key stop working at once.
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

type Scope = ApiKey['scopes'][number];

/** The scopes (src/tenancy/scopes.ts, docs/reference/scopes.md) and what each allows. */
const SCOPES: { scope: Scope; what: string }[] = [
  { scope: 'tools:read', what: 'toolkits, tools and trigger types; listing tools over MCP' },
  { scope: 'tools:execute', what: 'running tools and the proxy' },
  { scope: 'connections:read', what: 'reading connections' },
  { scope: 'connections:write', what: 'creating, refreshing, revoking and deleting connections; connect links' },
  { scope: 'auth_configs:read', what: 'reading auth configs' },
  { scope: 'auth_configs:write', what: 'creating, changing and deleting auth configs' },
  { scope: 'triggers:manage', what: 'trigger instances' },
  { scope: 'webhooks:manage', what: 'webhook subscriptions' },
  { scope: 'events:read', what: 'the event log and redelivery' },
  { scope: 'sessions:create', what: 'agent sessions for one end user' },
];

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
        <DataTable
          testid="api-key-table"
          caption="API keys"
          columns={['Name', 'Key', 'Scopes', 'Created', 'Last used', 'Expires', 'Status']}
          actions
        >
          {keys.data.items.map((k) => (
            <tr key={k.id} data-testid="api-key-row" data-api-key-id={k.id}>
              <th scope="row">{k.name}</th>
              <td>
                <code>{k.start}…</code>
              </td>
              <td data-testid="api-key-scopes">
                {k.scopes.length === SCOPES.length ? 'All' : k.scopes.map((s) => <code key={s}>{s} </code>)}
              </td>
              <td>{formatDateTime(k.createdAt)}</td>
              <td>{formatDateTime(k.lastUsedAt)}</td>
              <td data-testid="api-key-expires">{k.expiresAt ? formatDateTime(k.expiresAt) : 'Never'}</td>
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
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<Scope[]>([]);
  const [expires, setExpires] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const submit = useSubmit();
  const toggle = (scope: Scope, on: boolean) => setChosen((c) => (on ? [...c, scope] : c.filter((s) => s !== scope)));
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void submit.run(async () => {
      if (!all && chosen.length === 0) throw new Error('Choose at least one scope, or All scopes.');
      const body = {
        name: name.trim(),
        ...(all ? {} : { scopes: SCOPES.map((s) => s.scope).filter((s) => chosen.includes(s)) }),
        // datetime-local is the browser's local time; the API takes an instant.
        ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}),
      };
      const created = await api.post<{ key: string; apiKey: ApiKey }>(base, body);
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
          <fieldset class="fieldset">
            <legend>What it may do</legend>
            <label class="choice">
              <input type="radio" name="api-key-scopes" checked={all} onChange={() => setAll(true)} data-testid="api-key-all-scopes" />
              All scopes
            </label>
            <label class="choice">
              <input type="radio" name="api-key-scopes" checked={!all} onChange={() => setAll(false)} data-testid="api-key-some-scopes" />
              Only the scopes chosen below
            </label>
            <ul class="choice-list" aria-label="Scopes">
              {SCOPES.map(({ scope, what }) => (
                <li key={scope}>
                  <label class="choice">
                    <input
                      type="checkbox"
                      disabled={all}
                      checked={all || chosen.includes(scope)}
                      onChange={(e) => toggle(scope, e.currentTarget.checked)}
                      data-testid="api-key-scope"
                      value={scope}
                    />
                    <span>
                      <code>{scope}</code>
                      <span class="hint">{what}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div class="field">
            <label for="api-key-expires">Expires (optional)</label>
            <input
              id="api-key-expires"
              type="datetime-local"
              aria-describedby="api-key-expires-hint"
              value={expires}
              onInput={(e) => setExpires(e.currentTarget.value)}
              data-testid="api-key-expires-at"
            />
            <p id="api-key-expires-hint" class="hint">
              Your local time. Left empty, the key works until it is revoked.
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
