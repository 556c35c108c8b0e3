/**
 * The Playground: run any tool for one of the project's ACTIVE connections and see exactly what
 * happened: the request as the broker sent it (credentials masked), the provider's status,
 * headers and body, or the broker's refusal, with a link to the run's execution record. The
 * arguments come from a form generated from the tool's input schema or from raw JSON (the two
 * show the same call), and the call can be copied as curl, TypeScript (the SDK) or an MCP
 * `tools/call`. `?tool=SLUG&connection=ID` in the address preselects both.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { StateBadge } from '../components/badges';
import { CopyButton } from '../components/copy-button';
import { Empty, ErrorNotice, Loading } from '../components/notice';
import { useSubmit } from '../components/use-submit';
import { canManage, formatNumber } from '../format';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { hashQuery, href, playgroundHref } from '../router';
import {
  argumentsFromTexts,
  callSnippets,
  formFields,
  parseArgumentsJson,
  textsFromArguments,
  type FormField,
  type FormTexts,
} from '../schema-form';
import type { Connection, Page, Project, PlaygroundTool as Tool, ToolRun, ToolSummary } from '../types';

type ToolsPath = `/orgs/${string}/projects/${string}/playground/tools`;

export function Playground({ project }: { project: Project }) {
  const { org } = useOrg();
  const base: ToolsPath = `${projectPath(org.id, project.id)}/playground/tools`;
  // The address's choice, read once: later choices write it back (replaceState, no navigation).
  const [initial] = useState(() => ({ tool: hashQuery().get('tool') ?? '', connection: hashQuery().get('connection') ?? '' }));
  const [toolSlug, setToolSlug] = useState(initial.tool);
  const [connectionId, setConnectionId] = useState(initial.connection);

  // A link followed while here (another tool's deep link) chooses again.
  useEffect(() => {
    const follow = () => {
      const query = hashQuery();
      setToolSlug(query.get('tool') ?? '');
      setConnectionId(query.get('connection') ?? '');
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  useEffect(() => {
    const target = playgroundHref(org.id, project.id, { tool: toolSlug, connection: connectionId });
    if (location.hash !== target) history.replaceState(null, '', target);
  }, [org.id, project.id, toolSlug, connectionId]);

  return (
    <section aria-labelledby="playground-heading">
      <h2 id="playground-heading">Playground</h2>
      <p class="muted">
        Run a tool for one of your connections and see exactly what was sent to the provider and what it answered. Each run is a real call
        through the same path as <code>POST /api/v1/tools/{'{slug}'}/execute</code>: it acts on the end user's account and is recorded under
        Executions.
      </p>
      <ToolPicker
        key={toolSlug}
        base={base}
        toolSlug={toolSlug}
        onPick={(slug) => {
          setToolSlug(slug);
          if (slug !== toolSlug) setConnectionId('');
        }}
      />
      {toolSlug ? (
        <ToolRunner
          key={toolSlug}
          base={base}
          project={project}
          toolSlug={toolSlug}
          connectionId={connectionId}
          onConnection={setConnectionId}
        />
      ) : null}
    </section>
  );
}

function ToolPicker({ base, toolSlug, onPick }: { base: ToolsPath; toolSlug: string; onPick: (slug: string) => void }) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(!toolSlug);
  const results = useLoad(
    () => (open ? api.get<{ items: ToolSummary[]; total: number }>(base, { search: search.trim(), limit: 8 }) : Promise.resolve(null)),
    [base, search, open],
  );
  if (!open && toolSlug)
    return (
      <div class="button-row playground-chosen">
        <span>
          Tool: <code data-testid="playground-tool">{toolSlug}</code>
        </span>
        <button type="button" class="link-button" onClick={() => setOpen(true)} data-testid="playground-change-tool">
          Choose another tool
        </button>
      </div>
    );
  return (
    <div class="playground-picker">
      <div class="field">
        <label for="playground-search">Tool</label>
        <input
          id="playground-search"
          type="search"
          value={search}
          placeholder="create contact, HUBSPOT_CONTACTS_CREATE, shorten link…"
          onInput={(e) => setSearch(e.currentTarget.value)}
          data-testid="playground-search"
        />
        <p class="hint">Search by what the tool does, its name or its slug.</p>
      </div>
      <ErrorNotice error={results.error} />
      {results.data?.items.length === 0 ? <Empty>No tool matches “{search}”.</Empty> : null}
      {results.data && results.data.items.length > 0 ? (
        <ul class="tool-results" aria-label="Matching tools">
          {results.data.items.map((tool) => (
            <li key={tool.slug}>
              <button
                type="button"
                class="tool-result"
                onClick={() => {
                  onPick(tool.slug);
                  setOpen(false);
                }}
                data-testid="playground-tool-option"
              >
                <span>
                  <strong>{tool.name}</strong> <span class="muted small">({tool.toolkit})</span>
                </span>
                <code class="small">{tool.slug}</code>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {toolSlug ? (
        <button type="button" class="link-button" onClick={() => setOpen(false)}>
          Keep {toolSlug}
        </button>
      ) : null}
    </div>
  );
}

type Mode = 'form' | 'json';

function ToolRunner(props: {
  base: ToolsPath;
  project: Project;
  toolSlug: string;
  connectionId: string;
  onConnection: (id: string) => void;
}) {
  const { base, project, toolSlug, connectionId, onConnection } = props;
  const { org } = useOrg();
  const tool = useLoad(() => api.get<Tool>(`${base}/${encodeURIComponent(toolSlug)}`), [base, toolSlug]);
  const toolkit = tool.data?.toolkit;
  const connections = useLoad(
    () =>
      toolkit
        ? api.get<Page<Connection>>(`${projectPath(org.id, project.id)}/connections`, { status: 'ACTIVE', toolkit, limit: 200 })
        : Promise.resolve(null),
    [org.id, project.id, toolkit],
  );
  const usable = (connections.data?.items ?? []).filter((c) => !c.disabled);
  const chosen = usable.find((c) => c.id === connectionId);
  // Preselect the first usable connection when the address named none (or one not usable).
  useEffect(() => {
    if (connections.data && !chosen && usable[0]) onConnection(usable[0].id);
  }, [connections.data, chosen?.id]);

  const fields = useMemo(() => formFields(tool.data?.inputParameters), [tool.data]);
  const [mode, setMode] = useState<Mode>('form');
  const [texts, setTexts] = useState<FormTexts>({});
  const [extra, setExtra] = useState<Record<string, unknown>>({});
  const [jsonText, setJsonText] = useState('{}');
  const [modeError, setModeError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ToolRun | null>(null);
  const submit = useSubmit();
  const manage = canManage(org.role);

  const current = mode === 'form' ? argumentsFromTexts(fields, texts, extra) : parseArgumentsJson(jsonText);
  const args = current.ok ? current.value : null;

  function switchTo(next: Mode) {
    setModeError(null);
    if (next === mode) return;
    if (next === 'json') {
      const read = argumentsFromTexts(fields, texts, extra);
      if (!read.ok) {
        setFieldErrors(read.errors);
        setModeError('Fix the fields marked below before switching to JSON.');
        return;
      }
      setJsonText(JSON.stringify(read.value, null, 2));
    } else {
      const read = parseArgumentsJson(jsonText);
      if (!read.ok) {
        setModeError(read.message);
        return;
      }
      const back = textsFromArguments(fields, read.value);
      setTexts(back.texts);
      setExtra(back.extra);
    }
    setFieldErrors({});
    setMode(next);
  }

  async function run(e: Event) {
    e.preventDefault();
    if (mode === 'form') {
      const read = argumentsFromTexts(fields, texts, extra);
      setFieldErrors(read.ok ? {} : read.errors);
      if (!read.ok) return;
    } else {
      const read = parseArgumentsJson(jsonText);
      if (!read.ok) {
        setModeError(read.message);
        return;
      }
    }
    setModeError(null);
    await submit.run(async () => {
      setResult(null);
      setResult(await api.post<ToolRun>(`${base}/${encodeURIComponent(toolSlug)}/execute`, { connectionId, arguments: args ?? {} }));
    });
  }

  if (tool.error) return <ErrorNotice error={tool.error} />;
  if (!tool.data) return <Loading what="Loading the tool" />;
  const t = tool.data;
  const connectionsHref = href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'connections' });
  return (
    <>
      <div class="card playground-tool">
        <h3>
          {t.name} <span class="muted small">({t.toolkit})</span>
        </h3>
        <p class="small playground-description">{t.description}</p>
      </div>

      <form class="form playground-form" onSubmit={(e) => void run(e)} aria-labelledby="playground-arguments-heading">
        <div class="field">
          <label for="playground-connection">Connection</label>
          {connections.error ? <ErrorNotice error={connections.error} /> : null}
          {connections.loading && !connections.data ? <Loading what="Loading the connections" /> : null}
          {connections.data && usable.length === 0 ? (
            <p class="notice notice-info" data-testid="playground-no-connection">
              This project has no ACTIVE connection of {t.toolkit} yet, so the tool cannot run here.{' '}
              <a href={connectionsHref}>Go to Connections</a> to connect an end user's account, then come back.
            </p>
          ) : null}
          {usable.length > 0 ? (
            <>
              <select
                id="playground-connection"
                value={chosen?.id ?? ''}
                onChange={(e) => onConnection(e.currentTarget.value)}
                data-testid="playground-connection"
              >
                {usable.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.entityId} · {c.id}
                    {c.alias ? ` · ${c.alias}` : ''}
                  </option>
                ))}
              </select>
              <p class="hint">ACTIVE, enabled connections of {t.toolkit}, by end user.</p>
            </>
          ) : null}
        </div>

        <div class="section-head">
          <h3 id="playground-arguments-heading">Arguments</h3>
          <div class="segmented" role="group" aria-label="How to write the arguments">
            <button
              type="button"
              class="button button-small"
              aria-pressed={mode === 'form'}
              onClick={() => switchTo('form')}
              data-testid="mode-form"
            >
              Form
            </button>
            <button
              type="button"
              class="button button-small"
              aria-pressed={mode === 'json'}
              onClick={() => switchTo('json')}
              data-testid="mode-json"
            >
              JSON
            </button>
          </div>
        </div>
        <ErrorNotice message={modeError} />
        {mode === 'form' ? (
          <SchemaForm fields={fields} texts={texts} errors={fieldErrors} onChange={(name, text) => setTexts({ ...texts, [name]: text })} />
        ) : (
          <div class="field">
            <label for="playground-json">Arguments as JSON</label>
            <textarea
              id="playground-json"
              class="code-input"
              rows={Math.min(20, Math.max(6, jsonText.split('\n').length + 1))}
              value={jsonText}
              onInput={(e) => setJsonText(e.currentTarget.value)}
              spellcheck={false}
              data-testid="playground-json"
            />
            <p class="hint">An object with the tool's arguments; switching back to the form keeps them.</p>
          </div>
        )}
        {Object.keys(extra).length > 0 && mode === 'form' ? (
          <p class="hint">Also sent, from the JSON: {Object.keys(extra).join(', ')} (not in the tool's schema).</p>
        ) : null}
        <ErrorNotice message={submit.error} />
        <div class="button-row">
          <button type="submit" class="button button-primary" disabled={!manage || !chosen || submit.busy} data-testid="playground-run">
            {submit.busy ? 'Running…' : 'Run'}
          </button>
          {!manage ? <span class="hint">Only admins and owners can run tools; you can still prepare a call and copy it.</span> : null}
        </div>
      </form>

      {result ? <RunResult run={result} project={project} /> : null}
      {args && chosen ? <CopyAs toolSlug={toolSlug} connection={chosen} args={args} /> : null}
    </>
  );
}

function SchemaForm(props: {
  fields: FormField[];
  texts: FormTexts;
  errors: Record<string, string>;
  onChange: (name: string, text: string) => void;
}) {
  const { fields, texts, errors, onChange } = props;
  if (fields.length === 0) return <p class="muted">This tool takes no arguments.</p>;
  return (
    <div class="schema-form" data-testid="playground-form">
      {fields.map((f) => {
        const id = `arg-${f.name}`;
        const hintId = `${id}-hint`;
        const text = texts[f.name] ?? '';
        const common = {
          id,
          name: f.name,
          'aria-describedby': hintId,
          'aria-invalid': errors[f.name] ? true : undefined,
          'data-testid': `arg-${f.name}`,
        };
        return (
          <div class="field" key={f.name}>
            <label for={id}>
              {f.name}
              {f.required ? (
                <span class="required" title="required">
                  {' '}
                  * <span class="visually-hidden">(required)</span>
                </span>
              ) : null}{' '}
              <span class="muted small">{f.kind === 'json' ? 'JSON' : f.kind}</span>
            </label>
            {f.kind === 'enum' ? (
              <select {...common} value={text} onChange={(e) => onChange(f.name, e.currentTarget.value)}>
                <option value="">(not set)</option>
                {f.options.map((o) => (
                  <option key={JSON.stringify(o)} value={JSON.stringify(o)}>
                    {typeof o === 'string' ? o : JSON.stringify(o)}
                  </option>
                ))}
              </select>
            ) : f.kind === 'boolean' ? (
              <select {...common} value={text} onChange={(e) => onChange(f.name, e.currentTarget.value)}>
                <option value="">(not set)</option>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            ) : f.kind === 'json' ? (
              <textarea
                {...common}
                class="code-input"
                rows={Math.min(12, Math.max(3, text.split('\n').length + 1))}
                value={text}
                spellcheck={false}
                onInput={(e) => onChange(f.name, e.currentTarget.value)}
              />
            ) : f.kind === 'string' ? (
              <input {...common} type="text" value={text} onInput={(e) => onChange(f.name, e.currentTarget.value)} />
            ) : (
              <input
                {...common}
                type="number"
                step={f.kind === 'integer' ? 1 : 'any'}
                value={text}
                onInput={(e) => onChange(f.name, e.currentTarget.value)}
              />
            )}
            <p class="hint" id={hintId}>
              {errors[f.name] ? <span class="field-error">{`${f.name} ${errors[f.name]}. `}</span> : null}
              {f.description ?? ''}
              {f.defaultValue !== undefined ? ` Default: ${JSON.stringify(f.defaultValue)}.` : ''}
            </p>
          </div>
        );
      })}
    </div>
  );
}

function pretty(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

function RunResult({ run, project }: { run: ToolRun; project: Project }) {
  const { org } = useOrg();
  const status = run.response?.status;
  const badge = run.error
    ? run.request
      ? { label: 'No answer', tone: 'error' as const }
      : { label: 'Refused by the broker', tone: 'warn' as const }
    : run.successful
      ? { label: `HTTP ${status}`, tone: 'ok' as const }
      : { label: `HTTP ${status}`, tone: 'error' as const };
  return (
    <section class="playground-result" aria-labelledby="playground-result-heading" data-testid="playground-result">
      <h3 id="playground-result-heading" class="section">
        Result <StateBadge label={badge.label} tone={badge.tone} />
      </h3>
      <dl class="facts">
        <div>
          <dt>Status</dt>
          <dd data-testid="playground-status">{status ?? (run.error ? `${run.error.status} (broker)` : '—')}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatNumber(run.durationMs)} ms</dd>
        </div>
        <div>
          <dt>Execution</dt>
          <dd>
            {run.executionId ? (
              <a
                href={href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'executions', item: run.executionId })}
                data-testid="playground-execution"
              >
                {run.executionId}
              </a>
            ) : (
              '—'
            )}
          </dd>
        </div>
        {run.error ? (
          <div class="facts-wide">
            <dt>Broker error</dt>
            <dd data-testid="playground-error">
              <code>{run.error.code}</code> {run.error.message}
            </dd>
          </div>
        ) : null}
      </dl>
      <h4>Request as sent</h4>
      {run.request ? (
        <>
          <pre class="json" data-testid="playground-request" tabIndex={0} aria-label="Request line and headers">
            {`${run.request.method} ${run.request.url}\n${headerLines(run.request.headers)}`}
          </pre>
          {run.request.body !== undefined ? (
            <pre class="json" data-testid="playground-request-body" tabIndex={0} aria-label="Request body">
              {pretty(run.request.body)}
            </pre>
          ) : null}
          <p class="hint">Credentials are masked ([REDACTED]) by the same rules as the broker's logs.</p>
        </>
      ) : (
        <p class="muted">Nothing was sent: the broker refused the call before reaching the provider.</p>
      )}
      <h4>Response</h4>
      {run.response ? (
        <>
          <pre class="json" data-testid="playground-response-headers" tabIndex={0} aria-label="Response status and headers">
            {`HTTP ${run.response.status}\n${headerLines(run.response.headers)}`}
          </pre>
          <pre class="json" data-testid="playground-response-body" tabIndex={0} aria-label="Response body">
            {pretty(run.response.body)}
          </pre>
        </>
      ) : (
        <p class="muted">{run.request ? 'The provider did not answer (see the error above).' : 'None.'}</p>
      )}
    </section>
  );
}

type Snippet = 'curl' | 'typescript' | 'mcp';
const SNIPPETS: { key: Snippet; label: string }[] = [
  { key: 'curl', label: 'curl' },
  { key: 'typescript', label: 'TypeScript' },
  { key: 'mcp', label: 'MCP tools/call' },
];

function CopyAs({ toolSlug, connection, args }: { toolSlug: string; connection: Connection; args: Record<string, unknown> }) {
  const [which, setWhich] = useState<Snippet>('curl');
  const snippets = callSnippets({ origin: location.origin, toolSlug, connectionId: connection.id, entityId: connection.entityId, args });
  const text = snippets[which];
  return (
    <section class="playground-copy" aria-labelledby="playground-copy-heading">
      <div class="section-head">
        <h3 id="playground-copy-heading">Copy as</h3>
        <div class="segmented" role="group" aria-label="Copy the call as">
          {SNIPPETS.map((s) => (
            <button
              key={s.key}
              type="button"
              class="button button-small"
              aria-pressed={which === s.key}
              onClick={() => setWhich(s.key)}
              data-testid={`copy-as-${s.key}`}
            >
              {s.label}
            </button>
          ))}
        </div>
      </div>
      <p class="hint">
        {which === 'curl' ? 'The native API with a project key in BROKER_API_KEY.' : null}
        {which === 'typescript' ? 'The TypeScript SDK (sdk/typescript) with a project key in BROKER_API_KEY.' : null}
        {which === 'mcp' ? (
          <>
            The JSON-RPC body to POST to <code>{snippets.mcpUrl}</code> with an agent session token (or a project key). MCP runs the end
            user's most recently updated ACTIVE connection of the toolkit, not a chosen one.
          </>
        ) : null}
      </p>
      <textarea
        id="playground-snippet"
        class="code-input"
        readOnly
        rows={Math.min(16, text.split('\n').length + 1)}
        value={text}
        spellcheck={false}
        aria-label={`The call as ${SNIPPETS.find((s) => s.key === which)!.label}`}
        data-testid="playground-snippet"
      />
      <CopyButton value={text} fieldId="playground-snippet" testId="copy-snippet" />
    </section>
  );
}
