/** Creates an organization (the creator owns it) and opens it. */
import { useState } from 'preact/hooks';
import { api } from '../api';
import { navigate } from '../router';
import type { Organization } from '../types';
import { ErrorNotice } from './notice';
import { useSubmit } from './use-submit';

export function CreateOrgForm({ onCreated }: { onCreated?: () => void }) {
  const [name, setName] = useState('');
  const submit = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void submit.run(async () => {
      const org = await api.post<Organization>('/orgs', { name: name.trim() });
      setName('');
      onCreated?.();
      navigate({ name: 'org', orgId: org.id, section: 'projects' });
    });
  };
  return (
    <form class="form form-inline" onSubmit={onSubmit} data-testid="create-org-form">
      <div class="field">
        <label for="new-org-name">Organization name</label>
        <input id="new-org-name" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </div>
      <button type="submit" class="button button-primary" disabled={submit.busy}>
        Create organization
      </button>
      <ErrorNotice message={submit.error} />
    </form>
  );
}
