/**
 * What schema validation cannot catch in a rendered tool call (issue 12): an argument bound for a
 * header carrying CR/LF or control characters, and an argument that cannot be percent-encoded
 * (a lone surrogate, URIError). Both are 400s naming the argument, never a 500.
 */
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { BrokerError } from '../../../src/errors.js';
import { renderRequest } from '../../../src/catalog/request-template.js';

const extra = fileURLToPath(new URL('../../fixtures/catalog-extra', import.meta.url));
const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, extra] });
const render = (slug: string, args: Record<string, unknown>) => {
  const e = catalog.getToolEntry(slug)!;
  return renderRequest(e.toolkit, e.tool, args);
};

function refusal(fn: () => unknown): { status: number; fields: string[] } {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof BrokerError)) throw err;
    return { status: err.status, fields: ((err.data as { errors?: { field: string }[] })?.errors ?? []).map((e) => e.field) };
  }
  throw new Error('expected a refusal');
}

t.test('an argument bound for a header must be a valid header value', async (t) => {
  const ok = render('ACME_CREATE_WIDGET', { project: 'p', name: 'w', requestId: 'req-1\tok' });
  t.equal(ok.headers['X-Request-Id'], 'req-1\tok');
  for (const bad of ['a\r\nX-Injected: 1', 'a\nb', 'a\u0000b', 'a\u007fb', 'snow ☃']) {
    t.same(refusal(() => render('ACME_CREATE_WIDGET', { project: 'p', name: 'w', requestId: bad })), { status: 400, fields: ['requestId'] }, JSON.stringify(bad));
  }
});

t.test('an argument that cannot be percent-encoded is a 400 naming it', async (t) => {
  t.same(refusal(() => render('ACME_CREATE_WIDGET', { project: 'p\ud800', name: 'w' })), { status: 400, fields: ['project'] }, 'raw path parameter');
  t.same(refusal(() => render('HUBSPOT_CONTACTS_GET', { contactId: '\udc00' })), { status: 400, fields: ['contactId'] }, 'path parameter');
  t.same(refusal(() => render('ACME_CREATE_WIDGET', { project: 'p', name: 'w', labels: ['ok', 'x\ud800'] })), { status: 400, fields: ['labels'] }, 'query array');
  // A literal percent sign is data, escaped, not decoded.
  t.match(render('ACME_CREATE_WIDGET', { project: 'a%zz', name: 'w' }).url, /\/projects\/a%25zz\/widgets/);
});
