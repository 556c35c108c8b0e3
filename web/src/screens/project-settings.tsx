/**
 * A project's settings (owners and admins change them): its name, the URLs the hosted connect
 * page may send users back to, the verifier URL asked before a hosted-link connection becomes
 * ACTIVE (its signing secret is shown in the answer that sets it), and deletion, which the broker refuses (409, naming what is left)
 * while the project still has connections, auth configs, active keys or webhook subscriptions.
 */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { ConfirmDialog } from '../components/dialog';
import { ErrorNotice, SuccessNotice } from '../components/notice';
import { useSubmit } from '../components/use-submit';
import { canManage } from '../format';
import { useOrg } from '../org-context';
import { navigate } from '../router';
import type { Project } from '../types';

export function ProjectSettings({ project, onChanged }: { project: Project; onChanged: () => void }) {
  const { org } = useOrg();
  const path = projectPath(org.id, project.id);
  const manage = canManage(org.role);
  const [name, setName] = useState(project.name);
  const [urls, setUrls] = useState(project.allowedRedirectUrls.join('\n'));
  const [deleting, setDeleting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [verifierUrl, setVerifierUrl] = useState(project.connectionVerifierUrl ?? '');
  const [verifierSecret, setVerifierSecret] = useState<string | null>(null);
  const rename = useSubmit();
  const redirects = useSubmit();
  const verifier = useSubmit();

  const saveVerifier = (e: Event) => {
    e.preventDefault();
    setDone(null);
    setVerifierSecret(null);
    void verifier.run(async () => {
      const saved = await api.patch<Project>(path, { connectionVerifierUrl: verifierUrl.trim() === '' ? null : verifierUrl.trim() });
      setVerifierSecret(saved.connectionVerifierSecret ?? null);
      setDone(saved.connectionVerifierUrl ? 'The verifier URL was saved.' : 'The verifier URL was removed.');
      onChanged();
    });
  };

  const save = (submit: ReturnType<typeof useSubmit>, body: Partial<Project>, message: string) => (e: Event) => {
    e.preventDefault();
    setDone(null);
    void submit.run(async () => {
      await api.patch(path, body);
      setDone(message);
      onChanged();
    });
  };
  const urlList = urls
    .split('\n')
    .map((u) => u.trim())
    .filter(Boolean);

  if (!manage)
    return (
      <section aria-labelledby="project-settings-heading">
        <h2 id="project-settings-heading">Settings</h2>
        <p>Only owners and admins change a project's settings.</p>
        <h3>Allowed redirect URLs</h3>
        {project.allowedRedirectUrls.length === 0 ? (
          <p>Any https (or loopback) URL.</p>
        ) : (
          <ul>
            {project.allowedRedirectUrls.map((u) => (
              <li key={u}>
                <code>{u}</code>
              </li>
            ))}
          </ul>
        )}
        <h3>Connection verifier URL</h3>
        <p>{project.connectionVerifierUrl ? <code>{project.connectionVerifierUrl}</code> : 'None.'}</p>
      </section>
    );

  return (
    <section aria-labelledby="project-settings-heading">
      <h2 id="project-settings-heading">Settings</h2>
      <SuccessNotice message={done} />
      <form
        class="form form-inline"
        onSubmit={save(rename, { name: name.trim() }, 'The project was renamed.')}
        data-testid="rename-project-form"
      >
        <div class="field">
          <label for="project-name">Project name</label>
          <input id="project-name" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <button type="submit" class="button button-primary" disabled={rename.busy}>
          Rename
        </button>
        <ErrorNotice message={rename.error} />
      </form>

      <form
        class="form section"
        onSubmit={save(redirects, { allowedRedirectUrls: urlList }, 'The redirect URLs were saved.')}
        data-testid="redirect-urls-form"
      >
        <div class="field">
          <label for="project-redirect-urls">Allowed redirect URLs</label>
          <textarea
            id="project-redirect-urls"
            rows={4}
            aria-describedby="project-redirect-urls-hint"
            value={urls}
            onInput={(e) => setUrls(e.currentTarget.value)}
          />
          <p id="project-redirect-urls-hint" class="hint">
            One absolute http(s) URL per line, at most 20. Where the hosted connect page may send users when they are done; leave empty to
            allow any https (or loopback) URL.
          </p>
        </div>
        <ErrorNotice message={redirects.error} />
        <button type="submit" class="button button-primary" disabled={redirects.busy}>
          Save redirect URLs
        </button>
      </form>

      <form class="form section" onSubmit={saveVerifier} data-testid="verifier-url-form">
        <div class="field">
          <label for="project-verifier-url">Connection verifier URL</label>
          <input
            id="project-verifier-url"
            type="url"
            maxLength={2000}
            aria-describedby="project-verifier-url-hint"
            value={verifierUrl}
            onInput={(e) => setVerifierUrl(e.currentTarget.value)}
          />
          <p id="project-verifier-url-hint" class="hint">
            Optional. Before a connection made through a hosted connect link becomes active, the broker POSTs its id and end user (entityId)
            here, signed like webhook deliveries; any answer but 2xx leaves the connection failed. Leave empty for none.
          </p>
        </div>
        <ErrorNotice message={verifier.error} />
        {verifierSecret ? (
          <div class="field">
            <label for="project-verifier-secret">Signing secret</label>
            <div class="secret-row">
              <input id="project-verifier-secret" class="secret" readOnly value={verifierSecret} data-testid="verifier-secret" />
            </div>
            <p class="hint">Verify the webhook-signature header with it (Standard Webhooks). Saving the URL again shows it again.</p>
          </div>
        ) : null}
        <button type="submit" class="button button-primary" disabled={verifier.busy}>
          Save verifier URL
        </button>
      </form>

      <div class="section danger-zone">
        <h3>Delete this project</h3>
        <p>
          Only an empty project can be deleted: delete its connections, auth configs and webhook subscriptions and revoke its API keys
          first.
        </p>
        <button type="button" class="button button-danger" onClick={() => setDeleting(true)} data-testid="delete-project">
          Delete project
        </button>
      </div>
      {deleting ? (
        <ConfirmDialog
          title="Delete this project?"
          message={
            <p>
              Delete <strong>{project.name}</strong>? This cannot be undone.
            </p>
          }
          confirmLabel="Delete project"
          onConfirm={async () => {
            await api.del(path);
            navigate({ name: 'org', orgId: org.id, section: 'projects' });
          }}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </section>
  );
}
