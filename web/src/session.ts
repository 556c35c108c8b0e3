/**
 * The signed-in person, shared with every screen: who they are and how to sign out. The app shell
 * (app.tsx) owns the state; screens read it with useSession().
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { User } from './types';

export interface SessionState {
  user: User;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in screen');
  return session;
}
