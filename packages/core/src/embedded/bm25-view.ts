// A BM25 index read in place from term-major columns (bm25-term-columns.ts, the keyword segment
// version 4): what an opened store's first question needs is the few posting lists of its terms,
// not the whole index. Searches, counts and term statistics run on the columns and give exactly
// what the restored index gives (same formula, same order of additions, same tie rule); the first
// call that changes the index (add, remove) or asks for all of it (toJSON, toColumns) restores
// the writable index from the columns once, and from then on every call goes to it.
import { sortedIndexOf } from '../binary/string-column.js';
import { assertValidK, assertValidText } from '../validate/assert-valid-text.js';
import { emptyIndexFor, restoreBm25Columns, type Bm25Index, type Bm25Options } from './bm25-index.js';
import { termColumnsToDocColumns, type Bm25TermColumns } from './bm25-term-columns.js';
import { bm25Idf, bm25Search } from './bm25-scoring.js';

/** Whether a Bm25Index from `openBm25View` has restored its writable index. */
export const BM25_VIEW_RESTORED = Symbol('bm25.viewRestored');

export function openBm25View(cols: Bm25TermColumns, options: Pick<Bm25Options, 'tokenizer'> & { source?: string } = {}): Bm25Index {
  // an empty index with the stored settings gives the analyzer and the id the restored one has
  const settings = emptyIndexFor(cols, options.tokenizer, 'bm25 index');
  const { k1, b } = cols;
  const n = cols.ids.length;
  let restored: Bm25Index | undefined;
  const writable = (): Bm25Index => (restored ??= restoreBm25Columns(termColumnsToDocColumns(cols), { ...options, source: options.source ?? 'bm25 columns' }));
  let idSlots: Map<string, number> | undefined;
  let scratch: Float64Array | undefined;
  let touched: Int32Array | undefined;

  const idf = (df: number) => bm25Idf(n, df);
  const df = (t: number) => cols.starts[t + 1]! - cols.starts[t]!;

  const view: Bm25Index = {
    id: settings.id,
    k1,
    b,
    get documentCount() {
      return restored ? restored.documentCount : n;
    },
    addSync: (docs) => writable().addSync(docs),
    restoreSync: (docs) => writable().restoreSync(docs),
    removeSync: (ids) => writable().removeSync(ids),
    searchSync(query, k, searchOptions = {}) {
      if (restored) return restored.searchSync(query, k, searchOptions);
      assertValidText('query', query);
      assertValidK('k', k);
      if (k === 0 || n === 0) return [];
      // the query's terms in their order (the restored index adds per document in this order too)
      const qtf = new Map<number, number>();
      for (const tok of settings.analyze(query)) {
        const t = sortedIndexOf(cols.terms, tok);
        if (t >= 0 && df(t) > 0) qtf.set(t, (qtf.get(t) ?? 0) + 1);
      }
      if (qtf.size === 0) return [];
      scratch ??= new Float64Array(n);
      touched ??= new Int32Array(n);
      return bm25Search(
        { slots: cols.slots, tfs: cols.tfs, from: (t) => cols.starts[t]!, count: df, docLen: cols.docLen },
        { qtf, k, documents: n, totalLen: cols.totalLen, k1, b, idOf: (slot) => cols.ids.at(slot)!, filter: searchOptions.filter, scratch, touched },
      );
    },
    async add(docs) {
      writable().addSync(docs);
    },
    async remove(ids) {
      writable().removeSync(ids);
    },
    async search(query, k) {
      return view.searchSync(query, k);
    },
    async size() {
      return view.documentCount;
    },
    analyze: (text) => settings.analyze(text),
    termStats(term) {
      if (restored) return restored.termStats(term);
      const t = sortedIndexOf(cols.terms, term.toLowerCase());
      const d = t < 0 ? 0 : df(t);
      return { term, df: d, idf: idf(d) };
    },
    has(id) {
      if (restored) return restored.has(id);
      if (!idSlots) {
        idSlots = new Map();
        for (let i = 0; i < n; i++) idSlots.set(cols.ids.at(i)!, i);
      }
      return idSlots.has(id);
    },
    ids: () => (restored ? restored.ids() : Array.from({ length: n }, (_, i) => cols.ids.at(i)!)),
    toJSON: () => writable().toJSON(),
    toColumns: () => writable().toColumns(),
  };
  Object.defineProperty(view, BM25_VIEW_RESTORED, { get: () => restored !== undefined });
  // Restore the writable index now, as the first add or remove would (a writer that expects writes soon).
  Object.defineProperty(view, 'materialize', { value: () => void writable() });
  return view;
}
