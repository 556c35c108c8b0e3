/**
 * The console's shell: finds out whether a session exists, then shows the signed-out screens
 * (sign in, sign up, invitation) or the signed-in ones inside the top bar. A signed-in call that
 * answers 401 (the session expired or was revoked) drops back to sign-in on the same address, so
 * signing in again returns to where the person was.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, onUnauthorized, setCsrfToken } from './api';
import { Loading } from './components/notice';
import { navigate, parseRoute, useRoute, type Route } from './router';
import { SessionContext, type SessionState } from './session';
import type { SessionInfo, User } from './types';
import { TopBar } from './components/top-bar';
import { SignIn } from './screens/sign-in';
import { SignUp } from './screens/sign-up';
import { Invite } from './screens/invite';
import { ResetPassword } from './screens/reset-password';
import { Account } from './screens/account';
import { Home } from './screens/home';
import { Organizations } from './screens/organizations';
import { OrgShell } from './screens/org-shell';
import { NotFound } from './screens/not-found';

type Status = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'signed-in'; user: User };

export function App() {
  const route = useRoute();
  const [status, setStatus] = useState<Status>({ kind: 'loading' });

  useEffect(() => {
    onUnauthorized(() => {
      setCsrfToken(null);
      setStatus({ kind: 'signed-out' });
    });
    api.get<SessionInfo>('/auth/session').then(
      (s) => {
        setCsrfToken(s.csrfToken);
        setStatus({ kind: 'signed-in', user: s.user });
      },
      () => setStatus({ kind: 'signed-out' }),
    );
  }, []);

  const signedIn = (info: SessionInfo, next?: string) => {
    setCsrfToken(info.csrfToken);
    setStatus({ kind: 'signed-in', user: info.user });
    if (next) navigate(parseRoute(`#${next}`), { replace: true });
  };

  if (status.kind === 'loading') return <Loading what="Opening the console" />;

  // A reset link works signed in or out; the reset signs out every session either way.
  if (route.name === 'reset-password') {
    const signedOut = () => {
      setCsrfToken(null);
      setStatus({ kind: 'signed-out' });
    };
    return <ResetPassword token={route.token} onDone={signedOut} />;
  }

  if (status.kind === 'signed-out') {
    if (route.name === 'sign-up') return <SignUp onSignedIn={(s) => signedIn(s, '/')} />;
    if (route.name === 'invite') return <Invite token={route.token} signedIn={false} onSignedIn={signedIn} />;
    const next = route.name === 'sign-in' ? route.next : route.name === 'home' ? undefined : location.hash.slice(1);
    return <SignIn onSignedIn={(s) => signedIn(s, next ?? (route.name === 'sign-in' ? '/' : undefined))} />;
  }

  const session: SessionState = {
    user: status.user,
    signOut: async () => {
      try {
        await api.post('/auth/sign-out');
      } finally {
        setCsrfToken(null);
        setStatus({ kind: 'signed-out' });
        navigate({ name: 'sign-in' });
      }
    },
  };
  return (
    <SessionContext.Provider value={session}>
      <TopBar />
      <SignedInScreen route={route} />
    </SessionContext.Provider>
  );
}

function SignedInScreen({ route }: { route: Route }) {
  switch (route.name) {
    case 'sign-in':
    case 'sign-up':
      return <Redirect to={route.name === 'sign-in' && route.next ? parseRoute(`#${route.next}`) : { name: 'home' }} />;
    case 'home':
      return <Home />;
    case 'invite':
      return <Invite token={route.token} signedIn={true} />;
    case 'account':
      return <Account />;
    case 'orgs':
      return <Organizations />;
    case 'org':
    case 'project':
      return <OrgShell route={route} />;
    case 'not-found':
      return <NotFound />;
  }
}

function Redirect({ to }: { to: Route }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
