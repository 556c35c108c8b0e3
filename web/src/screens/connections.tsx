/**
 * A project's connections (one end user's account at one toolkit): status badges with the
 * broker's reason, filters by status, toolkit and end user, and for owners and admins disable /
 * enable, revoke (ACTIVE and EXPIRED only: destroys the tokens at the provider when it can) and
 * delete, each asked first except enabling. Each connection's triggers open under the list.
 * "Connect an account" makes a hosted connect link for an end user (to open or copy); an EXPIRED,
 * FAILED or REVOKED connection's "Reconnect" makes one that brings back that same connection (same
 * id: its triggers and references carry on) once the end user consents or enters new credentials.
 */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { EnabledBadge, StatusBadge } from '../components/badges';
import { CopyButton } from '../components/copy-button';
import { ConfirmDialog, Dialog } from '../components/dialog';
import { useSubmit } from '../components/use-submit';
import { Empty, ErrorNotice, Loading, SuccessNotice } from '../components/notice';
import { Pager } from '../components/pager';
import { canManage, formatDateTime } from '../format';
import { href } from '../router';
import { useCursorPages, useLoad } from '../hooks';
import { useOrg } from '../org-context';
import {
  CONNECTION_STATUSES,
  type AuthConfig,
  type ConnectLink,
  type Connection,
  type ConnectionStatus,
  type List,
  type Page,
  type Project,
  type Toolkit,
} from '../types';
import { DataTable } from '../components/data-table';
import { ConnectionTriggers } from './triggers';

type Action = 'disable' | 'revoke' | 'delete';

/** What Reconnect accepts (the link service refuses the others): the connection does not work and nothing is under way. */
const RECONNECTABLE: readonly ConnectionStatus[] = ['EXPIRED', 'FAILED', 'REVOKED'];

const ACTION_TEXT: Record<Action, { title: string; confirm: string; text: string }> = {
  disable: {
    title: 'Disable this connection?',
    confirm: 'Disable',
    text: 'Tool executions and proxy calls with it are refused until it is enabled again. Its credentials are kept.',
  },
  revoke: {
    title: 'Revoke this connection?',
    confirm: 'Revoke',
    text: 'Its tokens are revoked at the provider where possible and destroyed here. The end user must connect again to use it.',
  },
  delete: {
    title: 'Delete this connection?',
    confirm: 'Delete',
    text: 'The connection and its stored credentials are deleted. This cannot be undone.',
  },
};

export function Connections({ project }: { project: Project }) {
  const { org } = useOrg();
  const base = `${projectPath(org.id, project.id)}/connections` as const;
  const [status, setStatus] = useState('');
  const [toolkit, setToolkit] = useState('');
  const [userId, setUserId] = useState('');
  const [appliedUser, setAppliedUser] = useState('');
  const toolkits = useLoad(() => api.get<List<Toolkit>>('/toolkits'), []);
  const pages = useCursorPages(
    (cursor) => api.get<Page<Connection>>(base, { status, toolkit, userId: appliedUser, cursor, limit: 25 }),
    [base, status, toolkit, appliedUser],
  );
  const [pending, setPending] = useState<{ action: Action; connection: Connection } | null>(null);
  // The connection whose triggers show under the list.
  const [watched, setWatched] = useState<Connection | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const manage = canManage(org.role);
  const item = (c: Connection) => `${base}/${encodeURIComponent(c.id)}` as const;
  const [connecting, setConnecting] = useState(false);
  // The link just made, with who it is for (Reconnect: `reconnect` and the connection's own id).
  const [link, setLink] = useState<{ link: ConnectLink; entityId: string; toolkit: string } | null>(null);

  async function reconnect(c: Connection) {
    setError(null);
    setDone(null);
    try {
      const made = await api.post<ConnectLink>(`${item(c)}/reconnect`);
      setLink({ link: made, entityId: c.entityId, toolkit: c.providerSlug });
    } catch (err) {
      setError(err);
    }
    pages.reload();
  }

  async function enable(c: Connection) {
    setError(null);
    try {
      await api.patch(item(c), { enabled: true });
      setDone(`Connection ${c.id} is enabled.`);
    } catch (err) {
      setError(err);
    }
    pages.reload();
  }

  async function run(action: Action, c: Connection) {
    if (action === 'disable') await api.patch(item(c), { enabled: false });
    else if (action === 'revoke') await api.post(`${item(c)}/revoke`);
    else await api.del(item(c));
    setDone(`Connection ${c.id}: ${action === 'delete' ? 'deleted' : action === 'revoke' ? 'revoked' : 'disabled'}.`);
    pages.reload();
  }

  return (
    <section aria-labelledby="connections-heading">
      <div class="section-head">
        <h2 id="connections-heading">Connections</h2>
        {manage ? (
          <button type="button" class="button button-primary" onClick={() => setConnecting(true)} data-testid="connect-account">
            Connect an account
          </button>
        ) : null}
      </div>
      <form
        class="filters"
        aria-label="Filter connections"
        onSubmit={(e) => {
          e.preventDefault();
          setAppliedUser(userId.trim());
        }}
      >
        <div class="field">
          <label for="connection-status">Status</label>
          <select
            id="connection-status"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value)}
            data-testid="connection-status-filter"
          >
            <option value="">Any status</option>
            {CONNECTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="connection-toolkit">Toolkit</label>
          <select
            id="connection-toolkit"
            value={toolkit}
            onChange={(e) => setToolkit(e.currentTarget.value)}
            data-testid="connection-toolkit-filter"
          >
            <option value="">Any toolkit</option>
            {toolkits.data?.items.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="connection-user">End user id</label>
          <input id="connection-user" value={userId} onInput={(e) => setUserId(e.currentTarget.value)} />
        </div>
        <button type="submit" class="button">
          Filter
        </button>
      </form>
      <SuccessNotice message={done} />
      <ErrorNotice error={error ?? pages.error} />
      {pages.loading && !pages.data ? <Loading /> : null}
      {pages.data?.items.length === 0 ? <Empty>No connections match.</Empty> : null}
      {pages.data && pages.data.items.length > 0 ? (
        <DataTable
          testid="connection-table"
          caption="Connections"
          columns={['Connection', 'Toolkit', 'End user', 'Status', 'Use', 'Created']}
          actions
        >
          {pages.data.items.map((c) => (
            <tr key={c.id} data-testid="connection-row" data-connection-id={c.id} data-status={c.status}>
              <th scope="row">
                <code>{c.id}</code>
                {c.alias ? <div class="muted small">{c.alias}</div> : null}
              </th>
              <td>
                {c.providerSlug} <span class="muted small">({c.authMethodKind})</span>
              </td>
              <td>{c.entityId}</td>
              <td>
                <StatusBadge status={c.status} />
                {c.statusReason ? (
                  <div class="reason" data-testid="connection-reason">
                    {c.statusReason}
                  </div>
                ) : null}
              </td>
              <td>
                <EnabledBadge disabled={c.disabled} />
              </td>
              <td class="nowrap">{formatDateTime(c.createdAt)}</td>
              <td class="actions">
                <button
                  type="button"
                  class="button button-small"
                  aria-expanded={watched?.id === c.id}
                  aria-controls="connection-triggers"
                  onClick={() => setWatched(watched?.id === c.id ? null : c)}
                  data-testid="connection-triggers-button"
                >
                  Triggers
                </button>
                {manage ? (
                  <>
                    {c.disabled ? (
                      <button type="button" class="button button-small" onClick={() => void enable(c)}>
                        Enable
                      </button>
                    ) : (
                      <button type="button" class="button button-small" onClick={() => setPending({ action: 'disable', connection: c })}>
                        Disable
                      </button>
                    )}
                    {RECONNECTABLE.includes(c.status) ? (
                      <button
                        type="button"
                        class="button button-small button-primary"
                        onClick={() => void reconnect(c)}
                        aria-label={`Reconnect ${c.providerSlug} for ${c.entityId}`}
                        data-testid="reconnect-button"
                      >
                        Reconnect
                      </button>
                    ) : null}
                    {c.status === 'ACTIVE' || c.status === 'EXPIRED' ? (
                      <button
                        type="button"
                        class="button button-small button-danger-outline"
                        onClick={() => setPending({ action: 'revoke', connection: c })}
                      >
                        Revoke
                      </button>
                    ) : null}
                    <button
                      type="button"
                      class="button button-small button-danger-outline"
                      onClick={() => setPending({ action: 'delete', connection: c })}
                    >
                      Delete
                    </button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pager pages={pages} label="Connections" />
      {watched ? (
        <div id="connection-triggers">
          <ConnectionTriggers project={project} connection={watched} onClose={() => setWatched(null)} />
        </div>
      ) : null}
      {connecting ? (
        <ConnectAccountDialog
          project={project}
          onMade={(made, entityId, toolkit) => {
            setConnecting(false);
            setLink({ link: made, entityId, toolkit });
            pages.reload();
          }}
          onClose={() => setConnecting(false)}
        />
      ) : null}
      {link ? (
        <ConnectLinkDialog
          {...link}
          // The toolkit's name ("HubSpot"), not its slug, where the list has it.
          toolkit={toolkits.data?.items.find((t) => t.slug === link.toolkit)?.name ?? link.toolkit}
          onClose={() => {
            setLink(null);
            pages.reload();
          }}
        />
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={ACTION_TEXT[pending.action].title}
          message={
            <p>
              <code>{pending.connection.id}</code> ({pending.connection.providerSlug}, end user {pending.connection.entityId}).{' '}
              {ACTION_TEXT[pending.action].text}
            </p>
          }
          confirmLabel={ACTION_TEXT[pending.action].confirm}
          danger={pending.action !== 'disable'}
          onConfirm={() => run(pending.action, pending.connection)}
          onClose={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

/** Who connects with which auth config: the hosted link's two inputs. */
function ConnectAccountDialog({
  project,
  onMade,
  onClose,
}: {
  project: Project;
  onMade: (link: ConnectLink, entityId: string, toolkit: string) => void;
  onClose: () => void;
}) {
  const { org } = useOrg();
  const base = projectPath(org.id, project.id);
  const configs = useLoad(() => api.get<List<AuthConfig>>(`${base}/auth-configs`), [base]);
  const usable = configs.data?.items.filter((c) => !c.disabled) ?? [];
  const [chosen, setChosen] = useState('');
  const [entityId, setEntityId] = useState('');
  const submit = useSubmit();
  const config = usable.find((c) => c.id === chosen) ?? usable[0];
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (!config) return;
    const user = entityId.trim();
    void submit.run(async () =>
      onMade(await api.post<ConnectLink>(`${base}/connect-links`, { authConfigId: config.id, entityId: user }), user, config.toolkit),
    );
  };
  return (
    <Dialog title="Connect an account" onClose={onClose} testId="connect-account-dialog">
      <form class="form" onSubmit={onSubmit}>
        <div class="dialog-body form">
          <p class="muted">
            Makes a hosted connect link: the end user opens it, signs in at the provider (or types their key) and the connection becomes
            ACTIVE. Send it to them, or open it yourself to connect your own account.
          </p>
          <ErrorNotice error={configs.error} />
          {configs.data && usable.length === 0 ? (
            <p class="notice notice-warn">
              This project has no enabled auth config. Create one on the{' '}
              <a href={href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'auth-configs' })}>Auth configs</a> tab first.
            </p>
          ) : null}
          <div class="field">
            <label for="connect-entity">End user id</label>
            <input
              id="connect-entity"
              required
              maxLength={200}
              autofocus
              placeholder="user-42"
              aria-describedby="connect-entity-hint"
              value={entityId}
              onInput={(e) => setEntityId(e.currentTarget.value)}
              data-testid="connect-entity"
            />
            <p id="connect-entity-hint" class="hint">
              Your application's id for the person: agents name it to use their connection.
            </p>
          </div>
          <div class="field">
            <label for="connect-config">Auth config</label>
            <select
              id="connect-config"
              value={config?.id ?? ''}
              onChange={(e) => setChosen(e.currentTarget.value)}
              disabled={usable.length === 0}
              data-testid="connect-auth-config"
            >
              {usable.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.toolkit})
                </option>
              ))}
            </select>
          </div>
          <ErrorNotice message={submit.error} />
        </div>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" disabled={submit.busy || !config} data-testid="connect-submit">
            Make link
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The link to open or copy, what happens when it is used, and when it stops working. */
function ConnectLinkDialog({
  link,
  entityId,
  toolkit,
  onClose,
}: {
  link: ConnectLink;
  entityId: string;
  toolkit: string;
  onClose: () => void;
}) {
  const expires = formatDateTime(link.expiresAt);
  return (
    <Dialog title={link.reconnect ? 'Reconnect link' : 'Connect link'} onClose={onClose} testId="connect-link-dialog">
      <div class="dialog-body form">
        {link.reconnect ? (
          <p data-testid="reconnect-explanation">
            A link for end user <strong>{entityId}</strong> to reconnect their {toolkit} account. The same connection,{' '}
            <code>{link.connectionId}</code>, becomes ACTIVE again when they finish: its triggers resume and its id does not change.
          </p>
        ) : (
          <p>
            A link for end user <strong>{entityId}</strong> to connect their {toolkit} account.
          </p>
        )}
        <label for="connect-link-url">Connect link</label>
        <div class="secret-row">
          <textarea id="connect-link-url" class="secret url-field" rows={4} readOnly value={link.url} data-testid="connect-link-url" />
          <CopyButton value={link.url} fieldId="connect-link-url" label="Copy link" testId="copy-connect-link" />
          <a class="button" href={link.url} target="_blank" rel="noopener noreferrer" data-testid="open-connect-link">
            Open
          </a>
        </div>
        <p class="hint">
          {link.reconnect ? (
            <>It works once and until {expires}. Until the end user finishes, the connection keeps its status.</>
          ) : (
            <>
              It works once and until {expires}. The connection <code>{link.connectionId}</code> is listed below, waiting, until the end
              user finishes.
            </>
          )}
        </p>
      </div>
      <div class="dialog-actions">
        <button type="button" class="button button-primary" onClick={onClose} data-testid="close-connect-link">
          Done
        </button>
      </div>
    </Dialog>
  );
}
