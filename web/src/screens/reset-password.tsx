/**
 * The page a `broker reset-password` link opens: choose a new password. The broker signs out every
 * session of the account, so the person signs in again with the new password afterwards.
 */
import { useState } from 'preact/hooks';
import { api } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { ErrorNotice } from '../components/notice';
import { useSubmit } from '../components/use-submit';

export function ResetPassword({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void submit.run(async () => {
      await api.post('/auth/reset-password', { token, password });
      setDone(true);
    });
  };
  if (done)
    return (
      <AuthLayout title="Password changed">
        <p class="notice notice-success" data-testid="reset-password-done">
          Your password is changed and every session of your account is signed out.
        </p>
        <p>
          <a href="#/sign-in" onClick={onDone}>
            Sign in with the new password
          </a>
        </p>
      </AuthLayout>
    );
  return (
    <AuthLayout title="Choose a new password">
      <form class="form" onSubmit={onSubmit} data-testid="reset-password-form">
        <div class="field">
          <label for="reset-password-new">New password (at least 10 characters)</label>
          <input
            id="reset-password-new"
            type="password"
            autocomplete="new-password"
            required
            minLength={10}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
            data-testid="reset-password-new"
          />
        </div>
        <ErrorNotice message={submit.error} />
        <button type="submit" class="button button-primary" disabled={submit.busy} data-testid="reset-password-submit">
          {submit.busy ? 'Saving…' : 'Set password'}
        </button>
      </form>
    </AuthLayout>
  );
}
