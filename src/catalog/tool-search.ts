/**
 * Fuzzy tool search over slug, name, tags and description, built once when the catalog loads.
 *
 * Why hand-written: the needs are narrow (exact slug, then slug prefix, then relevance with typo
 * tolerance and the words people use) and must stay well under 5 ms on 20,000 tools. An inverted
 * index of stemmed terms answers words; a sorted vocabulary answers prefixes; typo candidates come
 * from the vocabulary: a one-deletion index for short words and a trigram index for long ones, each
 * confirmed by a bounded Damerau (OSA) edit distance. Relevance is, per query word, its best
 * field-weighted idf match (word, prefix, typo or synonym: tool-search-language.ts), scaled by the
 * share of query words the tool matches, plus a bonus for each pair of adjacent query words found
 * side by side in one clause of the tool, minus the idf of slug words nobody asked for. Word order
 * matters only through that phrase bonus.
 */

import { boundedDistance, deletions, popcount, stem, TopK, trigrams, words } from './tool-search-primitives.js';
import { compoundParts, STOP_WORDS, synonymsOf } from './tool-search-language.js';

export { boundedDistance, stem, words };

export interface SearchableTool {
  slug: string;
  name: string;
  description: string;
  toolkit: string;
  /** Grouping words (`contacts`, `qr-codes`), matched like the name. */
  tags?: readonly string[];
}

export interface ToolSearchOptions {
  toolkit?: string;
  limit: number;
  offset?: number;
}

/** `items` are indices into the array given to the constructor, best first. */
export interface ToolSearchResult {
  items: number[];
  total: number;
}

const FIELD_SLUG = 1;
const FIELD_NAME = 2;
const FIELD_DESC = 4;
/** Weight of a term by the fields it occurs in: a slug hit says more than a description hit. */
const MASK_WEIGHT = [0, 3, 2, 5, 1, 4, 3, 6];
/** Weight of a synonym's match relative to the word itself. */
const SYNONYM_QUALITY = 0.9;
/** Cost of each slug word the query did not ask for, per unit of its idf (specificity). */
const UNASKED_COST = 0.5;
/** Weight of two query words found side by side in a tool's slug, name or description, per unit of idf. */
const PHRASE_WEIGHT = 5;
/** Share of a query word matched only in a tool's description, for coverage (slug, name or tag: 1). */
const DESC_COVER = 0.5;
const MAX_QUERY_TOKENS = 12;
const MAX_PREFIX_TERMS = 64;
/** Tokens up to this length get distance-1 typo matching through the deletion index. */
const SHORT_TOKEN = 7;

/** Punctuation between clauses: commas, semicolons, colons, brackets, and a full stop before a space. */
const CLAUSE_BREAK = /[,;:()[\]{}!?]|\.(?=\s|$)/;
const SLUG_LIKE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/** Whether a clause of a tool's description mentions another tool of the catalog by its slug. */
function namesOtherTool(clause: string, own: string, slugs: ReadonlySet<string>): boolean {
  if (!clause.includes('_')) return false;
  for (const m of clause.matchAll(SLUG_LIKE)) if (m[0] !== own && slugs.has(m[0])) return true;
  return false;
}

/** Two query words side by side: their terms, their query-word bits (as in `cover`) and weight. */
interface Phrase {
  a: number;
  b: number;
  words: number;
  weight: number;
}

/** Single letters are what possessives and initials leave behind ("contact's" -> contact, s). */
function isMeaningful(w: string): boolean {
  return !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w));
}

export class ToolSearchIndex {
  /** Internal doc ids are positions in slug order, so ties resolve alphabetically for free. */
  private readonly order: Int32Array;
  private readonly slugs: string[];
  private readonly docToolkit: Int32Array;
  private readonly slugTokenCount: Uint8Array;
  private readonly slugToDoc = new Map<string, number>();
  private readonly toolkitIds = new Map<string, number>();
  private readonly toolkitDocs: number[][] = [];
  private readonly terms: string[] = [];
  private readonly termIds = new Map<string, number>();
  private readonly sortedTerms: number[];
  private readonly postingDocs: Int32Array[] = [];
  private readonly postingMasks: Uint8Array[] = [];
  /** Inverse document frequency of each term: a word most tools share says little about any one. */
  private readonly idf: Float64Array;
  /** Per document, its slug words after the toolkit prefix, each as [term, ...compound part terms]. */
  private readonly slugWordTerms: number[][][] = [];
  /**
   * Per document, the terms of its slug, name and description in order without stop words, the
   * fields separated by -1 (one flat array; document d spans seqStart[d] .. seqStart[d + 1]).
   */
  private readonly seq: Int32Array;
  private readonly seqStart: Int32Array;
  private readonly trigramTerms = new Map<string, number[]>();
  private readonly deletionTerms = new Map<string, number[]>();
  // Scratch buffers reused by every search (JS is single-threaded; searches never interleave).
  private readonly score: Float64Array;
  private readonly cover: Int32Array;
  /** Query words matched, a word found only in the description counting DESC_COVER. */
  private readonly coverage: Float64Array;
  private readonly slugHits: Uint8Array;
  private readonly tokBest: Float64Array;
  private readonly tokMask: Uint8Array;
  private readonly termCounter: Int32Array;
  private readonly termMatched: Uint8Array;
  private readonly matchedTerms: number[] = [];

  constructor(tools: readonly SearchableTool[]) {
    const idx = tools.map((_, i) => i).sort((x, y) => (tools[x].slug < tools[y].slug ? -1 : tools[x].slug > tools[y].slug ? 1 : 0));
    const n = idx.length;
    this.order = Int32Array.from(idx);
    this.slugs = idx.map((i) => tools[i].slug.toLowerCase());
    this.docToolkit = new Int32Array(n);
    this.slugTokenCount = new Uint8Array(n);
    const postings: { docs: number[]; masks: number[] }[] = [];
    // Tokenized once: the compound splitter needs the whole vocabulary before any document is indexed.
    const slugSet = new Set(tools.map((t) => t.slug));
    const fields = tools.map((t) => {
      // Description clauses, null for one that names another tool (no phrases there: see seq).
      const parts = t.description.split(CLAUSE_BREAK);
      const clauseWords = parts.map(words);
      const clauses = clauseWords.map((ws, i) => (namesOtherTool(parts[i], t.slug, slugSet) ? null : ws));
      const desc = clauseWords.flat();
      return { slug: words(t.slug), name: words(t.name), desc, clauses, tags: (t.tags ?? []).flatMap(words) };
    });
    // Stemmed once per distinct word: the same few thousand words recur across 20,000 tools.
    const stems = new Map<string, string>();
    const stemOf = (w: string) => {
      let st = stems.get(w);
      if (st === undefined) stems.set(w, (st = stem(w)));
      return st;
    };
    const vocabulary = new Set<string>();
    for (const f of fields) for (const list of [f.slug, f.name, f.desc, f.tags]) for (const w of list) vocabulary.add(w);
    const partsMemo = new Map<string, string[]>();
    const parts = (w: string) => {
      let p = partsMemo.get(w);
      if (!p) partsMemo.set(w, (p = compoundParts(w, vocabulary)));
      return p;
    };
    for (let d = 0; d < n; d++) {
      const t = tools[idx[d]];
      this.slugToDoc.set(this.slugs[d], d);
      let tk = this.toolkitIds.get(t.toolkit);
      if (tk === undefined) {
        tk = this.toolkitDocs.length;
        this.toolkitIds.set(t.toolkit, tk);
        this.toolkitDocs.push([]);
      }
      this.docToolkit[d] = tk;
      this.toolkitDocs[tk].push(d);
      const f = fields[idx[d]];
      const slugWords = f.slug;
      this.slugTokenCount[d] = Math.min(255, Math.max(1, slugWords.length));
      const masks = new Map<string, number>();
      const add = (ws: string[], bit: number) => {
        for (const w of ws) {
          const s = stemOf(w);
          masks.set(s, (masks.get(s) ?? 0) | bit);
        }
      };
      add(slugWords, FIELD_SLUG);
      add(slugWords.flatMap(parts), FIELD_SLUG);
      add(f.name, FIELD_NAME);
      add(f.tags, FIELD_NAME);
      add(f.desc, FIELD_DESC);
      for (const [term, mask] of masks) {
        let id = this.termIds.get(term);
        if (id === undefined) {
          id = this.terms.length;
          this.terms.push(term);
          this.termIds.set(term, id);
          postings.push({ docs: [], masks: [] });
        }
        postings[id].docs.push(d);
        postings[id].masks.push(mask);
      }
    }
    for (const p of postings) {
      this.postingDocs.push(Int32Array.from(p.docs));
      this.postingMasks.push(Uint8Array.from(p.masks));
    }
    this.idf = Float64Array.from(this.postingDocs, (p) => Math.log(1 + n / p.length));
    const seq: number[] = [];
    this.seqStart = new Int32Array(n + 1);
    for (let d = 0; d < n; d++) {
      const f = fields[idx[d]];
      const own = f.slug.slice(1);
      this.slugWordTerms.push(own.map((w) => [w, ...parts(w)].map((x) => this.termIds.get(stemOf(x)) as number)));
      this.seqStart[d] = seq.length;
      // Phrases stay within a clause, and a clause naming another tool is about that tool ("use
      // HUBSPOT_CONTACTS_SEARCH to find a contact by other criteria" in HUBSPOT_CONTACTS_GET).
      for (const ws of [f.slug, f.name, ...f.clauses]) {
        if (ws === null) continue;
        for (const w of ws) if (isMeaningful(w)) seq.push(this.termIds.get(stemOf(w)) as number);
        seq.push(-1);
      }
    }
    this.seqStart[n] = seq.length;
    this.seq = Int32Array.from(seq);
    this.sortedTerms = this.terms.map((_, i) => i).sort((a, b) => (this.terms[a] < this.terms[b] ? -1 : 1));
    const push = (map: Map<string, number[]>, key: string, id: number) => {
      const list = map.get(key);
      if (list) list.push(id);
      else map.set(key, [id]);
    };
    this.terms.forEach((term, id) => {
      if (term.length >= 2 && term.length <= SHORT_TOKEN + 1) for (const d of deletions(term)) push(this.deletionTerms, d, id);
      if (term.length >= 3) for (const g of trigrams(term)) push(this.trigramTerms, g, id);
    });
    this.score = new Float64Array(n);
    this.cover = new Int32Array(n);
    this.coverage = new Float64Array(n);
    this.slugHits = new Uint8Array(n);
    this.tokBest = new Float64Array(n);
    this.tokMask = new Uint8Array(n);
    this.termCounter = new Int32Array(this.terms.length);
    this.termMatched = new Uint8Array(this.terms.length);
  }

  get size(): number {
    return this.order.length;
  }

  search(query: string, opts: ToolSearchOptions): ToolSearchResult {
    const offset = opts.offset ?? 0;
    let toolkitId = -1;
    if (opts.toolkit !== undefined) {
      const id = this.toolkitIds.get(opts.toolkit);
      if (id === undefined) return { items: [], total: 0 };
      toolkitId = id;
    }
    const raw = words(query.slice(0, 300));
    if (raw.length === 0) {
      const all = toolkitId >= 0 ? this.toolkitDocs[toolkitId] : null;
      const total = all ? all.length : this.order.length;
      const items: number[] = [];
      for (let i = offset; i < Math.min(total, offset + opts.limit); i++) items.push(this.order[all ? all[i] : i]);
      return { items, total };
    }
    const slugQuery = raw.join('_');
    const meaningful = raw.filter(isMeaningful);
    const stems = (meaningful.length > 0 ? meaningful : raw).map(stem);
    const tokens = [...new Set(stems)].slice(0, MAX_QUERY_TOKENS);
    const phrases = this.phrasesOf(stems, tokens);
    let maxPhrase = 0;
    for (const p of phrases) maxPhrase += p.weight;

    const touched: number[] = [];
    // A word the catalog never uses cannot tell tools apart: it does not count against coverage.
    let known = 0;
    tokens.forEach((tok, qi) => {
      if (this.scoreToken(tok, qi, touched)) known++;
    });

    // Slug tiers: exact slug first, then slugs starting with the query (binary search: docs are sorted).
    const exactDoc = this.slugToDoc.get(slugQuery) ?? -1;
    let prefixLo = 0;
    let prefixHi = 0;
    if (slugQuery.length >= 3) {
      prefixLo = this.lowerBound(slugQuery);
      prefixHi = prefixLo;
      while (prefixHi < this.slugs.length && this.slugs[prefixHi].startsWith(slugQuery)) {
        if (this.cover[prefixHi] === 0 && this.score[prefixHi] === 0) touched.push(prefixHi);
        prefixHi++;
      }
    }

    // Requests carry words no tool needs ("deals in the closed won stage"): a third of them will do.
    const minCover = Math.max(1, Math.ceil(known / 3));
    const heap = new TopK(offset + opts.limit);
    let total = 0;
    for (const d of touched) {
      const tier = d === exactDoc ? 2 : d >= prefixLo && d < prefixHi ? 1 : 0;
      const ok = (tier > 0 || popcount(this.cover[d]) >= minCover) && (toolkitId < 0 || this.docToolkit[d] === toolkitId);
      if (ok) {
        total++;
        // Relevance scales with the share of the known query words a tool matches (coordination),
        // so a tool answering every word of "move a contact to the recycle bin" beats one naming two;
        // then phrases, minus what the slug names that nobody asked for (GROUP_LINK_CLICKS_BY_CITY
        // is not the answer to "clicks of a group"); slug coverage breaks the remaining near-ties.
        // Phrases only raise a key and the cost only lowers it: both are skipped for tools that
        // cannot enter the page anyway.
        const share = known > 0 ? Math.min(1, this.coverage[d] / known) : 1;
        const base = tier * 1e7 + this.score[d] * share + (2 * this.slugHits[d]) / this.slugTokenCount[d];
        if (base + maxPhrase >= heap.floor()) {
          // A pair can only be in a tool that matched both of its words.
          let possible = 0;
          for (const p of phrases) if ((this.cover[d] & p.words) === p.words) possible += p.weight;
          let key = base - UNASKED_COST * this.unasked(d);
          if (possible > 0 && key + possible >= heap.floor()) key += this.phraseScore(d, phrases);
          if (key >= heap.floor()) heap.push(key, d);
        }
      }
      this.score[d] = 0;
      this.cover[d] = 0;
      this.coverage[d] = 0;
      this.slugHits[d] = 0;
    }
    for (const term of this.matchedTerms) this.termMatched[term] = 0;
    this.matchedTerms.length = 0;
    const ranked = heap.sorted();
    return { items: ranked.slice(offset).map((d) => this.order[d]), total };
  }

  /**
   * Adds the best match of one query token (the word, a prefix or typo of it, or a synonym) to
   * every document containing a matching term. False when nothing in the catalog matches it.
   */
  private scoreToken(tok: string, qi: number, touched: number[]): boolean {
    const tokTouched: number[] = [];
    const offer = (d: number, w: number, mask: number) => {
      if (w > this.tokBest[d]) {
        if (this.tokBest[d] === 0) tokTouched.push(d);
        this.tokBest[d] = w;
        this.tokMask[d] = mask;
      }
    };
    const terms = this.matchTerms(tok);
    // A synonym never says more than the word itself: a word the catalog uses keeps the lead.
    const own = this.termIds.get(tok);
    const synIdf = (term: number) => (own === undefined ? this.idf[term] : Math.min(this.idf[term], this.idf[own]));
    const synonyms = synonymsOf(tok)
      .map((alternative) => alternative.map((w) => this.termIds.get(w)))
      .filter((ids): ids is number[] => ids.every((id) => id !== undefined));
    for (const [term, quality] of terms) {
      this.mark(term);
      const docs = this.postingDocs[term];
      const masks = this.postingMasks[term];
      for (let i = 0; i < docs.length; i++) offer(docs[i], quality * this.idf[term] * MASK_WEIGHT[masks[i]], masks[i]);
    }
    // A synonym of several words counts where all of them occur, at the mean of their weights.
    for (const ids of synonyms) {
      for (const id of ids) this.mark(id);
      const sum = new Map<number, { w: number; hits: number; mask: number }>();
      for (const term of ids) {
        const docs = this.postingDocs[term];
        const masks = this.postingMasks[term];
        for (let i = 0; i < docs.length; i++) {
          const acc = sum.get(docs[i]) ?? { w: 0, hits: 0, mask: 0 };
          acc.w += synIdf(term) * MASK_WEIGHT[masks[i]];
          acc.hits++;
          acc.mask |= masks[i];
          sum.set(docs[i], acc);
        }
      }
      for (const [d, acc] of sum) if (acc.hits === ids.length) offer(d, (SYNONYM_QUALITY * acc.w) / ids.length, acc.mask);
    }
    for (const d of tokTouched) {
      if (this.cover[d] === 0 && this.score[d] === 0) touched.push(d);
      this.cover[d] |= 1 << qi;
      this.coverage[d] += this.tokMask[d] & (FIELD_SLUG | FIELD_NAME) ? 1 : DESC_COVER;
      this.score[d] += this.tokBest[d];
      this.slugHits[d] += this.tokMask[d] & FIELD_SLUG;
      this.tokBest[d] = 0;
      this.tokMask[d] = 0;
    }
    return terms.size > 0 || synonyms.length > 0;
  }

  /**
   * Pairs of query words standing side by side (stop words aside) that the catalog uses, each
   * weighted by the idf of its more common word: "recycle bin" or "clicks on all links of a group"
   * say more together than word by word.
   */
  private phrasesOf(stems: readonly string[], tokens: readonly string[]): Phrase[] {
    const out: Phrase[] = [];
    for (let i = 0; i + 1 < stems.length && out.length < MAX_QUERY_TOKENS; i++) {
      const a = this.termIds.get(stems[i]);
      const b = this.termIds.get(stems[i + 1]);
      const qa = tokens.indexOf(stems[i]);
      const qb = tokens.indexOf(stems[i + 1]);
      if (a === undefined || b === undefined || a === b || qa < 0 || qb < 0 || out.some((p) => p.a === a && p.b === b)) continue;
      out.push({ a, b, words: (1 << qa) | (1 << qb), weight: PHRASE_WEIGHT * Math.min(this.idf[a], this.idf[b]) });
    }
    return out;
  }

  /** Sum of the weights of the query's word pairs found in this order in one field of the tool. */
  private phraseScore(d: number, phrases: readonly Phrase[]): number {
    let sum = 0;
    for (const p of phrases) {
      for (let i = this.seqStart[d]; i + 1 < this.seqStart[d + 1]; i++) {
        if (this.seq[i] === p.a && this.seq[i + 1] === p.b) {
          sum += p.weight;
          break;
        }
      }
    }
    return sum;
  }

  /** How much a tool's slug names that the query did not ask for (idf of its unmatched slug words). */
  private unasked(d: number): number {
    let sum = 0;
    for (const ids of this.slugWordTerms[d]) if (!ids.some((id) => this.termMatched[id] === 1)) sum += this.idf[ids[0]];
    return sum;
  }

  /** Notes a term the current query matched (reset at the end of the search). */
  private mark(term: number): void {
    if (this.termMatched[term] === 0) this.matchedTerms.push(term);
    this.termMatched[term] = 1;
  }

  /** Vocabulary terms a query token stands for, with a quality in (0, 1]. */
  private matchTerms(tok: string): Map<number, number> {
    const out = new Map<number, number>();
    const exact = this.termIds.get(tok);
    if (exact !== undefined) out.set(exact, 1);
    if (tok.length >= 3) {
      let count = 0;
      for (let i = this.lowerBoundTerm(tok); i < this.sortedTerms.length && count < MAX_PREFIX_TERMS; i++) {
        const id = this.sortedTerms[i];
        const term = this.terms[id];
        if (!term.startsWith(tok)) break;
        if (id !== exact) out.set(id, 0.6 + 0.25 * (tok.length / term.length));
        count++;
      }
    }
    // Typo tolerance only when the word itself is unknown: a known word is taken at its word.
    if (exact === undefined && tok.length >= 3) {
      const maxDist = tok.length > SHORT_TOKEN ? 2 : 1;
      for (const id of maxDist === 1 ? this.deletionCandidates(tok) : this.trigramCandidates(tok, maxDist)) {
        if (out.has(id)) continue;
        const dist = boundedDistance(tok, this.terms[id], maxDist);
        if (dist <= maxDist) out.set(id, dist === 1 ? 0.7 : 0.5);
      }
    }
    return out;
  }

  /** Terms within one edit of a short token: they share a one-deletion variant (symmetric delete). */
  private deletionCandidates(tok: string): Set<number> {
    const out = new Set<number>();
    for (const d of deletions(tok)) for (const id of this.deletionTerms.get(d) ?? []) out.add(id);
    return out;
  }

  /** Terms sharing enough trigrams with a long token to be within `maxDist` edits. */
  private trigramCandidates(tok: string, maxDist: number): number[] {
    const grams = trigrams(tok);
    // q-gram lemma: one edit breaks at most 3 trigrams, one transposition at most 4.
    const need = Math.max(1, grams.length - 4 * maxDist);
    const seen: number[] = [];
    for (const g of grams) {
      for (const id of this.trigramTerms.get(g) ?? []) {
        if (this.termCounter[id] === 0) seen.push(id);
        this.termCounter[id]++;
      }
    }
    const out = seen.filter((id) => this.termCounter[id] >= need && Math.abs(this.terms[id].length - tok.length) <= maxDist);
    for (const id of seen) this.termCounter[id] = 0;
    return out;
  }

  private lowerBound(s: string): number {
    let lo = 0;
    let hi = this.slugs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.slugs[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBoundTerm(s: string): number {
    let lo = 0;
    let hi = this.sortedTerms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[this.sortedTerms[mid]] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
