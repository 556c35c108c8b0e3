/** HubSpot sandbox CRM: create/get/list/search/update/archive and the error shapes. */
import t, { type Test } from 'tap';
import { startHubspotSandbox } from '../../../sandbox/index.js';
import { call } from './helpers.js';

async function setup(t: Test) {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const token = hs.control.issueToken().access_token;
  const api = (path: string, init: Parameters<typeof call>[1] = {}) => call(`${hs.apiBaseUrl}/crm/v3/objects${path}`, { token, ...init });
  return { hs, api, token };
}

t.test('create, get (properties, idProperty, history, associations), update, archive', async (t) => {
  const { api } = await setup(t);
  const company = await api('/companies', {
    method: 'POST',
    body: { properties: { name: 'Acme', domain: 'acme.example.com', numberofemployees: 42 } },
  });
  t.equal(company.status, 201);
  t.match(company.body, {
    id: /^\d+$/,
    archived: false,
    properties: { name: 'Acme', numberofemployees: '42', hs_object_id: company.body.id },
  });
  t.ok(company.body.properties.createdate && company.body.properties.hs_lastmodifieddate, 'default properties');
  t.ok(Date.parse(company.body.createdAt) > 0 && company.body.updatedAt);

  const contact = await api('/contacts', {
    method: 'POST',
    body: {
      properties: { email: 'Jane@Example.com', firstname: 'Jane', lastname: 'Doe' },
      associations: [{ to: { id: company.body.id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 }] }],
    },
  });
  t.equal(contact.status, 201);
  t.match(contact.body.properties, {
    email: 'Jane@Example.com',
    createdate: String,
    lastmodifieddate: String,
    hs_object_id: contact.body.id,
  });

  const dup = await api('/contacts', { method: 'POST', body: { properties: { email: 'jane@example.com' } } });
  t.equal(dup.status, 409);
  t.match(dup.body, { status: 'error', category: 'CONFLICT', message: `Contact already exists. Existing ID: ${contact.body.id}` });
  t.ok(dup.body.correlationId);

  const plain = await api(`/contacts/${contact.body.id}`);
  t.same(Object.keys(plain.body.properties).sort(), ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname']);
  const picked = await api(
    `/contacts/${contact.body.id}?properties=firstname,phone&associations=companies&propertiesWithHistory=firstname`,
  );
  t.equal(picked.body.properties.firstname, 'Jane');
  t.equal(picked.body.properties.phone, null, 'requested but unset -> null');
  t.same(picked.body.associations.companies.results, [{ id: company.body.id, type: 'contact_to_company' }]);
  t.equal(picked.body.propertiesWithHistory.firstname[0].value, 'Jane');
  const back = await api(`/companies/${company.body.id}?associations=contacts`);
  t.same(back.body.associations.contacts.results, [{ id: contact.body.id, type: 'company_to_contact' }]);

  const byEmail = await api(`/contacts/jane%40example.com?idProperty=email`);
  t.equal(byEmail.status, 200);
  t.equal(byEmail.body.id, contact.body.id);

  const updated = await api(`/contacts/${contact.body.id}`, { method: 'PATCH', body: { properties: { firstname: 'Janet' } } });
  t.equal(updated.status, 200);
  t.equal(updated.body.properties.firstname, 'Janet');
  t.ok(updated.body.updatedAt >= contact.body.updatedAt);
  const viaEmail = await api(`/contacts/jane@example.com?idProperty=email`, { method: 'PATCH', body: { properties: { lastname: 'Roe' } } });
  t.equal(viaEmail.body.properties.lastname, 'Roe');

  const archived = await api(`/contacts/${contact.body.id}`, { method: 'DELETE' });
  t.equal(archived.status, 204);
  t.equal(archived.text, '');
  const gone = await api(`/contacts/${contact.body.id}`);
  t.equal(gone.status, 404);
  t.match(gone.body, { status: 'error', category: 'OBJECT_NOT_FOUND' });
  const withArchived = await api(`/contacts/${contact.body.id}?archived=true`);
  t.equal(withArchived.status, 200);
  t.equal(withArchived.body.archived, true);
  t.equal(
    (await api('/contacts', { method: 'POST', body: { properties: { email: 'jane@example.com' } } })).status,
    201,
    'email is free again',
  );
  t.equal((await api('/deals/999999999')).status, 404);
  t.equal((await api('/deals/999999999', { method: 'DELETE' })).status, 404);
});

t.test('validation errors use the HubSpot shape', async (t) => {
  const { hs, api, token } = await setup(t);
  const noProps = await api('/deals', { method: 'POST', body: { foo: 1 } });
  t.equal(noProps.status, 400);
  t.match(noProps.body, { status: 'error', category: 'VALIDATION_ERROR', message: String, correlationId: String });
  const badEmail = await api('/contacts', { method: 'POST', body: { properties: { email: 'not-an-email' } } });
  t.equal(badEmail.status, 400);
  t.match(badEmail.body.message, /Property values were not valid/);
  t.equal(badEmail.body.errors[0].code, 'INVALID_EMAIL');
  const objValue = await api('/companies', { method: 'POST', body: { properties: { name: { nested: true } } } });
  t.equal(objValue.status, 400);
  const malformed = await fetch(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{"properties": ',
  });
  t.equal(malformed.status, 400);
  t.match(await malformed.json(), { status: 'error', category: 'VALIDATION_ERROR', correlationId: String });
  const badAssoc = await api('/contacts', {
    method: 'POST',
    body: {
      properties: {},
      associations: [{ to: { id: '1' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 }] }],
    },
  });
  t.equal(badAssoc.status, 400);
  const badType = await api('/widgets');
  t.equal(badType.status, 400);
  t.equal((await api('/contacts?limit=101')).status, 400);
  t.equal((await api('/contacts?after=abc')).status, 400);
  t.equal((await api('/contacts/search', { method: 'POST', body: { limit: 201 } })).status, 400);
  t.equal(
    (
      await api('/contacts/search', {
        method: 'POST',
        body: { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'LIKE', value: 'x' }] }] },
      })
    ).status,
    400,
  );
});

t.test('list paging: limit default 10, cursor after, paging absent on the last page', async (t) => {
  const { hs, api } = await setup(t);
  const ids = hs.control.seed('contacts', 25);
  const first = await api('/contacts');
  t.equal(first.body.results.length, 10);
  t.ok(first.body.paging.next.after);
  t.match(first.body.paging.next.link, /after=/);
  const collected = [...first.body.results.map((r: { id: string }) => r.id)];
  let after = first.body.paging.next.after;
  for (;;) {
    const page = await api(`/contacts?limit=10&after=${after}&properties=email`);
    collected.push(...page.body.results.map((r: { id: string }) => r.id));
    t.ok(Object.keys(page.body.results[0].properties).includes('email'));
    if (!page.body.paging) break;
    after = page.body.paging.next.after;
  }
  t.same(collected, ids, 'every record once, in id order');
  const big = await api('/contacts?limit=100');
  t.equal(big.body.results.length, 25);
  t.notOk('paging' in big.body);
  await api(`/contacts/${ids[0]}`, { method: 'DELETE' });
  const archived = await api('/contacts?archived=true');
  t.same(
    archived.body.results.map((r: { id: string }) => r.id),
    [ids[0]],
  );
});

t.test('search: filter operators, OR groups, query, sorts, properties, paging and total', async (t) => {
  const { api } = await setup(t);
  const mk = (properties: Record<string, string>) => api('/deals', { method: 'POST', body: { properties } });
  await mk({ dealname: 'Alpha renewal', amount: '100', dealstage: 'closedwon', closedate: '2026-01-10T00:00:00.000Z' });
  await mk({ dealname: 'Beta expansion', amount: '2500', dealstage: 'contractsent', description: 'big one' });
  await mk({ dealname: 'Gamma renewal', amount: '900', dealstage: 'closedwon' });
  await mk({ dealname: 'Delta', amount: '50', dealstage: 'closedlost' });
  const search = (body: unknown) => api('/deals/search', { method: 'POST', body });
  const names = (r: { body: { results: { properties: { dealname: string } }[] } }) => r.body.results.map((x) => x.properties.dealname);

  const eq = await search({ filterGroups: [{ filters: [{ propertyName: 'dealstage', operator: 'EQ', value: 'closedwon' }] }] });
  t.equal(eq.body.total, 2);
  t.same(names(eq).sort(), ['Alpha renewal', 'Gamma renewal']);
  const range = await search({
    filterGroups: [
      {
        filters: [
          { propertyName: 'amount', operator: 'GTE', value: '100' },
          { propertyName: 'amount', operator: 'LT', value: '2500' },
        ],
      },
    ],
  });
  t.same(names(range).sort(), ['Alpha renewal', 'Gamma renewal'], 'numeric comparison, AND inside a group');
  const or = await search({
    filterGroups: [
      { filters: [{ propertyName: 'dealstage', operator: 'EQ', value: 'closedlost' }] },
      { filters: [{ propertyName: 'amount', operator: 'GT', value: '1000' }] },
    ],
  });
  t.same(names(or).sort(), ['Beta expansion', 'Delta'], 'OR between groups');
  const between = await search({
    filterGroups: [{ filters: [{ propertyName: 'amount', operator: 'BETWEEN', value: '60', highValue: '1000' }] }],
  });
  t.same(names(between).sort(), ['Alpha renewal', 'Gamma renewal']);
  const inOp = await search({
    filterGroups: [{ filters: [{ propertyName: 'dealstage', operator: 'IN', values: ['closedlost', 'contractsent'] }] }],
  });
  t.equal(inOp.body.total, 2);
  const notIn = await search({ filterGroups: [{ filters: [{ propertyName: 'dealstage', operator: 'NOT_IN', values: ['closedwon'] }] }] });
  t.equal(notIn.body.total, 2);
  const neq = await search({ filterGroups: [{ filters: [{ propertyName: 'dealstage', operator: 'NEQ', value: 'closedwon' }] }] });
  t.equal(neq.body.total, 2);
  const has = await search({ filterGroups: [{ filters: [{ propertyName: 'description', operator: 'HAS_PROPERTY' }] }] });
  t.same(names(has), ['Beta expansion']);
  const hasNot = await search({ filterGroups: [{ filters: [{ propertyName: 'description', operator: 'NOT_HAS_PROPERTY' }] }] });
  t.equal(hasNot.body.total, 3);
  const token = await search({ filterGroups: [{ filters: [{ propertyName: 'dealname', operator: 'CONTAINS_TOKEN', value: 'renewal' }] }] });
  t.equal(token.body.total, 2);
  const wildcard = await search({ filterGroups: [{ filters: [{ propertyName: 'dealname', operator: 'CONTAINS_TOKEN', value: 'gam*' }] }] });
  t.same(names(wildcard), ['Gamma renewal']);
  const notToken = await search({
    filterGroups: [{ filters: [{ propertyName: 'dealname', operator: 'NOT_CONTAINS_TOKEN', value: 'renewal' }] }],
  });
  t.equal(notToken.body.total, 2);
  const dates = await search({
    filterGroups: [{ filters: [{ propertyName: 'closedate', operator: 'LT', value: String(Date.parse('2026-02-01')) }] }],
  });
  t.same(names(dates), ['Alpha renewal'], 'dates compare with epoch-ms values');
  const q = await search({ query: 'expan' });
  t.same(names(q), ['Beta expansion']);

  const sorted = await search({
    sorts: [{ propertyName: 'amount', direction: 'DESCENDING' }],
    properties: ['dealname', 'amount'],
    limit: 2,
  });
  t.same(names(sorted), ['Beta expansion', 'Gamma renewal']);
  t.equal(sorted.body.total, 4);
  t.same(Object.keys(sorted.body.results[0].properties).sort(), [
    'amount',
    'createdate',
    'dealname',
    'hs_lastmodifieddate',
    'hs_object_id',
  ]);
  t.equal(sorted.body.paging.next.after, '2');
  const page2 = await search({ sorts: ['-amount'], limit: 2, after: sorted.body.paging.next.after });
  t.same(names(page2), ['Alpha renewal', 'Delta']);
  t.notOk('paging' in page2.body, 'no paging on the last page');
});
