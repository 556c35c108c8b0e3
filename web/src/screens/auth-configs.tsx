/**
 * A project's auth configs (how its connections authenticate with a toolkit). Owners and admins
 * create one here (the platform's managed OAuth client where the deployment has one, or your own
 * OAuth client id and secret, with scopes and the tools it may run; API-key, basic and bearer
 * methods need nothing more: end users give their credentials when they connect), edit it (the
 * client secret is never shown back, only whether one is set), disable it (its connections stop
 * working until it is enabled again) or delete it, which also deletes its connections: the
 * confirmation says how many. The form names the OAuth redirect URL to register at the provider.
 */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { EnabledBadge, StateBadge } from '../components/badges';
import { CopyButton } from '../components/copy-button';
import { ConfirmDialog, Dialog } from '../components/dialog';
import { Empty, ErrorNotice, Loading, SuccessNotice } from '../components/notice';
import { useSubmit } from '../components/use-submit';
import { canManage, formatDate } from '../format';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { href } from '../router';
import type { AuthConfig, List, Project, Toolkit } from '../types';
import { DataTable } from '../components/data-table';
import { KIND_LABELS } from './toolkits';

type Base = `/orgs/${string}/projects/${string}/auth-configs`;

/** Scopes or tool slugs typed one per line, or separated by commas or spaces. */
const splitList = (text: string): string[] => [...new Set(text.split(/[\s,]+/).filter(Boolean))];
const joinList = (list: string[] | null): string => (list ?? []).join('\n');
/** The name the broker gives a config left unnamed (src/connections/auth-config-service.ts). */
const defaultName = (toolkit: string, method: string): string => (method.startsWith(toolkit) ? method : `${toolkit} ${method}`).trim();

export function AuthConfigs({ project }: { project: Project }) {
  const { org } = useOrg();
  const base: Base = `${projectPath(org.id, project.id)}/auth-configs`;
  const configs = useLoad(() => api.get<List<AuthConfig>>(base), [base]);
  const toolkits = useLoad(() => api.get<List<Toolkit>>('/toolkits'), []);
  const [deleting, setDeleting] = useState<AuthConfig | null>(null);
  const [editing, setEditing] = useState<AuthConfig | 'new' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const manage = canManage(org.role);
  const toolkitOf = (slug: string) => toolkits.data?.items.find((t) => t.slug === slug);

  async function setEnabled(c: AuthConfig, enabled: boolean) {
    setError(null);
    try {
      await api.patch(`${base}/${encodeURIComponent(c.id)}`, { enabled });
      setDone(`${c.name} is ${enabled ? 'enabled' : 'disabled'}.`);
    } catch (err) {
      setError(err);
    }
    configs.reload();
  }

  return (
    <section aria-labelledby="auth-configs-heading">
      <div class="section-head">
        <h2 id="auth-configs-heading">Auth configs</h2>
        {manage ? (
          <button type="button" class="button button-primary" onClick={() => setEditing('new')} data-testid="create-auth-config">
            New auth config
          </button>
        ) : null}
      </div>
      <p class="muted">
        How this project's connections authenticate with a toolkit. Create them here or with the API (<code>POST /api/v1/auth_configs</code>
        ); client secrets are stored encrypted and never shown again.
      </p>
      <SuccessNotice message={done} />
      <ErrorNotice error={error ?? configs.error} />
      {configs.loading && !configs.data ? <Loading /> : null}
      {configs.data?.items.length === 0 ? (
        <Empty>No auth configs in this project{manage ? ': create one to connect accounts' : ''}.</Empty>
      ) : null}
      {configs.data && configs.data.items.length > 0 ? (
        <DataTable
          testid="auth-config-table"
          caption="Auth configs"
          columns={['Name', 'Toolkit', 'Method', 'Connections', 'Created', 'Status']}
          actions
        >
          {configs.data.items.map((c) => (
            <tr key={c.id} data-testid="auth-config-row" data-auth-config-id={c.id}>
              <th scope="row">
                {c.name}
                <div class="muted small">
                  <code>{c.id}</code>
                </div>
              </th>
              <td>
                <a href={href({ name: 'org', orgId: org.id, section: 'toolkits', item: c.toolkit })}>{c.toolkit}</a>
              </td>
              <td>
                {c.authMethodKind}
                {c.isManaged ? (
                  <>
                    {' '}
                    <StateBadge label="Managed" tone="info" />
                  </>
                ) : c.authMethodKind === 'oauth2' ? (
                  <div class="muted small">Own client{c.hasClientSecret ? ', secret set' : ', no secret'}</div>
                ) : null}
              </td>
              <td>{c.connectionsCount}</td>
              <td class="nowrap">{formatDate(c.createdAt)}</td>
              <td>
                <EnabledBadge disabled={c.disabled} />
              </td>
              <td class="actions">
                {manage ? (
                  <>
                    <button
                      type="button"
                      class="button button-small"
                      onClick={() => setEditing(c)}
                      aria-label={`Edit ${c.name}`}
                      data-testid="edit-auth-config"
                    >
                      Edit
                    </button>
                    <button type="button" class="button button-small" onClick={() => void setEnabled(c, c.disabled)}>
                      {c.disabled ? 'Enable' : 'Disable'}
                    </button>
                    <button type="button" class="button button-small button-danger-outline" onClick={() => setDeleting(c)}>
                      Delete
                    </button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {editing ? (
        <AuthConfigDialog
          base={base}
          toolkits={toolkits.data?.items ?? []}
          editing={editing === 'new' ? null : editing}
          toolkitOf={toolkitOf}
          onSaved={(saved, created) => {
            setEditing(null);
            setDone(created ? `${saved.name} was created.` : `${saved.name} was saved.`);
            configs.reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this auth config?"
          message={
            <p>
              Delete <strong>{deleting.name}</strong> ({deleting.toolkit})? Its {deleting.connectionsCount} connection
              {deleting.connectionsCount === 1 ? '' : 's'} will be deleted with it, and their credentials destroyed.
            </p>
          }
          confirmLabel="Delete"
          onConfirm={async () => {
            await api.del(`${base}/${encodeURIComponent(deleting.id)}`);
            setDone(`${deleting.name} was deleted.`);
            configs.reload();
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

interface DialogProps {
  base: Base;
  toolkits: Toolkit[];
  /** null: a new auth config. */
  editing: AuthConfig | null;
  toolkitOf: (slug: string) => Toolkit | undefined;
  onSaved: (saved: AuthConfig, created: boolean) => void;
  onClose: () => void;
}

function AuthConfigDialog({ base, toolkits, editing, toolkitOf, onSaved, onClose }: DialogProps) {
  const settable = toolkits.filter((t) => t.authMethods.length > 0);
  // Until a person chooses, the first toolkit and method (the list may arrive after the dialog opens).
  const [chosenSlug, setSlug] = useState(editing?.toolkit ?? '');
  const slug = chosenSlug || settable[0]?.slug || '';
  const toolkit = toolkitOf(slug);
  const [methodId, setMethodId] = useState(editing?.authMethodId ?? '');
  const method = toolkit?.authMethods.find((m) => m.id === methodId) ?? (editing ? undefined : toolkit?.authMethods[0]);
  const oauth = (editing?.authMethodKind ?? method?.kind) === 'oauth2';
  const [name, setName] = useState(editing?.name ?? '');
  // null: the managed client when the deployment has one for the method.
  const [managedChoice, setManaged] = useState<boolean | null>(editing ? editing.isManaged : null);
  const managed = managedChoice ?? Boolean(method?.managedClientConfigured);
  const [clientId, setClientId] = useState(editing?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState(joinList(editing?.scopes ?? null));
  const [tools, setTools] = useState(joinList(editing?.restrictToTools ?? null));
  const submit = useSubmit();
  const ownClient = oauth && !managed;

  function chooseToolkit(next: string) {
    setSlug(next);
    setMethodId('');
    setManaged(null);
  }
  function chooseMethod(next: string) {
    setMethodId(next);
    setManaged(null);
  }

  const onSubmit = (e: Event) => {
    e.preventDefault();
    const scopeList = splitList(scopes);
    const toolList = splitList(tools);
    void submit.run(async () => {
      if (editing) {
        // Only what changed; an empty secret field keeps the stored secret.
        const change: Record<string, unknown> = {};
        if (name.trim() !== editing.name) change.name = name.trim();
        if (oauth && scopes.trim() !== joinList(editing.scopes).trim()) change.scopes = scopeList.length > 0 ? scopeList : null;
        if (tools.trim() !== joinList(editing.restrictToTools).trim()) change.restrictToTools = toolList.length > 0 ? toolList : null;
        if (ownClient && clientId.trim() !== (editing.clientId ?? '')) change.clientId = clientId.trim();
        if (ownClient && clientSecret !== '') change.clientSecret = clientSecret;
        if (Object.keys(change).length === 0) {
          onClose();
          return;
        }
        onSaved(await api.patch<AuthConfig>(`${base}/${encodeURIComponent(editing.id)}`, change), false);
        return;
      }
      const body: Record<string, unknown> = { slug, authMethodId: method?.id ?? '' };
      if (name.trim()) body.name = name.trim();
      if (oauth) {
        body.isManaged = managed;
        if (!managed) Object.assign(body, { clientId: clientId.trim(), clientSecret });
        if (scopeList.length > 0) body.scopes = scopeList;
      }
      if (toolList.length > 0) body.restrictToTools = toolList;
      onSaved(await api.post<AuthConfig>(base, body), true);
    });
  };

  return (
    <Dialog title={editing ? `Edit ${editing.name}` : 'New auth config'} onClose={onClose} testId="auth-config-dialog">
      <form class="form" onSubmit={onSubmit}>
        <div class="dialog-body form">
          {editing ? (
            <p class="muted">
              {toolkit?.name ?? editing.toolkit}, {editing.authMethodId} <code class="small">{editing.id}</code>
            </p>
          ) : (
            <>
              <div class="field">
                <label for="ac-toolkit">Toolkit</label>
                <select id="ac-toolkit" value={slug} onChange={(e) => chooseToolkit(e.currentTarget.value)} data-testid="ac-toolkit">
                  {settable.map((t) => (
                    <option key={t.slug} value={t.slug}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </div>
              {toolkit && toolkit.authMethods.length > 1 ? (
                <div class="field">
                  <label for="ac-method">Auth method</label>
                  <select id="ac-method" value={method?.id} onChange={(e) => chooseMethod(e.currentTarget.value)} data-testid="ac-method">
                    {toolkit.authMethods.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.name} ({KIND_LABELS[m.kind] ?? m.kind})
                      </option>
                    ))}
                  </select>
                </div>
              ) : method ? (
                <p>
                  Auth method: {method.name} ({KIND_LABELS[method.kind] ?? method.kind})
                </p>
              ) : null}
            </>
          )}
          <div class="field">
            <label for="ac-name">Name</label>
            <input
              id="ac-name"
              maxLength={200}
              placeholder={editing ? undefined : defaultName(toolkit?.name ?? '', method?.name ?? '')}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
              data-testid="ac-name"
            />
            {editing ? null : <p class="hint">Optional: when empty, the config is called as shown (its toolkit and method).</p>}
          </div>
          {oauth && !editing ? (
            <fieldset class="fieldset">
              <legend>OAuth client</legend>
              <label class="choice">
                <input
                  type="radio"
                  name="ac-client"
                  checked={managed}
                  disabled={!method?.managedClientConfigured}
                  onChange={() => setManaged(true)}
                  data-testid="ac-managed"
                />
                <span>
                  The broker's managed client
                  <span class="hint">
                    {method?.managedClientConfigured
                      ? 'No provider set-up needed: this deployment has an OAuth app for this toolkit.'
                      : 'Not available: this deployment has no OAuth app for this toolkit.'}
                  </span>
                </span>
              </label>
              <label class="choice">
                <input type="radio" name="ac-client" checked={!managed} onChange={() => setManaged(false)} data-testid="ac-own-client" />
                <span>
                  Your own OAuth client
                  <span class="hint">The app you registered at the provider: its client id and secret.</span>
                </span>
              </label>
            </fieldset>
          ) : null}
          {ownClient ? (
            <>
              {toolkit?.oauthCallbackUrl ? (
                <div class="field">
                  <label for="ac-callback">Redirect URL to register at the provider</label>
                  <div class="secret-row">
                    <textarea
                      id="ac-callback"
                      class="secret url-field"
                      rows={2}
                      readOnly
                      value={toolkit.oauthCallbackUrl}
                      data-testid="ac-callback-url"
                    />
                    <CopyButton value={toolkit.oauthCallbackUrl} fieldId="ac-callback" label="Copy" />
                  </div>
                  <p class="hint">The provider sends the user back to this address after consent; it must match exactly.</p>
                </div>
              ) : null}
              <div class="field">
                <label for="ac-client-id">Client id</label>
                <input
                  id="ac-client-id"
                  required
                  maxLength={500}
                  autocomplete="off"
                  value={clientId}
                  onInput={(e) => setClientId(e.currentTarget.value)}
                  data-testid="ac-client-id"
                />
              </div>
              <div class="field">
                <label for="ac-client-secret">Client secret</label>
                <input
                  id="ac-client-secret"
                  type="password"
                  required={!editing || !editing.hasClientSecret}
                  autocomplete="new-password"
                  aria-describedby="ac-client-secret-hint"
                  value={clientSecret}
                  onInput={(e) => setClientSecret(e.currentTarget.value)}
                  data-testid="ac-client-secret"
                />
                <p id="ac-client-secret-hint" class="hint">
                  {editing?.hasClientSecret
                    ? 'A secret is set. Leave this empty to keep it, or type a new one to replace it.'
                    : 'Stored encrypted; it is never shown again.'}
                </p>
              </div>
            </>
          ) : null}
          {oauth ? (
            <div class="field">
              <label for="ac-scopes">Scopes</label>
              <textarea
                id="ac-scopes"
                rows={3}
                aria-describedby="ac-scopes-hint"
                value={scopes}
                onInput={(e) => setScopes(e.currentTarget.value)}
                data-testid="ac-scopes"
              />
              <p id="ac-scopes-hint" class="hint">
                One per line (or separated by spaces). Empty: the toolkit's defaults
                {method && method.defaultScopes.length > 0 ? `, ${method.defaultScopes.join(' ')}` : ''}.
              </p>
            </div>
          ) : null}
          <div class="field">
            <label for="ac-tools">Restrict to tools</label>
            <textarea
              id="ac-tools"
              rows={2}
              aria-describedby="ac-tools-hint"
              value={tools}
              onInput={(e) => setTools(e.currentTarget.value)}
              data-testid="ac-tools"
            />
            <p id="ac-tools-hint" class="hint">
              Tool slugs, one per line. Empty: every tool of the toolkit. Connections of this config are refused other tools.
            </p>
          </div>
          {method && method.kind !== 'oauth2' && !editing ? (
            <p class="hint">End users type their {KIND_LABELS[method.kind] ?? method.kind} credentials on the hosted connect page.</p>
          ) : null}
          <ErrorNotice message={submit.error} />
        </div>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" disabled={submit.busy} data-testid="ac-submit">
            {editing ? 'Save' : 'Create auth config'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
