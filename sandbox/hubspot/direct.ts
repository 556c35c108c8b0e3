/**
 * Changes made "in HubSpot directly" (a user in the portal, an import), not through the API: the
 * admin functions tests and the demo call on the sandbox handle or through /__sandbox/control.
 * Same validation as the API; changeSource CRM_UI unless told.
 */
import { toEpochMs } from '../common/activity.js';
import type { DirectChangeOptions, HubspotObjectType, HubspotRecordSnapshot } from '../types.js';
import { OBJECT_TYPES, type CrmRecord, type CrmStore } from './crm-store.js';
import { normalizeProperties } from './crm.js';
import { UI_SOURCE } from './activity.js';

function snapshot(r: CrmRecord): HubspotRecordSnapshot {
  return { id: r.id, properties: { ...r.properties }, createdAt: r.createdAt, updatedAt: r.updatedAt, archived: r.archived };
}

function objectType(value: string, what: string): HubspotObjectType {
  if (!OBJECT_TYPES.includes(value as HubspotObjectType)) throw new RangeError(`${what}: unknown object type ${value}`);
  return value as HubspotObjectType;
}

function props(type: HubspotObjectType, input: Record<string, string>, what: string): Record<string, string> {
  const out = normalizeProperties(type, input);
  if ('correlationId' in out && 'category' in out) throw new RangeError(`${what}: ${String(out.message)}`);
  return out as Record<string, string>;
}

function live(store: CrmStore, type: HubspotObjectType, id: string, what: string): CrmRecord {
  const record = store.get(type, String(id));
  if (!record || record.archived) throw new RangeError(`${what}: no live ${type} record ${id}`);
  return record;
}

function emailFree(store: CrmStore, type: HubspotObjectType, p: Record<string, string>, self: string | null, what: string): void {
  if (type !== 'contacts' || !p.email) return;
  const existing = store.contactIdByEmail(p.email);
  if (existing && existing !== self) throw new RangeError(`${what}: Contact already exists. Existing ID: ${existing}`);
}

export function directControls(store: CrmStore, userId: number) {
  const change = (opts: DirectChangeOptions | undefined, what: string) => ({
    at: toEpochMs(opts?.at, what),
    source: opts?.source ?? UI_SOURCE,
  });
  return {
    createObject(object: HubspotObjectType, properties: Record<string, string>, opts?: DirectChangeOptions): HubspotRecordSnapshot {
      const type = objectType(object, 'createObject');
      const p = props(type, properties ?? {}, 'createObject');
      emailFree(store, type, p, null, 'createObject');
      return snapshot(store.create(type, p, userId, change(opts, 'createObject')));
    },
    updateObject(
      object: HubspotObjectType,
      id: string,
      properties: Record<string, string>,
      opts?: DirectChangeOptions,
    ): HubspotRecordSnapshot {
      const type = objectType(object, 'updateObject');
      const record = live(store, type, id, 'updateObject');
      const p = props(type, properties ?? {}, 'updateObject');
      emailFree(store, type, p, record.id, 'updateObject');
      store.update(record, p, userId, change(opts, 'updateObject'));
      return snapshot(record);
    },
    deleteObject(object: HubspotObjectType, id: string, opts?: DirectChangeOptions): void {
      const type = objectType(object, 'deleteObject');
      store.archive(live(store, type, id, 'deleteObject'), change(opts, 'deleteObject'));
    },
  };
}
