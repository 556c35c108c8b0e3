/**
 * Relevance of the tool search on what people actually ask: the intents in search-intents.json
 * (a request in a user's words and the one tool that answers it) run against a catalog, scored as
 * hit@1 (the tool ranks first) and hit@3 (it is in the top three). Shared by the bench step and its
 * test, which asserts the floor; deterministic (no timing).
 */
import { readFileSync } from 'node:fs';
import type { Catalog } from '../../src/catalog/catalog.js';

export interface SearchIntent {
  query: string;
  tool: string;
}

export interface SearchIntentMiss extends SearchIntent {
  /** The top three slugs the search returned. */
  top: string[];
}

export interface SearchIntentScore {
  intents: number;
  /** Share of intents whose tool ranks first. */
  hit1: number;
  /** Share of intents whose tool is in the top three. */
  hit3: number;
  /** Intents whose tool is not in the top three. */
  misses: SearchIntentMiss[];
}

const INTENTS_FILE = new URL('./search-intents.json', import.meta.url);

export function loadSearchIntents(): SearchIntent[] {
  const doc = JSON.parse(readFileSync(INTENTS_FILE, 'utf8')) as { intents: SearchIntent[] };
  return doc.intents;
}

/** Intents for the imported 1,000-operation toolkit (sandbox/support/synthetic-openapi.ts, toolkit "ops"). */
export function loadImportedSearchIntents(): SearchIntent[] {
  const doc = JSON.parse(readFileSync(INTENTS_FILE, 'utf8')) as { importedIntents: SearchIntent[] };
  return doc.importedIntents;
}

export function scoreSearchIntents(catalog: Catalog, intents: readonly SearchIntent[] = loadSearchIntents()): SearchIntentScore {
  let first = 0;
  let top3 = 0;
  const misses: SearchIntentMiss[] = [];
  for (const intent of intents) {
    const top = catalog.searchTools({ search: intent.query, limit: 3 }).items.map((t) => t.slug);
    if (top[0] === intent.tool) first++;
    if (top.includes(intent.tool)) top3++;
    else misses.push({ ...intent, top });
  }
  const n = Math.max(1, intents.length);
  return { intents: intents.length, hit1: first / n, hit3: top3 / n, misses };
}
