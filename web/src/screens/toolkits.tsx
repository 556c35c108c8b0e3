/**
 * The catalog: every toolkit this broker can connect to, with its auth methods (and whether the
 * deployment has a managed OAuth client for it) and its number of tools.
 */
import { api } from '../api';
import { StateBadge } from '../components/badges';
import { ErrorNotice, Loading } from '../components/notice';
import { PageHeading } from '../components/page';
import { useLoad } from '../hooks';
import type { AuthMethod, List, Toolkit } from '../types';

const KIND_LABELS: Record<AuthMethod['kind'], string> = { oauth2: 'OAuth 2', api_key: 'API key', basic: 'Basic', bearer: 'Bearer token' };

export function Toolkits() {
  const toolkits = useLoad(() => api.get<List<Toolkit>>('/toolkits'), []);
  return (
    <>
      <PageHeading title="Toolkits" />
      <ErrorNotice error={toolkits.error} />
      {toolkits.loading && !toolkits.data ? <Loading /> : null}
      {toolkits.data ? (
        <ul class="toolkit-grid" data-testid="toolkit-list">
          {toolkits.data.items.map((t) => (
            <li key={t.slug} class="card toolkit" data-testid="toolkit-card">
              <h2 class="toolkit-name">
                {t.name} <code class="small">{t.slug}</code>
              </h2>
              {t.description ? <p>{t.description}</p> : null}
              <p class="muted small">
                {t.toolsCount} tool{t.toolsCount === 1 ? '' : 's'}
              </p>
              <ul class="method-list" aria-label={`${t.name} auth methods`}>
                {t.noAuth ? <li>No authentication</li> : null}
                {t.authMethods.map((m) => (
                  <li key={m.id}>
                    {m.name} <span class="muted small">({KIND_LABELS[m.kind] ?? m.kind})</span>
                    {m.kind === 'oauth2' && m.managedClientConfigured ? (
                      <>
                        {' '}
                        <StateBadge label="Managed client" tone="info" />
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
