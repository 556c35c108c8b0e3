/**
 * The shell of every page an end user sees from the broker (hosted connect pages, the OAuth
 * callback's result, their error pages): one stylesheet, a card, and status icons. The pages load
 * nothing and run no script; the stylesheet is inline and allowed by its hash (STYLE_SRC), so a CSP
 * can forbid every other style. Readable at 360px, in light and dark mode, with visible focus and
 * text contrast of at least 4.5:1.
 */
import { createHash } from 'node:crypto';

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = [
  ':root{color-scheme:light dark;--bg:#f3f4f6;--card:#fff;--text:#1d2330;--muted:#4a5263;--line:#d0d5dd;--accent:#1f5eff;--on-accent:#fff;',
  '--focus:#1f5eff;--ok:#11693d;--bad:#a4161a;--bad-bg:#fdecec}',
  '@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#1a1d24;--text:#eef0f3;--muted:#b5bcc8;--line:#3a404c;--accent:#7aa2ff;',
  '--on-accent:#0b1020;--focus:#9dbbff;--ok:#5fd08f;--bad:#ff8a8a;--bad-bg:#3a1b1d}}',
  '*{box-sizing:border-box}',
  'body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{max-width:28rem;margin:2.5rem auto;padding:0 1rem}',
  '.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.5rem}',
  '.brand{display:flex;align-items:flex-start;gap:.75rem;margin-bottom:1.25rem}',
  '.brand p{margin:0}.brand .name{font-weight:700;font-size:1.0625rem}',
  '.mark{flex:none;width:2.75rem;height:2.75rem;border-radius:10px;display:flex;align-items:center;justify-content:center;',
  'font-weight:700;font-size:1.25rem;color:#fff;background:#3b4a6b}',
  '.mark.c1{background:#1f6f50}.mark.c2{background:#8a3b12}.mark.c3{background:#5b3a8c}.mark.c4{background:#0f5f7a}',
  'h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}',
  'p{margin:.5rem 0}.muted{color:var(--muted);font-size:.9375rem}',
  '.field{margin-top:1.125rem}label{display:block;font-weight:600}',
  '.hint{display:block;color:var(--muted);font-size:.875rem;margin:.125rem 0 .375rem}',
  'input,select{display:block;width:100%;font:inherit;padding:.625rem .75rem;border:1px solid var(--muted);border-radius:8px;',
  'background:var(--card);color:var(--text)}',
  'input[aria-invalid=true]{border:2px solid var(--bad)}',
  '.field-error{color:var(--bad);font-weight:600;font-size:.875rem;margin:.25rem 0 0}',
  '.req{color:var(--bad)}',
  'button,.button{display:block;width:100%;margin-top:1.5rem;padding:.75rem 1rem;font:inherit;font-weight:600;text-align:center;',
  'text-decoration:none;border:0;border-radius:8px;background:var(--accent);color:var(--on-accent);cursor:pointer}',
  'button:hover,.button:hover{filter:brightness(1.1)}',
  'a{color:var(--accent)}:focus-visible{outline:3px solid var(--focus);outline-offset:2px}',
  '.error{border-left:4px solid var(--bad);background:var(--bad-bg);padding:.75rem 1rem;border-radius:6px;margin:1rem 0}',
  '.error h2{font-size:1rem;margin:0 0 .25rem}.error ul{margin:0;padding-left:1.25rem}.error a{color:inherit}',
  '.icon{display:block;width:3rem;height:3rem;margin-bottom:.75rem}.icon.ok{color:var(--ok)}.icon.bad{color:var(--bad)}',
  '.foot{margin-top:1.25rem;padding-top:1rem;border-top:1px solid var(--line)}',
  '@media (max-width:400px){main{margin:1rem auto;padding:0 .75rem}.card{padding:1.125rem}h1{font-size:1.25rem}}',
].join('');

/** The CSP source that allows exactly this stylesheet and no other style. */
export const STYLE_SRC = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const ICONS = {
  ok: '<svg class="icon ok" aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="m7.5 12.5 3 3 6-6.5"/></svg>',
  bad: '<svg class="icon bad" aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="M12 7v6"/><path d="M12 16.5v.5"/></svg>',
} as const;

export type PageTone = keyof typeof ICONS;

/** A status icon (decorative: the heading says the same in words). */
const icon = (tone: PageTone): string => ICONS[tone];

/** A whole page: `body` is trusted HTML built by the callers, with every interpolation escaped. */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="same-origin"><meta name="robots" content="noindex,nofollow">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><div class="card">
${body}
</div></main></body></html>`;
}

/** A short result page: icon, heading, message, and an optional way back to the application. */
export function messagePage(opts: { title: string; message: string; tone: PageTone; back?: { href: string; label: string } }): string {
  const back = opts.back
    ? `\n<a class="button" id="return-link" href="${escapeHtml(opts.back.href)}">${escapeHtml(opts.back.label)}</a>`
    : '';
  return layout(
    opts.title,
    `${icon(opts.tone)}<h1 id="page-title">${escapeHtml(opts.title)}</h1>
<p>${escapeHtml(opts.message)}</p>${back}`,
  );
}
