/**
 * The catalog: every toolkit this broker can connect to, with its auth methods (and whether the
 * deployment has a managed OAuth client for it) and its number of tools and triggers. A toolkit's
 * page (`#/orgs/<id>/toolkits/<slug>`) lists its tools, searchable and a page at a time (an
 * imported toolkit can have a thousand), each with its input parameters and scopes, its trigger
 * types with their config, and the OAuth callback URL to register for your own client.
 */
import { useState } from 'preact/hooks';
import { api } from '../api';
import { StateBadge } from '../components/badges';
import { CopyButton } from '../components/copy-button';
import { ErrorNotice, Loading } from '../components/notice';
import { PageHeading } from '../components/page';
import { SchemaView } from '../components/schema-view';
import { formatNumber } from '../format';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { href } from '../router';
import type { AuthMethod, List, ToolkitTool as Tool, ToolkitDetail, ToolPage, Toolkit } from '../types';

export const KIND_LABELS: Record<AuthMethod['kind'], string> = {
  oauth2: 'OAuth 2',
  api_key: 'API key',
  basic: 'Basic',
  bearer: 'Bearer token',
};

/** The interactive API reference the broker serves (Swagger UI over /api/v1/spec.json). */
const API_REFERENCE = '/api/v1/docs';
const TOOLS_PER_PAGE = 25;

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

function MethodList({ toolkit }: { toolkit: Toolkit }) {
  return (
    <ul class="method-list" aria-label={`${toolkit.name} auth methods`}>
      {toolkit.noAuth ? <li>No authentication</li> : null}
      {toolkit.authMethods.map((m) => (
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
  );
}

export function Toolkits() {
  const { org } = useOrg();
  const toolkits = useLoad(() => api.get<List<Toolkit>>('/toolkits'), []);
  return (
    <>
      <PageHeading title="Toolkits" />
      <p class="muted">
        Open a toolkit for its tools, their parameters and scopes, and its triggers. Every route of the API is in the{' '}
        <a href={API_REFERENCE}>API reference</a>.
      </p>
      <ErrorNotice error={toolkits.error} />
      {toolkits.loading && !toolkits.data ? <Loading /> : null}
      {toolkits.data ? (
        <ul class="toolkit-grid" data-testid="toolkit-list">
          {toolkits.data.items.map((t) => (
            <li key={t.slug} class="card toolkit" data-testid="toolkit-card">
              <h2 class="toolkit-name">
                <a href={href({ name: 'org', orgId: org.id, section: 'toolkits', item: t.slug })} data-testid="toolkit-link">
                  {t.name}
                </a>{' '}
                <code class="small">{t.slug}</code>
              </h2>
              {t.description ? <p>{t.description}</p> : null}
              <p class="muted small">
                {plural(t.toolsCount, 'tool')}
                {t.triggersCount > 0 ? `, ${plural(t.triggersCount, 'trigger')}` : ''}
              </p>
              <MethodList toolkit={t} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function ToolkitPage({ slug }: { slug: string }) {
  const { org } = useOrg();
  const toolkit = useLoad(() => api.get<ToolkitDetail>(`/toolkits/${encodeURIComponent(slug)}`), [slug]);
  const tk = toolkit.data;
  return (
    <>
      <p class="breadcrumb">
        <a href={href({ name: 'org', orgId: org.id, section: 'toolkits' })}>Toolkits</a>
      </p>
      <PageHeading title={tk ? tk.name : slug} />
      <ErrorNotice error={toolkit.error} />
      {toolkit.loading && !tk ? <Loading /> : null}
      {tk ? (
        <>
          <p>
            <code>{tk.slug}</code> · {plural(tk.toolsCount, 'tool')} · {plural(tk.triggerTypes.length, 'trigger')}
            {tk.categories.length > 0 ? ` · ${tk.categories.map((c) => c.name).join(', ')}` : ''}
          </p>
          {tk.description ? <p>{tk.description}</p> : null}
          <p>
            Call these tools with the native API (<code>executeTool</code>), the MCP endpoint or the compat mount: see the{' '}
            <a href={API_REFERENCE} data-testid="api-reference-link">
              API reference
            </a>
            .
          </p>
          <section class="card stack" aria-labelledby="toolkit-auth-heading">
            <h2 id="toolkit-auth-heading">Authentication</h2>
            <MethodList toolkit={tk} />
            {tk.oauthCallbackUrl ? (
              <div class="field">
                <label for="toolkit-callback-url">OAuth redirect URL (register it at the provider for your own OAuth client)</label>
                <div class="secret-row">
                  <textarea
                    id="toolkit-callback-url"
                    class="secret url-field"
                    rows={2}
                    readOnly
                    value={tk.oauthCallbackUrl}
                    data-testid="toolkit-callback-url"
                  />
                  <CopyButton value={tk.oauthCallbackUrl} fieldId="toolkit-callback-url" label="Copy" />
                </div>
              </div>
            ) : null}
            {tk.scopes.length > 0 ? (
              <details>
                <summary>{plural(tk.scopes.length, 'scope')} the tools declare</summary>
                <ul class="scope-list">
                  {tk.scopes.map((s) => (
                    <li key={s}>
                      <code>{s}</code>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </section>
          <ToolList slug={tk.slug} />
          <section aria-labelledby="toolkit-triggers-heading">
            <h2 id="toolkit-triggers-heading">Triggers</h2>
            {tk.triggerTypes.length === 0 ? <p class="muted">This toolkit has no triggers.</p> : null}
            <ul class="card-list" data-testid="trigger-type-list">
              {tk.triggerTypes.map((tt) => (
                <li key={tt.slug} class="card" data-testid="trigger-type">
                  <h3 class="item-title">
                    {tt.name} <code class="small">{tt.slug}</code>{' '}
                    <StateBadge label={tt.type === 'poll' ? 'Polled' : 'Webhook'} tone="neutral" />
                  </h3>
                  <p>{tt.description}</p>
                  <details>
                    <summary>Config</summary>
                    <SchemaView schema={tt.config} empty="No config." />
                  </details>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </>
  );
}

function ToolList({ slug }: { slug: string }) {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [offset, setOffset] = useState(0);
  const tools = useLoad(
    () =>
      api.get<ToolPage>(`/toolkits/${encodeURIComponent(slug)}/tools`, {
        search: applied,
        limit: TOOLS_PER_PAGE,
        offset,
      }),
    [slug, applied, offset],
  );
  // Not the previous search's page while the next one loads: its count would name the wrong search.
  const page = tools.loading ? undefined : tools.data;
  return (
    <section aria-labelledby="toolkit-tools-heading">
      <h2 id="toolkit-tools-heading">Tools</h2>
      <form
        class="filters"
        role="search"
        aria-label="Search tools"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(search.trim());
          setOffset(0);
        }}
      >
        <div class="field">
          <label for="tool-search">Search tools</label>
          <input
            id="tool-search"
            type="search"
            maxLength={200}
            placeholder="e.g. create contact"
            value={search}
            onInput={(e) => setSearch(e.currentTarget.value)}
            data-testid="tool-search"
          />
        </div>
        <button type="submit" class="button" data-testid="tool-search-submit">
          Search
        </button>
      </form>
      <ErrorNotice error={tools.error} />
      {tools.loading ? <Loading /> : null}
      {page ? (
        <p class="muted small" role="status" data-testid="tool-count">
          {page.total === 0
            ? applied
              ? `No tool matches "${applied}".`
              : 'This toolkit has no tools.'
            : `${applied ? 'Best matches' : 'Tools'} ${formatNumber(offset + 1)} to ${formatNumber(offset + page.items.length)} of ${formatNumber(page.total)}`}
        </p>
      ) : null}
      {page ? (
        <ul class="card-list" data-testid="tool-list">
          {page.items.map((tool) => (
            <ToolItem key={tool.slug} tool={tool} />
          ))}
        </ul>
      ) : null}
      {page && page.total > TOOLS_PER_PAGE ? (
        <nav class="pager" aria-label="Tool pages">
          <button type="button" class="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - TOOLS_PER_PAGE))}>
            Previous
          </button>
          <button
            type="button"
            class="button"
            disabled={offset + TOOLS_PER_PAGE >= page.total}
            onClick={() => setOffset(offset + TOOLS_PER_PAGE)}
            data-testid="tools-next"
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function ToolItem({ tool }: { tool: Tool }) {
  return (
    <li class="card" data-testid="tool-item" data-tool-slug={tool.slug}>
      <details>
        <summary>
          <span class="item-title">
            <strong>{tool.name}</strong> <code class="small break">{tool.slug}</code>
            {tool.deprecated ? (
              <>
                {' '}
                <StateBadge label="Deprecated" tone="warn" />
              </>
            ) : null}
          </span>
        </summary>
        <p>{tool.description}</p>
        <p class="small">
          <strong>Scopes:</strong>{' '}
          {tool.scopes === null
            ? 'not declared in the catalog'
            : tool.scopes.length === 0
              ? 'none needed'
              : tool.scopes.map((s, i) => (
                  <span key={s}>
                    {i > 0 ? ', ' : ''}
                    <code>{s}</code>
                  </span>
                ))}
        </p>
        <h3 class="small-heading">Input</h3>
        <SchemaView schema={tool.input} />
      </details>
    </li>
  );
}
