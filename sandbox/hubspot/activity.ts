/**
 * What a live HubSpot portal does by itself, for the activity generator: contacts, companies and
 * deals appear, contacts' properties change, deals move between stages. Every choice comes from the
 * seeded random source, so a seed and a starting state give the same changes.
 */
import type { ActivityAct } from '../common/activity.js';
import type { ActivityChange, HubspotObjectType } from '../types.js';
import type { CrmRecord, CrmStore } from './crm-store.js';

export const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Radia', 'Tim'];
export const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Perlman', 'Berners-Lee'];
export const STAGES = [
  'appointmentscheduled',
  'qualifiedtobuy',
  'presentationscheduled',
  'decisionmakerboughtin',
  'contractsent',
  'closedwon',
  'closedlost',
];
const LIFECYCLE = ['subscriber', 'lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'opportunity', 'customer'];
const JOBS = ['Engineer', 'Architect', 'Director', 'Analyst', 'Founder', 'Consultant'];
const CITIES = ['Boston', 'Dublin', 'Berlin', 'Singapore', 'Sydney', 'Toronto'];

/** HubSpot's changeSource for changes made in the portal's own UI. */
export const UI_SOURCE = 'CRM_UI';

function pickFrom<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/** A live record chosen at random, or undefined when there is none. */
function anyLive(store: CrmStore, type: HubspotObjectType, random: () => number): CrmRecord | undefined {
  const live = store.live(type);
  return live.length === 0 ? undefined : pickFrom(random, live);
}

export function hubspotActivity(store: CrmStore, userId: number): ActivityAct {
  let serial = 0;
  const done = (action: string, r: CrmRecord, properties: Record<string, string>): ActivityChange => ({
    action,
    object: r.type,
    id: r.id,
    properties,
    at: r.updatedAt,
  });
  const create = (type: HubspotObjectType, properties: Record<string, string>, at: number | undefined, action: string) =>
    done(action, store.create(type, properties, userId, { at, source: UI_SOURCE }), properties);

  return (random, at) => {
    serial += 1;
    const roll = random();
    const first = pickFrom(random, FIRST);
    const last = pickFrom(random, LAST);
    if (roll < 0.2) {
      const deal = anyLive(store, 'deals', random);
      if (deal) {
        const others = STAGES.filter((s) => s !== deal.properties.dealstage);
        const properties = { dealstage: pickFrom(random, others) };
        store.update(deal, properties, userId, { at, source: UI_SOURCE });
        return done('moveDeal', deal, properties);
      }
    } else if (roll < 0.4) {
      const contact = anyLive(store, 'contacts', random);
      if (contact) {
        const field = pickFrom(random, ['lifecyclestage', 'jobtitle', 'city', 'phone'] as const);
        const value =
          field === 'lifecyclestage'
            ? pickFrom(random, LIFECYCLE)
            : field === 'jobtitle'
              ? pickFrom(random, JOBS)
              : field === 'city'
                ? pickFrom(random, CITIES)
                : `+1 555 02${String(Math.floor(random() * 100)).padStart(2, '0')}`;
        const properties = { [field]: value };
        store.update(contact, properties, userId, { at, source: UI_SOURCE });
        return done('updateContact', contact, properties);
      }
    } else if (roll < 0.55) {
      return create(
        'companies',
        {
          name: `${last} Industries ${serial}`,
          domain: `${last.toLowerCase()}-industries-${serial}.example.com`,
          city: pickFrom(random, CITIES),
        },
        at,
        'createCompany',
      );
    } else if (roll < 0.7) {
      return create(
        'deals',
        {
          dealname: `${last} Industries deal ${serial}`,
          amount: String(500 + Math.floor(random() * 200) * 50),
          dealstage: STAGES[0],
          pipeline: 'default',
        },
        at,
        'createDeal',
      );
    }
    let email = `${first}.${last}.a${serial}@example.com`.toLowerCase();
    while (store.contactIdByEmail(email)) email = `x${email}`;
    return create('contacts', { email, firstname: first, lastname: last, lifecyclestage: 'subscriber' }, at, 'createContact');
  };
}
