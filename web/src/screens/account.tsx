/** The signed-in person's account: change the password, optionally signing out every other session. */
import { useState } from 'preact/hooks';
import { api } from '../api';
import { PageHeading } from '../components/page';
import { ErrorNotice, SuccessNotice } from '../components/notice';
import { useSubmit } from '../components/use-submit';
import { useSession } from '../session';

export function Account() {
  const { user } = useSession();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [signOutOtherSessions, setSignOutOthers] = useState(true);
  const [saved, setSaved] = useState<string | null>(null);
  const submit = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    setSaved(null);
    void submit.run(async () => {
      const r = await api.post<{ signedOutSessions: number }>('/auth/change-password', {
        currentPassword,
        newPassword,
        signOutOtherSessions,
      });
      setCurrent('');
      setNew('');
      setSaved(`Password changed${signOutOtherSessions ? `; ${r.signedOutSessions} other session(s) signed out` : ''}.`);
    });
  };
  return (
    <main id="main" class="main main-narrow" tabIndex={-1}>
      <PageHeading title="Account" />
      <p class="muted">Signed in as {user.email}</p>
      <h2>Change password</h2>
      <form class="form" onSubmit={onSubmit} data-testid="change-password-form">
        <div class="field">
          <label for="change-password-current">Current password</label>
          <input
            id="change-password-current"
            type="password"
            autocomplete="current-password"
            required
            value={currentPassword}
            onInput={(e) => setCurrent(e.currentTarget.value)}
            data-testid="change-password-current"
          />
        </div>
        <div class="field">
          <label for="change-password-new">New password (at least 10 characters)</label>
          <input
            id="change-password-new"
            type="password"
            autocomplete="new-password"
            required
            minLength={10}
            value={newPassword}
            onInput={(e) => setNew(e.currentTarget.value)}
            data-testid="change-password-new"
          />
        </div>
        <label class="choice">
          <input
            type="checkbox"
            checked={signOutOtherSessions}
            onChange={(e) => setSignOutOthers(e.currentTarget.checked)}
            data-testid="change-password-sign-out-others"
          />
          <span>Sign out my other sessions</span>
        </label>
        <ErrorNotice message={submit.error} />
        <SuccessNotice message={saved} />
        <button type="submit" class="button button-primary" disabled={submit.busy} data-testid="change-password-submit">
          {submit.busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </main>
  );
}
