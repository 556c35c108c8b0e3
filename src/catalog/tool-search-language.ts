/**
 * The words of the tool search (tool-search.ts) beyond spelling: stop words, closed compounds in
 * slugs, and query-side synonyms: the words people use for the operations and objects
 * that tool slugs name with one word. Keys and values are plain words (stemmed on use); each value
 * is a list of alternatives, and an alternative of several words means all of them together
 * ("shorten" is "create" + "shortlink"). A synonym only ever adds a way to match, weighted below
 * the word itself, and only counts when the catalog uses the target word: nothing here names a
 * particular tool, so it applies to any catalog laid out the usual way (VERB_OBJECT slugs).
 */
import { stem } from './tool-search-primitives.js';

// Function words of requests ("how many ... did my link get"): they say nothing about which tool.
export const STOP_WORDS = new Set(
  'a an the to of for in on by and or with from my me i is it its at as into this that these those be are was were do does did can could would please want need what which how who we you your our their some any'.split(
    ' ',
  ),
);

/**
 * The two words a closed compound of a slug is made of, when the catalog uses both on their own
 * (SHORTLINK -> short + link, QRCODE -> qr + code), so "link" finds the shortlink tools by slug.
 */
export function compoundParts(word: string, vocabulary: ReadonlySet<string>): string[] {
  if (word.length < 5) return [];
  for (let i = 2; i <= word.length - 3; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (vocabulary.has(head) && vocabulary.has(tail)) return [head, tail];
  }
  return [];
}

const RAW: Record<string, string[][]> = {
  // Verbs: the slug action words create / get / list / search / update / delete / archive.
  add: [['create']],
  new: [['create']],
  make: [['create']],
  generate: [['create']],
  open: [['create']],
  insert: [['create']],
  register: [['create']],
  fetch: [['get']],
  retrieve: [['get']],
  read: [['get']],
  show: [['get'], ['list']],
  view: [['get']],
  detail: [['get']],
  find: [['search']],
  lookup: [['search'], ['get']],
  look: [['search']],
  query: [['search']],
  filter: [['search']],
  locate: [['search']],
  all: [['list']],
  every: [['list']],
  browse: [['list']],
  enumerate: [['list']],
  edit: [['update']],
  change: [['update']],
  modify: [['update']],
  rename: [['update']],
  set: [['update']],
  alter: [['update']],
  move: [['update']],
  multiple: [['bulk']],
  batch: [['bulk']],
  mass: [['bulk']],
  remove: [['delete'], ['archive']],
  delete: [['archive']],
  trash: [['delete'], ['archive']],
  erase: [['delete'], ['archive']],
  // Link shorteners: the thing is a short link (Bitly: a bitlink); to shorten is to create one.
  shorten: [['create', 'shortlink']],
  bitlink: [['shortlink']],
  url: [['link']],
  // CRM objects under their other common names.
  person: [['contact']],
  people: [['contact']],
  lead: [['contact']],
  organization: [['company']],
  business: [['company']],
  opportunity: [['deal']],
  // Event subscriptions are webhooks.
  subscribe: [['webhook']],
  subscription: [['webhook']],
  notify: [['webhook']],
  notification: [['webhook']],
  callback: [['webhook']],
  // Reports.
  quota: [['limit']],
  allowance: [['limit']],
  source: [['referrer']],
  traffic: [['referrer']],
  most: [['top']],
  popular: [['top']],
  total: [['summary']],
  spreadsheet: [['csv'], ['export']],
  excel: [['csv'], ['export']],
  daily: [['time']],
  weekly: [['time']],
  monthly: [['time']],
};

/** Stemmed key -> alternatives of stemmed words. */
const SYNONYMS = new Map<string, string[][]>(Object.entries(RAW).map(([k, alts]) => [stem(k), alts.map((a) => a.map(stem))]));

/** The alternatives a (stemmed) query token also stands for; [] when none. */
export function synonymsOf(token: string): readonly string[][] {
  return SYNONYMS.get(token) ?? [];
}
