/**
 * Connection fields (`connectionConfig`): per-connection strings an auth method declares in
 * `connectionFields` (a subdomain, a region) that `baseUrl`, `allowedHosts`, OAuth URLs and tool
 * paths use as `{connectionConfig.<name>}`. Checked at load (every placeholder declared; a host
 * placeholder is followed by a fixed domain), validated at initiate/connect, rendered per call.
 *
 * Safety: every value is one DNS label (letters, digits, inner hyphens), checked at validation and
 * again at rendering, and escaped. So a value can only fill its slot: it cannot add a host, a port,
 * userinfo, a path separator or a dot segment, and a host template always stays under its fixed
 * domain (never an IP literal). Docs: docs/guides/catalog.md, "Connection fields".
 */
import { badRequest } from '../errors.js';
import type { AuthMethodDef, OAuth2Config, ToolFile, ToolkitFile } from './catalog-schema.js';
import { createInputAjv, formatAjvErrors, pointerToDotted, type SchemaProblem, type ValidateFunction } from './json-schema-validator.js';

export type ConnectionConfig = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{connectionConfig\.([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** One DNS label: what any connection field value must be. */
const SAFE_VALUE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const SAFE_VALUE_RULE = 'must be a single DNS label (letters, digits and inner hyphens, 1 to 63 characters)';
/** What follows the last placeholder of a templated host: the rest of a label, then at least two fixed labels, the last not numeric. */
const FIXED_DOMAIN_SUFFIX = /^[A-Za-z0-9-]*(\.[A-Za-z0-9-]+)+\.[A-Za-z][A-Za-z0-9-]*$/;

/** `{connectionConfig.<name>}` names in a template, in order (duplicates kept). */
export function connectionConfigNames(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** The host (and port) part of an http(s) URL template, as written. */
function authorityOf(url: string): string {
  return /^[a-z]+:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
}

/** True when the URL's host depends on a connection field (then it is never a private host). */
export function hasTemplatedHost(url: string): boolean {
  return authorityOf(url).includes('{');
}

/** Why a templated host or allowedHosts entry is unsafe; undefined when it is fine or not templated. */
function hostTemplateProblem(authority: string): string | undefined {
  if (!authority.includes('{')) return undefined;
  if (authority.includes('@')) return 'a templated host must not contain userinfo ("@")';
  const host = authority.replace(/:[0-9]{1,5}$/, '');
  if (host.includes(':')) return 'a {connectionConfig.<name>} placeholder cannot be used in the port';
  const suffix = host.slice(host.lastIndexOf('}') + 1);
  if (!FIXED_DOMAIN_SUFFIX.test(suffix)) {
    return 'a host placeholder must be followed by a fixed domain of at least two labels, e.g. {connectionConfig.subdomain}.example.com';
  }
  return undefined;
}

/** Fields a method declares that always have a value (required, or with a default). */
function alwaysSet(method: AuthMethodDef): Set<string> {
  const f = method.connectionFields;
  if (!f) return new Set();
  const required = new Set(f.required ?? []);
  return new Set(Object.entries(f.properties).filter(([n, p]) => required.has(n) || p.default !== undefined).map(([n]) => n));
}

function undeclared(names: string[], methods: readonly AuthMethodDef[]): string[] {
  return [...new Set(names)].filter((n) => methods.length === 0 || methods.some((m) => !alwaysSet(m).has(n)));
}

function placeholderProblem(name: string, methods: readonly AuthMethodDef[]): string {
  if (methods.length === 0) return `{connectionConfig.${name}} needs an auth method that declares it (this toolkit has none)`;
  const missing = methods.filter((m) => !alwaysSet(m).has(name)).map((m) => m.id);
  return `{connectionConfig.${name}} must be a required (or defaulted) connectionFields property of every auth method using it; missing in: ${missing.join(', ')}`;
}

/** Loader checks of a toolkit's connection fields and templates (pointers into toolkit.json). */
export function connectionTemplateProblems(tk: ToolkitFile): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const urlCheck = (path: string, url: string, methods: readonly AuthMethodDef[], allowToken = false) => {
    const stray = url.replace(PLACEHOLDER, '').replace(allowToken ? '{token}' : '', '');
    if (/[{}]/.test(stray)) problems.push({ path, message: 'only {connectionConfig.<name>} placeholders are allowed here' });
    const hostProblem = hostTemplateProblem(authorityOf(url));
    if (hostProblem) problems.push({ path, message: hostProblem });
    for (const n of undeclared(connectionConfigNames(url), methods)) problems.push({ path, message: placeholderProblem(n, methods) });
  };
  urlCheck('/baseUrl', tk.baseUrl, tk.authMethods);
  tk.allowedHosts.forEach((h, i) => {
    const hostProblem = hostTemplateProblem(h);
    if (hostProblem) problems.push({ path: `/allowedHosts/${i}`, message: hostProblem });
    for (const n of undeclared(connectionConfigNames(h), tk.authMethods)) {
      problems.push({ path: `/allowedHosts/${i}`, message: placeholderProblem(n, tk.authMethods) });
    }
  });
  tk.authMethods.forEach((m, i) => {
    const at = `/authMethods/${i}`;
    (m.connectionFields?.required ?? []).forEach((r, k) => {
      if (!Object.hasOwn(m.connectionFields!.properties, r)) {
        problems.push({ path: `${at}/connectionFields/required/${k}`, message: `names no connection field "${r}"` });
      }
    });
    for (const [name, prop] of Object.entries(m.connectionFields?.properties ?? {})) {
      for (const v of [...(prop.enum ?? []), ...(prop.default !== undefined ? [prop.default] : [])]) {
        if (!SAFE_VALUE.test(v)) problems.push({ path: `${at}/connectionFields/properties/${name}`, message: `value "${v}" ${SAFE_VALUE_RULE}` });
      }
    }
    if (m.kind !== 'oauth2') return;
    urlCheck(`${at}/oauth2/authorizeUrl`, m.oauth2.authorizeUrl, [m]);
    urlCheck(`${at}/oauth2/tokenUrl`, m.oauth2.tokenUrl, [m]);
    if (m.oauth2.revocation) urlCheck(`${at}/oauth2/revocation/url`, m.oauth2.revocation.url, [m], true);
  });
  return problems;
}

/** Loader check of one tool's path: its connectionConfig placeholders are declared by every auth method. */
export function toolPathConnectionProblems(tool: ToolFile, tk: ToolkitFile): SchemaProblem[] {
  return undeclared(connectionConfigNames(tool.request.path), tk.authMethods).map((n) => ({
    path: '/request/path',
    message: placeholderProblem(n, tk.authMethods),
  }));
}

/** One placeholder's value, checked and escaped (400 naming the field when missing or unsafe). */
export function connectionConfigValue(name: string, config: ConnectionConfig | null | undefined): string {
  const value = config?.[name];
  if (value === undefined || value === '') {
    throw badRequest(`connectionConfig.${name} is required by this toolkit; connect again giving it`, {
      errors: [{ field: `connectionConfig.${name}`, message: 'is required' }],
    });
  }
  if (!SAFE_VALUE.test(value)) {
    throw badRequest(`connectionConfig.${name} ${SAFE_VALUE_RULE}`, { errors: [{ field: `connectionConfig.${name}`, message: SAFE_VALUE_RULE }] });
  }
  return encodeURIComponent(value);
}

/** A template with its `{connectionConfig.<name>}` placeholders filled from the connection. */
export function renderConnectionTemplate(template: string, config: ConnectionConfig | null | undefined): string {
  return template.includes('{connectionConfig.') ? template.replace(PLACEHOLDER, (_, name: string) => connectionConfigValue(name, config)) : template;
}

/** The OAuth endpoints of a method for one connection (a copy; the catalog's stays a template). */
export function renderOAuth2(oauth: OAuth2Config, config: ConnectionConfig | null | undefined): OAuth2Config {
  const r = (url: string) => renderConnectionTemplate(url, config);
  return {
    ...oauth,
    authorizeUrl: r(oauth.authorizeUrl),
    tokenUrl: r(oauth.tokenUrl),
    revocation: oauth.revocation ? { ...oauth.revocation, url: r(oauth.revocation.url) } : null,
  };
}

/** Where a connection's calls may go: the toolkit's base URL and allowed hosts, rendered for it. */
export function connectionTarget(tk: ToolkitFile, config: ConnectionConfig | null | undefined): { baseUrl: string; allowedHosts: string[] } {
  return { baseUrl: renderConnectionTemplate(tk.baseUrl, config), allowedHosts: tk.allowedHosts.map((h) => renderConnectionTemplate(h, config)) };
}

const validators = new WeakMap<object, ValidateFunction>();
let ajv: ReturnType<typeof createInputAjv> | undefined;

/**
 * Checks a caller's connectionConfig against the method's connectionFields (400 naming each field,
 * e.g. `connectionConfig.subdomain is required`) and returns it with defaults applied. A method
 * without connectionFields keeps the caller's object as opaque data (stored, never rendered).
 */
export function validateConnectionConfig(method: AuthMethodDef, given: Record<string, string> | undefined): Record<string, string> | null {
  const fields = method.connectionFields;
  if (!fields) return given ?? null;
  let validate = validators.get(fields);
  if (!validate) validators.set(fields, (validate = (ajv ??= createInputAjv()).compile(fields)));
  const value: Record<string, string> = { ...(given ?? {}) };
  const errors = validate(value)
    ? []
    : formatAjvErrors(validate.errors).map((p) => ({ field: `connectionConfig${p.path ? `.${pointerToDotted(p.path)}` : ''}`, message: p.message }));
  for (const name of Object.keys(fields.properties)) {
    const v = value[name];
    if (typeof v === 'string' && !SAFE_VALUE.test(v) && !errors.some((e) => e.field === `connectionConfig.${name}`)) {
      errors.push({ field: `connectionConfig.${name}`, message: SAFE_VALUE_RULE });
    }
  }
  if (errors.length > 0) {
    throw badRequest(`Invalid connectionConfig: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, { errors });
  }
  return Object.keys(value).length > 0 ? value : null;
}
