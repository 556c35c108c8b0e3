/**
 * A project's connections (one end user's account at one toolkit): status badges with the
 * broker's reason, filters by status, toolkit and end user, and for owners and admins disable /
 * enable, revoke (ACTIVE and EXPIRED only: destroys the tokens at the provider when it can) and
 * delete, each asked first except enabling. Each connection's triggers open under the list.
 */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { EnabledBadge, StatusBadge } from '../components/badges';
import { ConfirmDialog } from '../components/dialog';
import { Empty, ErrorNotice, Loading, SuccessNotice } from '../components/notice';
import { Pager } from '../components/pager';
import { canManage, formatDateTime } from '../format';
import { useCursorPages, useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { CONNECTION_STATUSES, type Connection, type List, type Page, type Project, type Toolkit } from '../types';
import { DataTable } from '../components/data-table';
import { ConnectionTriggers } from './triggers';

type Action = 'disable' | 'revoke' | 'delete';

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
      <h2 id="connections-heading">Connections</h2>
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
