/**
 * The hosted connect pages: a credential form built from the auth method's credential JSON
 * Schema, and short message pages (done, used, expired, invalid). Everything interpolated is
 * escaped; the pages load nothing and run no script (the route sends a CSP that forbids both).
 */
import type { DirectAuthMethodDef } from '../../src/catalog/catalog-schema.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:30rem;margin:4rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}small{color:#555}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}.error{color:#9b1c1c;background:#fdecec;padding:.5rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

const SECRET_FIELD = /pass|secret|key|token/i;

export function renderCredentialForm(opts: { toolkitName: string; method: DirectAuthMethodDef; action: string; error?: string }): string {
  const { properties, required = [] } = opts.method.credentials;
  const inputs = Object.entries(properties).map(([name, prop]) => {
    const id = `f_${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const label = prop.title ?? name.replace(/_/g, ' ');
    const type = SECRET_FIELD.test(name) ? 'password' : 'text';
    const req = required.includes(name) ? ' required' : '';
    const hint = prop.description ? `<small>${escapeHtml(prop.description)}</small>` : '';
    return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${escapeHtml(name)}" type="${type}" autocomplete="off"${req}>${hint}`;
  });
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  return page(
    `Connect ${opts.toolkitName}`,
    `<h1>Connect your ${escapeHtml(opts.toolkitName)} account</h1>
<p>${escapeHtml(opts.method.displayName)}. The values are stored encrypted and used only for calls you authorize.</p>
${error}<form method="post" action="${escapeHtml(opts.action)}">
${inputs.join('\n')}
<button type="submit">Connect</button></form>`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
