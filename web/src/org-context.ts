/**
 * The organization a screen is in: its details (with the signed-in person's role, which decides
 * what the screen offers) and the list for the switcher. Provided by screens/org-shell.tsx.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Organization, OrganizationDetail } from './types';

export interface OrgState {
  org: OrganizationDetail;
  orgs: Organization[];
  /** Re-reads both after a rename or a new organization. */
  reload: () => void;
}

export const OrgContext = createContext<OrgState | null>(null);

export function useOrg(): OrgState {
  const state = useContext(OrgContext);
  if (!state) throw new Error('useOrg outside an organization screen');
  return state;
}
