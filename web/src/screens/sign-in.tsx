/**
 * Sign in with email and password. The broker answers one generic message for a wrong email or
 * password, and 429 after too many tries; both are shown as they come.
 */
import { useState } from 'preact/hooks';
import { api } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { ErrorNotice } from '../components/notice';
import { useSubmit } from '../components/use-submit';
import { useLoad } from '../hooks';
import type { SessionInfo, SignUpOptions } from '../types';

export function SignIn({ onSignedIn }: { onSignedIn: (s: SessionInfo) => void }) {
  const options = useLoad(() => api.get<SignUpOptions>('/auth/options'), []);
  return (
    <AuthLayout title="Sign in">
      {options.data?.firstUser ? (
        <p class="notice notice-info" data-testid="first-user-hint">
          This broker has no account yet. <a href="#/sign-up">Create the first account</a>: it will own the first organization.
        </p>
      ) : null}
      <SignInForm onSignedIn={onSignedIn} />
      {options.data?.signUp === 'invite-only' && !options.data.firstUser ? (
        <p class="muted">New here? Accounts are by invitation: open the invitation link you were sent.</p>
      ) : (
        <p>
          New here? <a href="#/sign-up">Create an account</a>
        </p>
      )}
    </AuthLayout>
  );
}

export function SignInForm({ onSignedIn, email: presetEmail = '' }: { onSignedIn: (s: SessionInfo) => void; email?: string }) {
  const [email, setEmail] = useState(presetEmail);
  const [password, setPassword] = useState('');
  const submit = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void submit.run(async () => onSignedIn(await api.post<SessionInfo>('/auth/sign-in', { email, password })));
  };
  return (
    <form class="form" onSubmit={onSubmit} data-testid="sign-in-form">
      <div class="field">
        <label for="sign-in-email">Email</label>
        <input
          id="sign-in-email"
          type="email"
          autocomplete="username"
          required
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
          data-testid="sign-in-email"
        />
      </div>
      <div class="field">
        <label for="sign-in-password">Password</label>
        <input
          id="sign-in-password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          data-testid="sign-in-password"
        />
      </div>
      <ErrorNotice message={submit.error} />
      <button type="submit" class="button button-primary" disabled={submit.busy} data-testid="sign-in-submit">
        {submit.busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
