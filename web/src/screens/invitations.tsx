/**
 * Invitations (owners and admins): invite an email as admin or member (owners: also as owner, as
 * src/tenancy/invitations.ts allows) and get a one-time link to
 * send them (shown once: the broker keeps only its hash), and revoke invitations still pending.
 */
import { useState } from 'preact/hooks';
import { api, orgPath } from '../api';
import { CopyButton } from '../components/copy-button';
import { ConfirmDialog, Dialog } from '../components/dialog';
import { Empty, ErrorNotice, SuccessNotice } from '../components/notice';
import { useSubmit } from '../components/use-submit';
import { formatDateTime, ROLE_LABELS } from '../format';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import type { Invitation, List, Role } from '../types';
import { DataTable } from '../components/data-table';

export function Invitations() {
  const { org } = useOrg();
  const pending = useLoad(() => api.get<List<Invitation>>(`${orgPath(org.id)}/invitations`), [org.id]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = useSubmit();

  const onSubmit = (e: Event) => {
    e.preventDefault();
    void submit.run(async () => {
      const created = await api.post<{ invitation: Invitation; url: string }>(`${orgPath(org.id)}/invitations`, { email, role });
      setLink({ email: created.invitation.email, url: created.url });
      setEmail('');
      pending.reload();
    });
  };

  return (
    <section class="section" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <form class="form form-inline" onSubmit={onSubmit} data-testid="invite-form">
        <div class="field">
          <label for="invite-email">Email</label>
          <input id="invite-email" type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
            {org.role === 'owner' ? <option value="owner">Owner</option> : null}
          </select>
        </div>
        <button type="submit" class="button button-primary" disabled={submit.busy}>
          Invite
        </button>
        <ErrorNotice message={submit.error} />
      </form>
      <SuccessNotice message={done} />
      <ErrorNotice error={pending.error} />
      {pending.data?.items.length === 0 ? <Empty>No pending invitations.</Empty> : null}
      {pending.data && pending.data.items.length > 0 ? (
        <DataTable testid="invitation-table" caption="Pending invitations" columns={['Email', 'Role', 'Expires']} actions>
          {pending.data.items.map((inv) => (
            <tr key={inv.id} data-testid="invitation-row">
              <th scope="row">{inv.email}</th>
              <td>{ROLE_LABELS[inv.role]}</td>
              <td class="nowrap">{formatDateTime(inv.expiresAt)}</td>
              <td class="actions">
                <button type="button" class="button button-small button-danger-outline" onClick={() => setRevoking(inv)}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {link ? (
        <Dialog title="Invitation link" onClose={() => setLink(null)} testId="invitation-link-dialog">
          <div class="dialog-body">
            <p>Send this link to {link.email}. It works once, and it is shown only now: copy it before closing this dialog.</p>
            <label for="invitation-url">Invitation link</label>
            <div class="secret-row">
              <input id="invitation-url" class="secret" readOnly value={link.url} data-testid="invitation-url" />
              <CopyButton value={link.url} fieldId="invitation-url" label="Copy link" />
            </div>
          </div>
          <div class="dialog-actions">
            <button type="button" class="button button-primary" onClick={() => setLink(null)}>
              Done
            </button>
          </div>
        </Dialog>
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke this invitation?"
          message={<p>The link sent to {revoking.email} will stop working.</p>}
          confirmLabel="Revoke"
          onConfirm={async () => {
            await api.del(`${orgPath(org.id)}/invitations/${encodeURIComponent(revoking.id)}`);
            setDone(`The invitation for ${revoking.email} was revoked.`);
            pending.reload();
          }}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}
