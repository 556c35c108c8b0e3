/**
 * HubSpot CRM v3 object routes (contacts, companies, deals): create, get (idProperty, properties,
 * propertiesWithHistory, associations, archived), list (limit/after), search, update, archive.
 * A preHandler gate applies latency, bearer checks (401), injected failures and scopes (403).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FaultControl } from '../common/faults.js';
import { isPlainObject, q1, qAll } from '../common/forms.js';
import { parseBearer } from '../common/recorder.js';
import type { AccessTokenRecord, TokenStore } from '../common/token-store.js';
import type { HubspotFixtures, HubspotObjectType } from '../types.js';
import {
  ASSOCIATION_TYPES,
  CrmStore,
  DEFAULT_PROPERTIES,
  MODIFIED_PROP,
  OBJECT_TYPES,
  SINGULAR,
  resolveObjectType,
  type CrmRecord,
} from './crm-store.js';
import { authError, hsError, missingScopes, notFound, sendHs, sendInjected, validationError, type HubspotErrorBody } from './errors.js';
import type { CrmRateLimiter } from './rate-limit.js';
import { parseSearchBody, runSearch } from './search.js';

export interface CrmDeps {
  store: CrmStore;
  tokens: TokenStore;
  faults: FaultControl;
  fixtures: HubspotFixtures;
  limiter: CrmRateLimiter;
  origin(): string;
}

const PATH = '/crm/v3/objects/:objectType';
const tokenOf = new WeakMap<FastifyRequest, AccessTokenRecord>();

interface Association {
  toType: HubspotObjectType;
  toId: string;
}

/** Request properties -> stored strings, or HubSpot's "Property values were not valid" error. */
export function normalizeProperties(type: HubspotObjectType, input: unknown): Record<string, string> | HubspotErrorBody {
  if (!isPlainObject(input)) return validationError('Invalid input JSON: "properties" must be an object of property name to string value');
  const out: Record<string, string> = {};
  const problems: { isValid: false; message: string; error: string; name: string }[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
    else if (value === null) out[name] = '';
    else {
      problems.push({
        isValid: false,
        message: `${JSON.stringify(value)} is not a valid value for ${name}: values must be strings`,
        error: 'INVALID_TYPE',
        name,
      });
      continue;
    }
    if (name === 'hs_object_id')
      problems.push({
        isValid: false,
        message: 'hs_object_id is a read only property; its value cannot be set.',
        error: 'READ_ONLY_VALUE',
        name,
      });
    if (type === 'contacts' && name === 'email' && out[name] !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(out[name])) {
      problems.push({ isValid: false, message: `Email address ${out[name]} is invalid`, error: 'INVALID_EMAIL', name });
    }
    if (type === 'deals' && name === 'amount' && out[name] !== '' && Number.isNaN(Number(out[name]))) {
      problems.push({ isValid: false, message: `${out[name]} was not a valid number.`, error: 'INVALID_FLOAT', name });
    }
  }
  if (problems.length === 0) return out;
  return validationError(
    `Property values were not valid: ${JSON.stringify(problems)}`,
    problems.map((p) => ({ message: p.message, code: p.error, context: { propertyName: [p.name] } })),
  );
}

function isError(v: unknown): v is HubspotErrorBody {
  return isPlainObject(v) && v.status === 'error';
}

function present(
  store: CrmStore,
  r: CrmRecord,
  opts: { properties?: string[] | 'all' | null; history?: string[]; associations?: HubspotObjectType[] },
) {
  let properties: Record<string, string | null>;
  if (opts.properties === 'all') properties = { ...r.properties };
  else {
    const names = opts.properties
      ? [...new Set([...opts.properties, 'hs_object_id', 'createdate', MODIFIED_PROP[r.type]])]
      : DEFAULT_PROPERTIES[r.type];
    properties = {};
    for (const n of names) properties[n] = r.properties[n] ?? null;
  }
  const out: Record<string, unknown> = { id: r.id, properties };
  if (opts.history && opts.history.length > 0) {
    const h: Record<string, unknown[]> = {};
    for (const n of opts.history) h[n] = (r.history[n] ?? []).map((e) => ({ ...e }));
    out.propertiesWithHistory = h;
  }
  out.createdAt = r.createdAt;
  out.updatedAt = r.updatedAt;
  out.archived = r.archived;
  if (r.archivedAt) out.archivedAt = r.archivedAt;
  if (opts.associations && opts.associations.length > 0) {
    const assoc: Record<string, { results: { id: string; type: string }[] }> = {};
    for (const t of opts.associations) {
      const ids = store.associations(r.type, r.id, t);
      if (ids.length > 0) assoc[t] = { results: ids.map((id) => ({ id, type: `${SINGULAR[r.type]}_to_${SINGULAR[t]}` })) };
    }
    if (Object.keys(assoc).length > 0) out.associations = assoc;
  }
  return out;
}

function parseAssociations(store: CrmStore, type: HubspotObjectType, input: unknown): Association[] | HubspotErrorBody {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) return validationError('Invalid input JSON: "associations" must be an array');
  const out: Association[] = [];
  for (const [i, a] of input.entries()) {
    const toId =
      isPlainObject(a) && isPlainObject(a.to) && (typeof a.to.id === 'string' || typeof a.to.id === 'number') ? String(a.to.id) : null;
    const types = isPlainObject(a) && Array.isArray(a.types) ? a.types : null;
    if (!toId || !types || types.length === 0) return validationError(`associations[${i}] needs to.id and a non-empty types array`);
    for (const t of types) {
      const typeId = isPlainObject(t) ? Number(t.associationTypeId) : NaN;
      if (!isPlainObject(t) || !Number.isInteger(typeId))
        return validationError(`associations[${i}].types needs associationCategory and associationTypeId`);
      const known = ASSOCIATION_TYPES[typeId];
      const candidates = known && known[0] === type ? [known[1]] : OBJECT_TYPES.filter((o) => o !== type);
      const toType = candidates.find((c) => store.get(c, toId) && !store.get(c, toId)?.archived);
      if (!toType) return validationError(`One or more associations are invalid: no record ${toId} for association type ${typeId}`);
      out.push({ toType, toId });
    }
  }
  return out;
}

export function registerCrmRoutes(app: FastifyInstance, deps: CrmDeps): void {
  const { store } = deps;

  const gate = async (request: FastifyRequest, reply: FastifyReply) => {
    await deps.faults.delay(deps.faults.latency);
    const check = deps.tokens.check(parseBearer(request.headers.authorization));
    if (!check.ok)
      return sendHs(
        reply,
        401,
        authError(check.reason, check.reason === 'expired' ? (check.record.expiresAt ?? undefined) : undefined, deps.tokens.clock.now()),
      );
    const injected = deps.faults.take();
    if (injected) return sendInjected(reply, injected);
    if (!deps.limiter.admit(request.routeOptions.url?.endsWith('/search') === true, reply)) return reply;
    tokenOf.set(request, check.record);
  };

  /** Resolves the object type and checks the scope; null when an error answer was sent. */
  const prepare = (request: FastifyRequest, reply: FastifyReply, access: 'read' | 'write'): HubspotObjectType | null => {
    const raw = (request.params as { objectType: string }).objectType;
    const type = resolveObjectType(raw);
    if (!type) {
      sendHs(reply, 400, validationError(`Unable to infer object type from: ${raw}`));
      return null;
    }
    const scope = `crm.objects.${type}.${access}`;
    const token = tokenOf.get(request);
    if (!token || !token.scopes.includes(scope)) {
      sendHs(reply, 403, missingScopes(scope));
      return null;
    }
    return type;
  };

  const locate = (type: HubspotObjectType, request: FastifyRequest): CrmRecord | undefined => {
    const id = (request.params as { id: string }).id;
    const idProperty = q1(request.query, 'idProperty');
    return idProperty ? store.findBy(type, idProperty, id) : store.get(type, id);
  };

  const wantAssociations = (query: unknown): HubspotObjectType[] =>
    qAll(query, 'associations', true)
      .map(resolveObjectType)
      .filter((t): t is HubspotObjectType => t !== null);

  app.register(async (api) => {
    api.addHook('preHandler', gate);

    api.get(PATH, async (request, reply) => {
      const type = prepare(request, reply, 'read');
      if (!type) return reply;
      const limitRaw = q1(request.query, 'limit');
      const limit = limitRaw === undefined ? 10 : Number(limitRaw);
      if (!Number.isInteger(limit) || limit < 1) return sendHs(reply, 400, validationError(`Invalid limit: ${limitRaw}`));
      if (limit > 100) return sendHs(reply, 400, validationError('limit must be less than or equal to 100'));
      const afterRaw = q1(request.query, 'after');
      if (afterRaw !== undefined && afterRaw !== '' && !/^\d+$/.test(afterRaw))
        return sendHs(reply, 400, validationError(`Invalid after cursor: ${afterRaw}`));
      const archived = q1(request.query, 'archived') === 'true';
      const { records, more } = store.page(type, afterRaw ? Number(afterRaw) : null, limit, archived);
      const properties = qAll(request.query, 'properties', true);
      const history = qAll(request.query, 'propertiesWithHistory', true);
      const associations = wantAssociations(request.query);
      const body: Record<string, unknown> = {
        results: records.map((r) => present(store, r, { properties: properties.length ? properties : null, history, associations })),
      };
      if (more && records.length > 0) {
        const after = String(records[records.length - 1].num);
        const url = new URL(`${deps.origin()}/crm/v3/objects/${type}`);
        for (const [k, v] of Object.entries(request.query as Record<string, string | string[]>)) {
          if (k !== 'after') for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
        }
        url.searchParams.set('after', after);
        body.paging = { next: { after, link: url.toString() } };
      }
      return body;
    });

    api.post(PATH, async (request, reply) => {
      const type = prepare(request, reply, 'write');
      if (!type) return reply;
      const body = request.body;
      if (!isPlainObject(body)) return sendHs(reply, 400, validationError('Invalid input JSON: expected an object with "properties"'));
      if (body.properties === undefined) return sendHs(reply, 400, validationError('Invalid input JSON: "properties" is required'));
      const props = normalizeProperties(type, body.properties);
      if (isError(props)) return sendHs(reply, 400, props);
      const associations = parseAssociations(store, type, body.associations);
      if (isError(associations)) return sendHs(reply, 400, associations);
      if (type === 'contacts' && props.email) {
        const existing = store.contactIdByEmail(props.email);
        if (existing)
          return sendHs(
            reply,
            409,
            hsError('CONFLICT', `Contact already exists. Existing ID: ${existing}`, { context: { existingId: [existing] } }),
          );
      }
      const record = store.create(type, props, deps.fixtures.userId);
      for (const a of associations) store.associate(type, record.id, a.toType, a.toId);
      return reply.code(201).send(present(store, record, { properties: 'all' }));
    });

    api.post(`${PATH}/search`, async (request, reply) => {
      const type = prepare(request, reply, 'read');
      if (!type) return reply;
      const parsed = parseSearchBody(request.body);
      if (typeof parsed === 'string') return sendHs(reply, 400, validationError(parsed));
      const { total, page, nextOffset } = runSearch(type, store.live(type), parsed);
      const body: Record<string, unknown> = { total, results: page.map((r) => present(store, r, { properties: parsed.properties })) };
      if (nextOffset !== null) body.paging = { next: { after: String(nextOffset), link: `?after=${nextOffset}` } };
      return body;
    });

    api.get(`${PATH}/:id`, async (request, reply) => {
      const type = prepare(request, reply, 'read');
      if (!type) return reply;
      const record = locate(type, request);
      const archived = q1(request.query, 'archived') === 'true';
      if (!record || record.archived !== archived) return sendHs(reply, 404, notFound(type, (request.params as { id: string }).id));
      const properties = qAll(request.query, 'properties', true);
      return present(store, record, {
        properties: properties.length ? properties : null,
        history: qAll(request.query, 'propertiesWithHistory', true),
        associations: wantAssociations(request.query),
      });
    });

    api.patch(`${PATH}/:id`, async (request, reply) => {
      const type = prepare(request, reply, 'write');
      if (!type) return reply;
      const body = request.body;
      if (!isPlainObject(body) || body.properties === undefined)
        return sendHs(reply, 400, validationError('Invalid input JSON: "properties" is required'));
      const props = normalizeProperties(type, body.properties);
      if (isError(props)) return sendHs(reply, 400, props);
      const record = locate(type, request);
      if (!record || record.archived) return sendHs(reply, 404, notFound(type, (request.params as { id: string }).id));
      if (type === 'contacts' && props.email) {
        const existing = store.contactIdByEmail(props.email);
        if (existing && existing !== record.id)
          return sendHs(
            reply,
            409,
            hsError('CONFLICT', `Contact already exists. Existing ID: ${existing}`, { context: { existingId: [existing] } }),
          );
      }
      store.update(record, props, deps.fixtures.userId);
      return present(store, record, { properties: 'all' });
    });

    api.delete(`${PATH}/:id`, async (request, reply) => {
      const type = prepare(request, reply, 'write');
      if (!type) return reply;
      const record = store.get(type, (request.params as { id: string }).id);
      if (!record) return sendHs(reply, 404, notFound(type, (request.params as { id: string }).id));
      store.archive(record);
      return reply.code(204).send();
    });
  });
}
