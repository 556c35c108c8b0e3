/**
 * Create an account. The first account of an empty broker owns a new organization with a default
 * project; on an invite-only broker, later accounts come through an invitation link (invite.tsx
 * reuses the form with the invitation's token and email).
 */
import { useState } from 'preact/hooks';
import { api } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { ErrorNotice, Loading } from '../components/notice';
import { useSubmit } from '../components/use-submit';
import { useLoad } from '../hooks';
import type { SessionInfo, SignUpOptions } from '../types';

export const MIN_PASSWORD_LENGTH = 10;

export function SignUp({ onSignedIn }: { onSignedIn: (s: SessionInfo) => void }) {
  const options = useLoad(() => api.get<SignUpOptions>('/auth/options'), []);
  const inviteOnly = options.data?.signUp === 'invite-only' && !options.data.firstUser;
  return (
    <AuthLayout title="Create an account">
      {options.loading ? <Loading /> : null}
      <ErrorNotice error={options.error} />
      {options.data ? <SignUpHint options={options.data} /> : null}
      {inviteOnly ? (
        <p class="notice notice-info">
          This broker only admits invited people. Open the invitation link you were sent to create your account.
        </p>
      ) : options.data ? (
        <SignUpForm onSignedIn={onSignedIn} />
      ) : null}
      <p>
        Already have an account? <a href="#/sign-in">Sign in</a>
      </p>
    </AuthLayout>
  );
}

/** What the new account will get: the three cases of src/tenancy/sign-up.ts, said as they are. */
function SignUpHint({ options }: { options: SignUpOptions }) {
  if (options.firstUser)
    return (
      <p class="notice notice-info" data-testid="first-user-hint">
        {options.firstUserOrganization === 'existing'
          ? 'You are the first person on this broker: your account will own the organization its operator created, with its projects and API keys.'
          : 'You are the first person on this broker: your account will own a new organization with a Default project.'}
      </p>
    );
  if (options.signUp !== 'open') return null;
  return (
    <p class="notice notice-info" data-testid="sign-up-hint">
      Your account starts without an organization: create one once you are signed in, or open the invitation link a colleague sent you to
      join theirs.
    </p>
  );
}

interface FormProps {
  onSignedIn: (s: SessionInfo) => void;
  /** An invitation's token and email: the account joins its organization. */
  invitation?: { token: string; email: string };
}

export function SignUpForm({ onSignedIn, invitation }: FormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState(invitation?.email ?? '');
  const [password, setPassword] = useState('');
  const submit = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void submit.run(async () =>
      onSignedIn(
        await api.post<SessionInfo>('/auth/sign-up', {
          email,
          password,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(invitation ? { invitationToken: invitation.token } : {}),
        }),
      ),
    );
  };
  return (
    <form class="form" onSubmit={onSubmit} data-testid="sign-up-form">
      <div class="field">
        <label for="sign-up-name">
          Name <span class="muted">(optional)</span>
        </label>
        <input
          id="sign-up-name"
          autocomplete="name"
          maxLength={200}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
          data-testid="sign-up-name"
        />
      </div>
      <div class="field">
        <label for="sign-up-email">Email</label>
        <input
          id="sign-up-email"
          type="email"
          autocomplete="username"
          required
          readOnly={invitation !== undefined}
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
          data-testid="sign-up-email"
        />
      </div>
      <div class="field">
        <label for="sign-up-password">Password</label>
        <input
          id="sign-up-password"
          type="password"
          autocomplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          aria-describedby="sign-up-password-hint"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          data-testid="sign-up-password"
        />
        <p id="sign-up-password-hint" class="hint">
          At least {MIN_PASSWORD_LENGTH} characters.
        </p>
      </div>
      <ErrorNotice message={submit.error} />
      <button type="submit" class="button button-primary" disabled={submit.busy} data-testid="sign-up-submit">
        {submit.busy ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
