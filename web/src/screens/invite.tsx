/**
 * `#/invite/<token>`: the link an admin shared. Shows which organization invites which email and
 * with what role; a signed-in person accepts it, a signed-out one creates an account with it (and
 * joins at once) or signs in first. The broker checks that the email matches and that the link is
 * still pending (404 unknown, 410 used or expired), and its message is shown as is.
 */
import { useState } from 'preact/hooks';
import { api } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { ErrorNotice, Loading } from '../components/notice';
import { useSubmit } from '../components/use-submit';
import { formatDateTime, ROLE_LABELS } from '../format';
import { useLoad } from '../hooks';
import { navigate } from '../router';
import type { InvitationPreview, SessionInfo } from '../types';
import { SignInForm } from './sign-in';
import { SignUpForm } from './sign-up';

interface Props {
  token: string;
  signedIn: boolean;
  onSignedIn?: (s: SessionInfo, next?: string) => void;
}

export function Invite({ token, signedIn, onSignedIn }: Props) {
  const invitation = useLoad(() => api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`), [token]);
  const [haveAccount, setHaveAccount] = useState(false);
  const accept = useSubmit();
  const inv = invitation.data;

  const acceptInvitation = () =>
    void accept.run(async () => {
      const { organization } = await api.post<{ organization: { id: string } }>(`/invitations/${encodeURIComponent(token)}/accept`);
      navigate({ name: 'org', orgId: organization.id, section: 'projects' });
    });

  return (
    <AuthLayout title="Invitation">
      {invitation.loading ? <Loading what="Reading the invitation" /> : null}
      <ErrorNotice error={invitation.error} />
      {inv ? (
        <>
          <p data-testid="invitation-summary">
            <strong>{inv.organizationName}</strong> invites <strong>{inv.email}</strong> to join as {ROLE_LABELS[inv.role]}. The link
            expires {formatDateTime(inv.expiresAt)}.
          </p>
          {signedIn ? (
            <>
              <ErrorNotice message={accept.error} />
              <button type="button" class="button button-primary" onClick={acceptInvitation} disabled={accept.busy}>
                Accept invitation
              </button>
            </>
          ) : haveAccount ? (
            <>
              <SignInForm email={inv.email} onSignedIn={(s) => onSignedIn?.(s)} />
              <p>
                <button type="button" class="link-button" onClick={() => setHaveAccount(false)}>
                  I need an account
                </button>
              </p>
            </>
          ) : (
            <>
              <h2>Create your account</h2>
              <SignUpForm invitation={{ token, email: inv.email }} onSignedIn={(s) => onSignedIn?.(s, '/')} />
              <p>
                <button type="button" class="link-button" onClick={() => setHaveAccount(true)}>
                  I already have an account
                </button>
              </p>
            </>
          )}
        </>
      ) : null}
      {!inv && !invitation.loading ? (
        <p>
          <a href="#/">Go to the console</a>
        </p>
      ) : null}
    </AuthLayout>
  );
}
