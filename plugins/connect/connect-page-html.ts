/**
 * The hosted connect pages: the OAuth "continue" page, the credential form built from the auth
 * method's credential JSON Schema (titles, descriptions, required, secrets as password inputs),
 * the success page and the message pages. They name the toolkit and the project and never show
 * internal ids or raw field names where the schema has a title.
 *
 * Stable hooks for browser tests: the form is `#connect-form` (without an action, so it posts to
 * the page's own URL and the token never appears in the page), its button `#connect-submit` reads
 * "Connect" or "Continue to <Toolkit>", each input is named by its credential field with id
 * `field-<name>` and a `<label for>`, refusals are listed in `#form-errors`, and the headline is
 * `#page-title` with `#toolkit-name` and `#project-name` beside it.
 * Everything interpolated is escaped; the pages load nothing and run no script.
 */
import type { DirectAuthMethodDef } from '../../src/catalog/catalog-schema.js';
import type { FieldProblem, LinkPage } from '../../src/connections/connect-link-service.js';
import { escapeHtml, layout, messagePage, type PageTone } from './page-layout.js';

type CredentialProperty = DirectAuthMethodDef['credentials']['properties'][string];

const ACRONYMS = new Set(['api', 'id', 'url', 'uri', 'ip', 'oauth', 'ssh', 'sso', 'pat']);
const SECRET_FIELD = /pass|secret|key|token/i;
const DESCRIPTION_MAX = 180;

/** `api_key` -> "API key", `clientId` -> "Client ID": a label for a field the schema gave no title. */
function humanizeFieldName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase().replace('OAUTH', 'OAuth') : w.toLowerCase()));
  const text = words.join(' ') || name;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const labelOf = (name: string, prop: CredentialProperty) => prop.title?.trim() || humanizeFieldName(name);
const isSecret = (name: string, prop: CredentialProperty) => prop.format === 'password' || SECRET_FIELD.test(name);
const fieldId = (name: string) => `field-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** "API key" stays, "Username" reads "username" inside a sentence. */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);

function shorten(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2)).replace(/[\s,;:]+$/, '')}…`;
}

/** A coloured initial stands in for the logo: the catalog's logos are third-party URLs the page must not load. */
function brand(page: LinkPage): string {
  const { name, slug, description } = page.toolkit;
  const initial = (Array.from(name.trim())[0] ?? '?').toUpperCase();
  const colour = [...slug].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 5, 0);
  const about = description ? `<p class="muted" id="toolkit-description">${escapeHtml(shorten(description))}</p>` : '';
  return `<div class="brand"><span class="mark c${colour}" aria-hidden="true">${escapeHtml(initial)}</span>
<div><p class="name" id="toolkit-name">${escapeHtml(name)}</p>${about}</div></div>`;
}

/** The small print: where the user goes afterwards, and that the link works once until a time. */
function footnote(page: LinkPage, extra = ''): string {
  const after = page.callbackUrl ? ` Afterwards you return to ${escapeHtml(new URL(page.callbackUrl).host)}.` : '';
  const until = `${page.expiresAt.toISOString().slice(11, 16)} UTC`;
  return `<p class="muted foot">${extra}${after} This link works once and expires at ${until}.</p>`;
}

// A reconnect link brings back an account the application already had: the user reads that first.
const heading = (page: LinkPage) =>
  `<h1 id="page-title">${page.reconnect ? 'Reconnect' : 'Connect'} your ${escapeHtml(page.toolkit.name)} account</h1>`;
const project = (page: LinkPage) => `<strong id="project-name">${escapeHtml(page.projectName)}</strong>`;

/** An OAuth link: the user's click (a POST) uses the link and goes to the provider's consent. */
export function renderContinuePage(opts: { page: LinkPage }): string {
  const { page } = opts;
  const toolkit = escapeHtml(page.toolkit.name);
  return layout(
    `Connect ${page.toolkit.name}`,
    `${brand(page)}
${heading(page)}
<p>${project(page)} is asking to use your ${toolkit} account. You sign in at ${toolkit} and choose what to allow there; ${escapeHtml(page.projectName)} does not see your password.</p>
<form method="post" id="connect-form">
<button type="submit" id="connect-submit">Continue to ${toolkit}</button>
</form>
${footnote(page)}`,
  );
}

/** A refusal in words: the schema's "is required" as an instruction, others after the label. */
function problemText(label: string, message: string): string {
  if (message === 'is required') return `Enter your ${inSentence(label)}.`;
  return `${label} ${message}.`;
}

function renderField(name: string, prop: CredentialProperty, required: boolean, value: string | undefined, problem?: string): string {
  const id = fieldId(name);
  const label = labelOf(name, prop);
  const hint = prop.description ? `<span class="hint" id="${id}-hint">${escapeHtml(prop.description)}</span>` : '';
  const error = problem ? `<p class="field-error" id="${id}-error">${escapeHtml(problem)}</p>` : '';
  const describedBy = [prop.description ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  // `name` then `type` first: the element reads as what it is when the page source is searched.
  const common = [
    required ? 'required' : '',
    describedBy ? `aria-describedby="${describedBy}"` : '',
    problem ? 'aria-invalid="true"' : '',
  ].filter(Boolean);
  const marker = required ? '<span class="req" aria-hidden="true"> *</span>' : ' <span class="muted">(optional)</span>';
  const fallback = typeof prop.default === 'string' ? prop.default : undefined;
  let control: string;
  if (Array.isArray(prop.enum) && prop.enum.every((v) => typeof v === 'string')) {
    const chosen = value ?? fallback;
    const options = (prop.enum as string[]).map(
      (v) => `<option value="${escapeHtml(v)}"${v === chosen ? ' selected' : ''}>${escapeHtml(v)}</option>`,
    );
    const blank = required ? '' : '<option value=""></option>';
    control = `<select ${[`id="${id}"`, `name="${escapeHtml(name)}"`, ...common].join(' ')}>${blank}${options.join('')}</select>`;
  } else {
    const secret = isSecret(name, prop);
    // A secret is never written back into the page, even after a refused submission.
    const shown = secret ? undefined : (value ?? fallback);
    const attrs = [
      `id="${id}"`,
      `name="${escapeHtml(name)}"`,
      `type="${secret ? 'password' : 'text'}"`,
      ...common,
      typeof prop.maxLength === 'number' ? `maxlength="${prop.maxLength}"` : '',
      shown ? `value="${escapeHtml(shown)}"` : '',
      'autocomplete="off" autocapitalize="off" spellcheck="false"',
    ].filter(Boolean);
    control = `<input ${attrs.join(' ')}>`;
  }
  return `<div class="field">
<label for="${id}">${escapeHtml(label)}${marker}</label>
${hint}${control}${error}
</div>`;
}

/** A credential link: the form from the schema; after a refused POST, the problems and non-secret values. */
export function renderCredentialForm(opts: {
  page: LinkPage;
  method: DirectAuthMethodDef;
  problems?: FieldProblem[];
  values?: Record<string, string>;
}): string {
  const { page, method } = opts;
  const { properties, required = [] } = method.credentials;
  const problems = (opts.problems ?? []).map((p) => {
    const prop = properties[p.field];
    const text = p.provider
      ? `What you entered was ${p.message}. Check it and try again.`
      : p.field === '' || !prop
        ? `This form could not be completed with this link. Ask ${page.projectName} for a new link.`
        : problemText(labelOf(p.field, prop), p.message);
    return { field: prop ? p.field : '', text };
  });
  const firstProblem = (name: string) => problems.find((p) => p.field === name)?.text;
  const fields = Object.entries(properties).map(([name, prop]) =>
    renderField(name, prop, required.includes(name), opts.values?.[name], firstProblem(name)),
  );
  const summary =
    problems.length === 0
      ? ''
      : `<div class="error" role="alert" id="form-errors"><h2>Check the form</h2><ul>${problems
          .map((p) => `<li>${p.field ? `<a href="#${fieldId(p.field)}">${escapeHtml(p.text)}</a>` : escapeHtml(p.text)}</li>`)
          .join('')}</ul></div>`;
  const legend = required.length > 0 ? '<p class="muted">Required fields are marked with <span class="req">*</span>.</p>' : '';
  return layout(
    `${problems.length > 0 ? 'Error: ' : ''}Connect ${page.toolkit.name}`,
    `${brand(page)}
${heading(page)}
<p>${project(page)} is asking for your ${escapeHtml(method.displayName)} to connect your ${escapeHtml(page.toolkit.name)} account.</p>
${summary}<form method="post" id="connect-form">
${legend}${fields.join('\n')}
<button type="submit" id="connect-submit">Connect</button>
</form>
${footnote(page, `What you enter is stored encrypted and used only for requests ${escapeHtml(page.projectName)} makes to ${escapeHtml(page.toolkit.name)} for you.`)}`,
  );
}

/** The connection is made and no callback URL was given: say so, and that the window may close. */
export function renderDonePage(page: LinkPage): string {
  return messagePage({
    title: 'Connected',
    message: `Your ${page.toolkit.name} account is now connected${page.reconnect ? ' again' : ''} to ${page.projectName}. You can close this window.`,
    tone: 'ok',
  });
}

/** The way back to the application after a failure: the callback URL with status=failed. */
export function failedReturn(callbackUrl: string, connectionId: string): { href: string; label: string } {
  const target = new URL(callbackUrl);
  target.searchParams.set('status', 'failed');
  target.searchParams.set('connectionId', connectionId);
  return { href: target.toString(), label: `Return to ${target.host}` };
}

export function renderMessagePage(title: string, message: string, tone: PageTone = 'bad', back?: { href: string; label: string }): string {
  return messagePage({ title, message, tone, ...(back ? { back } : {}) });
}
