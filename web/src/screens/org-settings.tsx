/** The organization's settings: its name (owners rename it) and its monthly execution quota. */
import { useState } from 'preact/hooks';
import { api, orgPath } from '../api';
import { CreateOrgForm } from '../components/create-org-form';
import { ErrorNotice, SuccessNotice } from '../components/notice';
import { PageHeading } from '../components/page';
import { useSubmit } from '../components/use-submit';
import { formatNumber } from '../format';
import { useOrg } from '../org-context';

export function OrgSettings() {
  const { org, reload } = useOrg();
  const [name, setName] = useState(org.name);
  const [done, setDone] = useState<string | null>(null);
  const submit = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    setDone(null);
    void submit.run(async () => {
      await api.patch(orgPath(org.id), { name: name.trim() });
      setDone('The organization was renamed.');
      reload();
    });
  };
  return (
    <>
      <PageHeading title="Organization settings" />
      <section class="section" aria-labelledby="org-name-heading">
        <h2 id="org-name-heading">Name</h2>
        {org.role === 'owner' ? (
          <form class="form form-inline" onSubmit={onSubmit}>
            <div class="field">
              <label for="org-name">Organization name</label>
              <input id="org-name" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
            </div>
            <button type="submit" class="button button-primary" disabled={submit.busy}>
              Rename
            </button>
            <ErrorNotice message={submit.error} />
          </form>
        ) : (
          <p>
            {org.name} <span class="muted">(only owners rename the organization)</span>
          </p>
        )}
        <SuccessNotice message={done} />
      </section>
      <section class="section" aria-labelledby="org-quota-heading">
        <h2 id="org-quota-heading">Monthly quota</h2>
        <p>
          {org.monthlyExecutionQuota === null
            ? 'No monthly quota: tool executions and proxy calls are not limited.'
            : `${formatNumber(org.monthlyExecutionQuota)} tool executions and proxy calls per UTC month.`}{' '}
          <span class="muted">The operator sets it with the broker command line.</span>
        </p>
      </section>
      <section class="section" aria-labelledby="org-new-heading">
        <h2 id="org-new-heading">Another organization</h2>
        <CreateOrgForm onCreated={reload} />
      </section>
    </>
  );
}
