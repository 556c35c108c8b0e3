/** The small page a user sees after the provider sends them back. */
import type { CallbackOutcome } from '../../src/connections/connection-service.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderCallbackPage(outcome: CallbackOutcome): string {
  const ok = outcome.status === 'ACTIVE';
  const title = ok ? 'Connected' : 'Connection failed';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}
h1{color:${ok ? '#17643a' : '#9b1c1c'}}code{background:#f3f3f3;padding:0 .2rem}</style></head>
<body><h1>${title}</h1><p>${escapeHtml(outcome.message)}</p>
${outcome.connectionId ? `<p>Connection: <code>${escapeHtml(outcome.connectionId)}</code></p>` : ''}
</body></html>`;
}
