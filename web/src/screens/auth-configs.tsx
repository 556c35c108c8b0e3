/**
 * A project's auth configs (how its connections authenticate with a toolkit). Owners and admins
 * disable one (its connections stop working until it is enabled again) or delete it, which also
 * deletes its connections: the confirmation says how many. They are created through the API.
 */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { EnabledBadge, StateBadge } from '../components/badges';
import { ConfirmDialog } from '../components/dialog';
import { Empty, ErrorNotice, Loading, SuccessNotice } from '../components/notice';
import { canManage, formatDate } from '../format';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import type { AuthConfig, List, Project } from '../types';
import { DataTable } from '../components/data-table';

export function AuthConfigs({ project }: { project: Project }) {
  const { org } = useOrg();
  const base = `${projectPath(org.id, project.id)}/auth-configs` as const;
  const configs = useLoad(() => api.get<List<AuthConfig>>(base), [base]);
  const [deleting, setDeleting] = useState<AuthConfig | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const manage = canManage(org.role);

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
      <h2 id="auth-configs-heading">Auth configs</h2>
      <p class="muted">
        Created through the API (<code>POST /api/v1/auth_configs</code>); listed here without their secrets.
      </p>
      <SuccessNotice message={done} />
      <ErrorNotice error={error ?? configs.error} />
      {configs.loading && !configs.data ? <Loading /> : null}
      {configs.data?.items.length === 0 ? <Empty>No auth configs in this project.</Empty> : null}
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
              <td>{c.toolkit}</td>
              <td>
                {c.authMethodKind}
                {c.isManaged ? (
                  <>
                    {' '}
                    <StateBadge label="Managed" tone="info" />
                  </>
                ) : null}
              </td>
              <td>{c.connectionsCount}</td>
              <td>{formatDate(c.createdAt)}</td>
              <td>
                <EnabledBadge disabled={c.disabled} />
              </td>
              <td class="actions">
                {manage ? (
                  <>
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
