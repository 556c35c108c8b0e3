/**
 * An organization's members: owners change roles, admins and owners remove people (the broker
 * decides who may remove whom and keeps the last owner), anyone may leave. Invitations (owners
 * and admins) are below, in invitations.tsx.
 */
import { useState } from 'preact/hooks';
import { api, orgPath } from '../api';
import { ConfirmDialog } from '../components/dialog';
import { ErrorNotice, Loading, SuccessNotice } from '../components/notice';
import { PageHeading } from '../components/page';
import { canManage, formatDate, ROLE_LABELS } from '../format';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { navigate } from '../router';
import { useSession } from '../session';
import type { List, Member, Role } from '../types';
import { Invitations } from './invitations';
import { DataTable } from '../components/data-table';

export function Members() {
  const { org, reload: reloadOrg } = useOrg();
  const { user } = useSession();
  const members = useLoad(() => api.get<List<Member>>(`${orgPath(org.id)}/members`), [org.id]);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const isOwner = org.role === 'owner';
  // Members are listed whole (no paging), so this counts every owner.
  const owners = members.data?.items.filter((m) => m.role === 'owner').length ?? 0;

  async function changeRole(m: Member, role: Role) {
    setError(null);
    try {
      await api.patch(`${orgPath(org.id)}/members/${encodeURIComponent(m.userId)}`, { role });
      setDone(`${m.email} is now ${ROLE_LABELS[role]}.`);
      if (m.userId === user.id) reloadOrg();
    } catch (err) {
      setError(err);
    }
    members.reload();
  }

  async function remove(m: Member) {
    await api.del(`${orgPath(org.id)}/members/${encodeURIComponent(m.userId)}`);
    if (m.userId === user.id) navigate({ name: 'home' });
    else {
      setDone(`${m.email} was removed.`);
      members.reload();
    }
  }

  return (
    <>
      <PageHeading title="Members" />
      <ErrorNotice error={error ?? members.error} />
      <SuccessNotice message={done} />
      {members.loading && !members.data ? <Loading /> : null}
      {members.data ? (
        <DataTable testid="member-table" caption="Members" columns={['Email', 'Name', 'Role', 'Joined']} actions>
          {members.data.items.map((m) => (
            <tr key={m.userId} data-testid="member-row">
              <th scope="row">
                {m.email}
                {m.userId === user.id ? <span class="muted"> (you)</span> : null}
              </th>
              <td>{m.name ?? '—'}</td>
              <td>
                {isOwner ? (
                  <select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    onChange={(e) => void changeRole(m, e.currentTarget.value as Role)}
                  >
                    {(['owner', 'admin', 'member'] as const).map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                ) : (
                  ROLE_LABELS[m.role]
                )}
              </td>
              <td>{formatDate(m.createdAt)}</td>
              <td class="actions">
                {m.userId === user.id && m.role === 'owner' && owners === 1 ? (
                  // The API refuses it (src/tenancy/members.ts): say so before anyone tries.
                  <span class="muted" data-testid="last-owner-note">
                    Last owner: make another member owner to leave
                  </span>
                ) : m.userId === user.id || canManage(org.role) ? (
                  <button type="button" class="button button-small button-danger-outline" onClick={() => setRemoving(m)}>
                    {m.userId === user.id ? 'Leave' : 'Remove'}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={removing.userId === user.id ? 'Leave the organization?' : 'Remove this member?'}
          message={
            removing.userId === user.id ? (
              <p>You will lose access to {org.name} and its projects.</p>
            ) : (
              <p>
                {removing.email} will lose access to {org.name} and its projects.
              </p>
            )
          }
          confirmLabel={removing.userId === user.id ? 'Leave' : 'Remove'}
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
      {canManage(org.role) ? <Invitations /> : null}
    </>
  );
}
