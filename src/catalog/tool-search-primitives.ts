/**
 * Text and ranking primitives of the tool search (tool-search.ts): tokenizer, stemmer, typo keys,
 * bounded edit distance and a top-k heap. Kept apart so the index file reads as the algorithm.
 */

/** Lower-cased alphanumeric runs: underscores, spaces and punctuation all separate words. */
export function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0);
}

/** `scann` -> `scan`, `referr` -> `refer`; l, s and z stay doubled (install, address). */
function undouble(w: string): string {
  const last = w[w.length - 1];
  return w.length > 3 && last === w[w.length - 2] && !'aeioulsz'.includes(last) ? w.slice(0, -1) : w;
}

/**
 * Light suffix stemming, the same on documents and queries, so the forms people write meet the
 * forms the catalog uses: plural and singular (contacts/contact, companies/company, addresses),
 * -ed/-ing (created, scanned, referring), -ied (copied/copy, notified/notify), the -ify nouns
 * (notification/notify, verification/verify) and a final -e (create/created/creating all give
 * `creat`). Short words are left alone: a stem needs at least 4 letters.
 */
export function stem(w: string): string {
  let s = w;
  if (s.length > 4 && (s.endsWith('ies') || s.endsWith('ied'))) return `${s.slice(0, -3)}y`;
  if (s.length > 9 && /ifications?$/.test(s)) return s.slice(0, s.lastIndexOf('ification') + 2) + 'y';
  if (s.length > 3 && s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us')) s = s.slice(0, -1);
  if (s.length > 5 && s.endsWith('ing')) s = undouble(s.slice(0, -3));
  else if (s.length > 5 && s.endsWith('ed') && !s.endsWith('eed')) s = undouble(s.slice(0, -2));
  if (s.length > 4 && s.endsWith('e') && !s.endsWith('ee')) s = s.slice(0, -1);
  return s;
}

/** The term and every string obtained by deleting one character (SymSpell's distance-1 keys). */
export function deletions(term: string): string[] {
  const out = new Set<string>([term]);
  for (let i = 0; i < term.length; i++) out.add(term.slice(0, i) + term.slice(i + 1));
  return [...out];
}

/** Trigrams of the term padded with ^ and $, so word starts and ends count too. */
export function trigrams(term: string): string[] {
  const padded = `^${term}$`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
}

/** Optimal-string-alignment distance, giving up (returning max + 1) once it must exceed `max`. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length];
}

export function popcount(x: number): number {
  let c = 0;
  for (let v = x; v !== 0; v &= v - 1) c++;
  return c;
}

/** Bounded min-heap keeping the k best (key desc, doc asc), so ranking costs O(n log k), not a full sort. */
export class TopK {
  private readonly keys: number[] = [];
  private readonly docs: number[] = [];
  constructor(private readonly k: number) {}

  /** True when (ka, da) ranks below (kb, db). */
  private static worse(ka: number, da: number, kb: number, db: number): boolean {
    return ka < kb || (ka === kb && da > db);
  }

  /** The key a newcomer must reach to enter, -Infinity while the heap is not full. */
  floor(): number {
    return this.k > 0 && this.keys.length === this.k ? this.keys[0] : -Infinity;
  }

  push(key: number, doc: number): void {
    if (this.k <= 0) return;
    if (this.keys.length < this.k) {
      this.keys.push(key);
      this.docs.push(doc);
      this.up(this.keys.length - 1);
    } else if (TopK.worse(this.keys[0], this.docs[0], key, doc)) {
      this.keys[0] = key;
      this.docs[0] = doc;
      this.down(0);
    }
  }

  sorted(): number[] {
    const pairs = this.keys.map((k, i) => [k, this.docs[i]] as const);
    pairs.sort((a, b) => (TopK.worse(a[0], a[1], b[0], b[1]) ? 1 : -1));
    return pairs.map((p) => p[1]);
  }

  private swap(i: number, j: number): void {
    [this.keys[i], this.keys[j]] = [this.keys[j], this.keys[i]];
    [this.docs[i], this.docs[j]] = [this.docs[j], this.docs[i]];
  }

  private up(i: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!TopK.worse(this.keys[i], this.docs[i], this.keys[p], this.docs[p])) return;
      this.swap(i, p);
      i = p;
    }
  }

  private down(i: number): void {
    const n = this.keys.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && TopK.worse(this.keys[l], this.docs[l], this.keys[m], this.docs[m])) m = l;
      if (r < n && TopK.worse(this.keys[r], this.docs[r], this.keys[m], this.docs[m])) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
}
