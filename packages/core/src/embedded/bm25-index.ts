// Okapi BM25 keyword index (Robertson & Zaragoza 2009, "The Probabilistic Relevance Framework:
// BM25 and Beyond", eq. 3.15 with Lucene's non-negative IDF):
//   score(q, d) = Σ_t qtf·idf(t)·tf·(k1 + 1) / (tf + k1·(1 − b + b·|d|/avgdl)),
//   idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)).
// Posting lists (slot, tf) per term and term lists (term, tf) per document live in two pools of
// shared typed arrays (pair-list-pool.ts), not in typed arrays of their own: a typed array costs
// ~200 bytes of object overhead, more than most lists hold. A query touches only its terms'
// postings and keeps the top k in a bounded heap. Adding an existing id replaces it; removal is
// incremental.
import { z } from 'zod';
import type { KeywordDocument, KeywordHit, KeywordIndex } from '../contracts/keyword-index.js';
import { RagError } from '../errors.js';
import { ENGLISH_STOP_WORDS } from '../text/stop-words.js';
import { tokenize } from '../text/tokenize.js';
import { keywordTerms } from '../text/keyword-terms.js';
import { Bm25AnalyzerSchema, type Bm25Analyzer } from './bm25-analyzer.js';
import { assertValidId, assertValidK, assertValidText } from '../validate/assert-valid-text.js';
import { bm25Idf, bm25Search } from './bm25-scoring.js';
import type { Bm25Columns } from './bm25-columns.js';
import { PairListPool } from './pair-list-pool.js';

export interface Bm25Options {
  /** Term-frequency saturation (default 1.2). */
  k1?: number;
  /** Length normalisation (default 0.75). */
  b?: number;
  /** Stop words to drop: the English list (default), `false` for none, or your own set. */
  stopWords?: ReadonlySet<string> | false;
  /** Custom analyzer (text → terms). Not serialised: pass it again to `restoreBm25Index`. */
  tokenizer?: (text: string) => string[];
  /**
   * The built-in analyzer when no `tokenizer` is given: "identifiers" (default) keeps code
   * identifiers whole besides their word parts (keyword-terms.ts); "words" is plain word tokens,
   * what indexes written before the analyzer was recorded hold.
   */
  analyzer?: Bm25Analyzer;
}


export interface Bm25SearchOptions {
  /** Keep only ids for which this returns true (e.g. chunks of some documents). */
  filter?: (id: string) => boolean;
}

export interface Bm25TermStats {
  term: string;
  /** Number of documents containing the term. */
  df: number;
  idf: number;
}

export interface Bm25Index extends KeywordIndex {
  readonly k1: number;
  readonly b: number;
  /** Synchronous add/replace, for callers that index in a tight loop. */
  addSync(docs: KeywordDocument[]): void;
  /**
   * Re-add documents read back from a store: their shape is checked, the text rules are not
   * (they applied when the text came in; a store written under older rules must still open).
   */
  restoreSync(docs: KeywordDocument[]): void;
  removeSync(ids: string[]): void;
  /** Synchronous search: the fast path for retrievers. */
  searchSync(query: string, k: number, options?: Bm25SearchOptions): KeywordHit[];
  /** The terms this index would make of `text` (after lower-casing and stop words). */
  analyze(text: string): string[];
  termStats(term: string): Bm25TermStats;
  has(id: string): boolean;
  ids(): string[];
  /** Number of documents (synchronous `size`). */
  readonly documentCount: number;
  /** Plain-JSON snapshot; `restoreBm25Index(snapshot)` rebuilds the index. */
  toJSON(): Bm25Snapshot;
  /** The same content as typed columns (`encodeBm25Columns`); `restoreBm25Columns` rebuilds the index. */
  toColumns(): Bm25Columns;
}

const SnapshotSchema = z.object({
  format: z.literal('rag-bm25'),
  version: z.literal(1),
  k1: z.number().positive(),
  b: z.number().min(0).max(1),
  stopWords: z.union([z.literal('english'), z.literal('none'), z.array(z.string())]),
  customTokenizer: z.boolean(),
  /** Absent in snapshots written before it was recorded: those hold "words". */
  analyzer: Bm25AnalyzerSchema.optional(),
  terms: z.array(z.string()),
  /** [id, term indexes, term frequencies] per document. */
  docs: z.array(z.tuple([z.string().min(1), z.array(z.number().int().nonnegative()), z.array(z.number().int().positive())])),
});
export type Bm25Snapshot = z.infer<typeof SnapshotSchema>;
/** The same snapshot with the document list checked by hand (`checkDocs`): zod over tens of
 * thousands of small tuples dominated the time to open a store. */
const HeaderSchema = SnapshotSchema.extend({ docs: z.array(z.unknown()) });

const isIndexList = (a: unknown, min: number): a is number[] =>
  Array.isArray(a) && a.every((x) => Number.isInteger(x) && (x as number) >= min);

function checkDocs(docs: unknown[], terms: number): Bm25Snapshot['docs'] {
  docs.forEach((d, i) => {
    const ok = Array.isArray(d) && d.length === 3 && typeof d[0] === 'string' && d[0].length > 0 && isIndexList(d[1], 0) && isIndexList(d[2], 1);
    if (!ok) throw new RagError('RAG_STORE_CORRUPT', `bm25 snapshot is invalid: docs[${i}] is not [id, term indexes, term frequencies]`, { details: { index: i } });
    const [id, idx, tfs] = d as [string, number[], number[]];
    if (idx.length !== tfs.length || idx.some((j) => j >= terms))
      throw new RagError('RAG_STORE_CORRUPT', `bm25 snapshot: document ${id} has inconsistent term lists`, { details: { id } });
  });
  return docs as Bm25Snapshot['docs'];
}

export function createBm25Index(options: Bm25Options = {}): Bm25Index {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  if (!(k1 > 0) || !Number.isFinite(k1)) throw new RagError('RAG_CONFIG', `bm25 k1 must be a positive number, got ${k1}`);
  if (!(b >= 0 && b <= 1)) throw new RagError('RAG_CONFIG', `bm25 b must be in [0, 1], got ${b}`);
  const stop = options.stopWords === false ? undefined : (options.stopWords ?? ENGLISH_STOP_WORDS);
  const analyzer: Bm25Analyzer = options.analyzer ?? 'identifiers';
  if (analyzer !== 'words' && analyzer !== 'identifiers') throw new RagError('RAG_CONFIG', `bm25 analyzer must be "words" or "identifiers", got ${String(analyzer)}`);
  const stopOpt = stop ? { stopWords: stop } : {};
  const analyze =
    options.tokenizer ?? (analyzer === 'identifiers' ? (text: string) => keywordTerms(text, stopOpt) : (text: string) => tokenize(text, stopOpt));

  // Terms: list t of `postings` holds term t's (slot, tf) pairs.
  const termIds = new Map<string, number>();
  const termText: string[] = [];
  let postings = new PairListPool();
  // Documents by slot: list `slot` of `docTerms` holds the document's (term, tf) pairs.
  const slotIds: (string | undefined)[] = [];
  const idToSlot = new Map<string, number>();
  const freeSlots: number[] = [];
  let docLen = new Float64Array(64);
  let docTerms = new PairListPool();
  let live = 0;
  let totalLen = 0;
  // Search scratch space, reused across queries.
  let scratch = new Float64Array(64);
  let touched = new Int32Array(64);

  const internTerm = (t: string): number => {
    let id = termIds.get(t);
    if (id === undefined) {
      id = termText.length;
      termIds.set(t, id);
      termText.push(t);
      postings.addList();
    }
    return id;
  };

  const removeSlot = (slot: number) => {
    const ds = docTerms.start[slot]!;
    for (let i = 0, n = docTerms.len[slot]!; i < n; i++) {
      const t = docTerms.x[ds + i]!;
      // swap-remove keeps the posting list dense
      postings.swapRemove(t, postings.indexOf(t, slot));
    }
    docTerms.reset(slot, 0);
    idToSlot.delete(slotIds[slot]!);
    slotIds[slot] = undefined;
    totalLen -= docLen[slot]!;
    docLen[slot] = 0;
    freeSlots.push(slot);
    live--;
  };

  const insert = (id: string, counts: Map<number, number>) => {
    const old = idToSlot.get(id);
    if (old !== undefined) removeSlot(old);
    const slot = freeSlots.pop() ?? slotIds.length;
    if (slot >= docLen.length) {
      const grown = new Float64Array(docLen.length * 2);
      grown.set(docLen);
      docLen = grown;
    }
    if (slot === docTerms.lists) docTerms.addList();
    docTerms.reset(slot, counts.size);
    let len = 0;
    for (const [t, tf] of counts) {
      docTerms.push(slot, t, tf);
      len += tf;
      postings.push(t, slot, tf);
    }
    slotIds[slot] = id;
    idToSlot.set(id, slot);
    docLen[slot] = len;
    totalLen += len;
    live++;
  };

  const countTerms = (text: string): Map<number, number> => {
    const counts = new Map<number, number>();
    for (const tok of analyze(text)) {
      const t = internTerm(tok);
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    return counts;
  };

  const idf = (df: number) => bm25Idf(live, df);

  const validateDocs = (docs: unknown, stored = false): KeywordDocument[] => {
    if (!Array.isArray(docs)) throw new RagError('RAG_INVALID_INPUT', 'docs: expected an array', { details: { input: 'docs' } });
    docs.forEach((d: unknown, i) => {
      if (d === null || typeof d !== 'object')
        throw new RagError('RAG_INVALID_INPUT', `docs[${i}]: expected an object`, { details: { input: `docs[${i}]` } });
      const doc = d as Record<string, unknown>;
      assertValidId(`docs[${i}].id`, doc.id);
      if (stored) {
        if (typeof doc.text !== 'string') throw new RagError('RAG_INVALID_INPUT', `docs[${i}].text: expected a string`, { details: { input: `docs[${i}].text` } });
      } else assertValidText(`docs[${i}].text`, doc.text, { allowEmpty: true });
    });
    return docs as KeywordDocument[];
  };

  const index: Bm25Index = {
    id: `bm25:k1=${k1}:b=${b}:stop=${stopLabel(options.stopWords)}${options.tokenizer ? ':tokenizer=custom' : analyzer === 'identifiers' ? ':analyzer=identifiers' : ''}`,
    k1,
    b,
    get documentCount() {
      return live;
    },
    addSync(docs) {
      // Validate the whole batch first so a bad document leaves the index untouched.
      for (const doc of validateDocs(docs)) insert(doc.id, countTerms(doc.text));
    },
    restoreSync(docs) {
      for (const doc of validateDocs(docs, true)) insert(doc.id, countTerms(doc.text));
    },
    removeSync(ids) {
      if (!Array.isArray(ids)) throw new RagError('RAG_INVALID_INPUT', 'ids: expected an array', { details: { input: 'ids' } });
      ids.forEach((id, i) => assertValidId(`ids[${i}]`, id));
      // Unknown ids are ignored: removal is idempotent so an interrupted delete can be replayed.
      for (const id of ids) {
        const slot = idToSlot.get(id);
        if (slot !== undefined) removeSlot(slot);
      }
    },
    searchSync(query, k, searchOptions = {}) {
      assertValidText('query', query);
      assertValidK('k', k);
      if (k === 0 || live === 0) return [];
      const qtf = new Map<number, number>();
      for (const tok of analyze(query)) {
        const t = termIds.get(tok);
        if (t !== undefined && postings.len[t]! > 0) qtf.set(t, (qtf.get(t) ?? 0) + 1);
      }
      if (qtf.size === 0) return [];
      if (scratch.length < slotIds.length) {
        scratch = new Float64Array(docLen.length);
        touched = new Int32Array(docLen.length);
      }
      const pool = postings;
      return bm25Search(
        { slots: pool.x, tfs: pool.y, from: (t) => pool.start[t]!, count: (t) => pool.len[t]!, docLen },
        { qtf, k, documents: live, totalLen, k1, b, idOf: (slot) => slotIds[slot]!, filter: searchOptions.filter, scratch, touched },
      );
    },
    async add(docs) {
      index.addSync(docs);
    },
    async remove(ids) {
      index.removeSync(ids);
    },
    async search(query, k) {
      return index.searchSync(query, k);
    },
    async size() {
      return live;
    },
    analyze,
    termStats(term) {
      const t = termIds.get(term.toLowerCase());
      const df = t === undefined ? 0 : postings.len[t]!;
      return { term, df, idf: idf(df) };
    },
    has: (id) => idToSlot.has(id),
    ids: () => slotIds.filter((id): id is string => id !== undefined),
    toJSON() {
      const used = new Map<number, number>();
      const terms: string[] = [];
      const docs: Bm25Snapshot['docs'] = [];
      slotIds.forEach((id, slot) => {
        if (id === undefined) return;
        const ds = docTerms.start[slot]!;
        const n = docTerms.len[slot]!;
        const idx: number[] = [];
        for (const t of docTerms.x.subarray(ds, ds + n)) {
          let j = used.get(t);
          if (j === undefined) {
            j = terms.length;
            used.set(t, j);
            terms.push(termText[t]!);
          }
          idx.push(j);
        }
        docs.push([id, idx, Array.from(docTerms.y.subarray(ds, ds + n))]);
      });
      return { format: 'rag-bm25', version: 1, k1, b, stopWords: stopWordsOf(options.stopWords), customTokenizer: options.tokenizer !== undefined, analyzer, terms, docs };
    },
    toColumns() {
      // terms renumbered in first-use order, so only used terms are written
      const renum = new Int32Array(termText.length).fill(-1);
      const terms: string[] = [];
      const ids: string[] = [];
      const offsets = new Uint32Array(live + 1);
      let entries = 0;
      for (let slot = 0; slot < slotIds.length; slot++) if (slotIds[slot] !== undefined) entries += docTerms.len[slot]!;
      const termIndexes = new Uint32Array(entries);
      const tfs = new Uint32Array(entries);
      let at = 0;
      for (let slot = 0; slot < slotIds.length; slot++) {
        const id = slotIds[slot];
        if (id === undefined) continue;
        const ts = docTerms.x;
        const fs = docTerms.y;
        for (let i = docTerms.start[slot]!, e = i + docTerms.len[slot]!; i < e; i++) {
          const t = ts[i]!;
          let j = renum[t]!;
          if (j < 0) {
            j = renum[t] = terms.length;
            terms.push(termText[t]!);
          }
          termIndexes[at] = j;
          tfs[at++] = fs[i]!;
        }
        ids.push(id);
        offsets[ids.length] = at;
      }
      return { k1, b, stopWords: stopWordsOf(options.stopWords), customTokenizer: options.tokenizer !== undefined, analyzer, terms, ids, offsets, termIndexes, tfs };
    },
  };
  // Internal hook used by restoreBm25Index: load pre-counted documents.
  Object.defineProperty(index, RESTORE, {
    value: (snapshot: Bm25Snapshot) => {
      const ids = snapshot.terms.map(internTerm);
      for (const [id, idx, tfs] of snapshot.docs) {
        const counts = new Map<number, number>();
        idx.forEach((j, i) => counts.set(ids[j]!, tfs[i]!));
        insert(id, counts);
      }
    },
  });
  // Internal hook used by restoreBm25Columns: fill an empty index from columns in bulk. The
  // postings are grouped by term into fresh arrays that become the postings pool; the documents'
  // term lists are the restored columns themselves (the docs pool wraps them).
  Object.defineProperty(index, RESTORE_COLUMNS, {
    value: (c: Bm25Columns, source: string) => {
      if (live > 0 || termText.length > 0) throw new RagError('RAG_INVALID_INPUT', 'bm25: columns restore into an empty index only');
      const nTerms = c.terms.length;
      for (let t = 0; t < nTerms; t++) {
        const term = c.terms[t]!;
        if (termIds.has(term)) throw new RagError('RAG_STORE_CORRUPT', `${source}: keyword index lists term "${term}" twice`, { details: { file: source } });
        termIds.set(term, t);
        termText.push(term);
      }
      const n = c.ids.length;
      const entries = c.termIndexes.length;
      const flatTerms = new Int32Array(c.termIndexes.buffer, c.termIndexes.byteOffset, entries);
      const flatTfs = new Int32Array(c.tfs.buffer, c.tfs.byteOffset, entries);
      const starts = new Int32Array(nTerms + 1);
      for (let i = 0; i < entries; i++) starts[flatTerms[i]! + 1]!++;
      for (let t = 0; t < nTerms; t++) starts[t + 1]! += starts[t]!;
      const fill = new Int32Array(nTerms);
      const slotsAll = new Int32Array(entries);
      const tfsAll = new Int32Array(entries);
      if (docLen.length < n) docLen = new Float64Array(n);
      slotIds.length = n;
      for (let slot = 0; slot < n; slot++) {
        const id = c.ids[slot]!;
        if (idToSlot.has(id)) throw new RagError('RAG_STORE_CORRUPT', `${source}: keyword index lists document ${id} twice`, { details: { file: source, id } });
        let len = 0;
        for (let i = c.offsets[slot]!, e = c.offsets[slot + 1]!; i < e; i++) {
          const t = flatTerms[i]!;
          const at = starts[t]! + fill[t]!++;
          slotsAll[at] = slot;
          tfsAll[at] = flatTfs[i]!;
          len += flatTfs[i]!;
        }
        slotIds[slot] = id;
        idToSlot.set(id, slot);
        docLen[slot] = len;
        totalLen += len;
      }
      postings = PairListPool.wrap(slotsAll, tfsAll, starts, nTerms);
      docTerms = PairListPool.wrap(flatTerms, flatTfs, c.offsets, n);
      live = n;
    },
  });
  return index;
}

const RESTORE = Symbol('bm25.restore');
const RESTORE_COLUMNS = Symbol('bm25.restoreColumns');

const stopWordsOf = (stopWords: Bm25Options['stopWords']): Bm25Snapshot['stopWords'] =>
  stopWords === false ? 'none' : stopWords && stopWords !== ENGLISH_STOP_WORDS ? [...stopWords] : 'english';

/** An empty index with the stored settings (one place for the restore paths and the stored view, bm25-view.ts). */
export function emptyIndexFor(settings: Pick<Bm25Snapshot, 'k1' | 'b' | 'stopWords' | 'customTokenizer' | 'analyzer'>, tokenizer: Bm25Options['tokenizer'], what: string): Bm25Index {
  if (settings.customTokenizer && !tokenizer) throw new RagError('RAG_CONFIG', `${what} was built with a custom tokenizer: pass the same \`tokenizer\``);
  return createBm25Index({
    k1: settings.k1,
    b: settings.b,
    stopWords: settings.stopWords === 'none' ? false : settings.stopWords === 'english' ? ENGLISH_STOP_WORDS : new Set(settings.stopWords),
    // an index stored before the analyzer was recorded was built with plain word tokens
    analyzer: settings.analyzer ?? 'words',
    ...(tokenizer ? { tokenizer } : {}),
  });
}

/**
 * Rebuild an index from `toColumns()` output (as `decodeBm25Columns` returns it from a file;
 * `source` names that file in errors).
 */
export function restoreBm25Columns(columns: Bm25Columns, options: Pick<Bm25Options, 'tokenizer'> & { source?: string } = {}): Bm25Index {
  const index = emptyIndexFor(columns, options.tokenizer, 'bm25 index');
  (index as unknown as Record<symbol, (c: Bm25Columns, source: string) => void>)[RESTORE_COLUMNS]!(columns, options.source ?? 'bm25 columns');
  return index;
}

/** Rebuild an index from `toJSON()` output. Throws RAG_STORE_CORRUPT when it does not validate. */
export function restoreBm25Index(snapshot: unknown, options: Pick<Bm25Options, 'tokenizer'> = {}): Bm25Index {
  const parsed = HeaderSchema.safeParse(snapshot);
  if (!parsed.success)
    throw new RagError('RAG_STORE_CORRUPT', `bm25 snapshot is invalid: ${z.prettifyError(parsed.error)}`, {
      cause: parsed.error,
    });
  const s: Bm25Snapshot = { ...parsed.data, docs: checkDocs(parsed.data.docs, parsed.data.terms.length) };
  const index = emptyIndexFor(s, options.tokenizer, 'bm25 snapshot');
  (index as unknown as Record<symbol, (s: Bm25Snapshot) => void>)[RESTORE]!(s);
  return index;
}

function stopLabel(stopWords: Bm25Options['stopWords']): string {
  if (stopWords === false) return 'none';
  if (stopWords === undefined || stopWords === ENGLISH_STOP_WORDS) return 'english';
  return `custom${stopWords.size}`;
}
