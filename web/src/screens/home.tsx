/**
 * `#/`: opens the organization used last (remembered in this browser), else the first one, else
 * the organization list where the person can create one.
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { ErrorNotice, Loading } from '../components/notice';
import { navigate } from '../router';
import type { List, Organization } from '../types';

const LAST_ORG = 'console.lastOrganization';

export function rememberOrganization(orgId: string): void {
  try {
    localStorage.setItem(LAST_ORG, orgId);
  } catch {
    // Storage may be off (private mode): the console then opens the first organization.
  }
}

function lastOrganization(): string | null {
  try {
    return localStorage.getItem(LAST_ORG);
  } catch {
    return null;
  }
}

export function Home() {
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    api.get<List<Organization>>('/orgs').then(
      ({ items }) => {
        const last = lastOrganization();
        const org = items.find((o) => o.id === last) ?? items[0];
        navigate(org ? { name: 'org', orgId: org.id, section: 'projects' } : { name: 'orgs' }, { replace: true });
      },
      (err: unknown) => setFailed(err),
    );
  }, []);
  return (
    <main id="main" class="main" tabIndex={-1}>
      {failed ? <ErrorNotice error={failed} /> : <Loading what="Opening your organization" />}
    </main>
  );
}
