// The indexer's documents and their chunks as columns rather than one object per document,
// chunk and sentence (issue #14: those objects cost about a kilobyte per passage beside the
// text itself). A row holds a document's id, title, text, metadata (none when empty) and
// content hash (32 bytes when it is a sha256 in hex); its chunks and their sentences are
// offsets into the document's text in one shared Int32Array. A chunk's text is read as a slice
// of its document's text, so each text is held once. `Doc` and `Chunk` objects are made when
// read and not kept: two reads give equal objects, not the same one.
//
// Chunk ids are `${docId}::${i}` as the chunker names them; a document whose chunks are named
// otherwise keeps its ids in a side table, as does a chunk whose text is not the slice of its
// document (a store may hold such chunks) or that carries metadata.
import type { Chunk, Doc, Metadata, Span } from '@rag/core';
import { StoredRow, storedRowOf } from '../store/stored-rows.js';
import type { DocSummary } from '../types.js';

const HEX = /^[0-9a-f]{64}$/;
const HEX_DIGITS = '0123456789abcdef';
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 15]!);

/** An Int32Array that grows by doubling. */
class IntColumn {
  data: Int32Array;
  length = 0;
  constructor(capacity = 64) {
    this.data = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

const chunkIdOf = (docId: string, i: number) => `${docId}::${i}`;

export class DocTable {
  private readonly rowOf = new Map<string, number>();
  private ids: (string | undefined)[] = [];
  private titles: (string | undefined)[] = [];
  /** The text, or where in a decoded store it is read from (store/stored-rows.ts). */
  private texts: (string | StoredRow)[] = [];
  /** Metadata; undefined for an empty record. */
  private metas: (Metadata | undefined)[] = [];
  /** Hash bytes (32 a row); a row whose hash is not a lowercase sha256 hex has its hash in `oddHashes`. */
  private hashes = new Uint8Array(32 * 64);
  private readonly oddHashes = new Map<string, string>();
  /** Where a row's chunks start in `spans`, and how many it has. */
  private spanAt = new IntColumn();
  private chunkCounts = new IntColumn();
  /** Per chunk: start, end, sentence count, then each sentence's start and end. */
  private spans = new IntColumn(1024);
  private deadRows = 0;
  private deadSpans = 0;
  /** Chunk ids of documents whose chunks are not named `${docId}::${i}`, and the reverse. */
  private readonly oddChunkIds = new Map<string, string[]>();
  private readonly oddChunkDoc = new Map<string, string>();
  /** Chunk texts that are not their span of the document's text; chunk metadata. */
  private readonly ownTexts = new Map<string, string>();
  private readonly chunkMetas = new Map<string, Metadata>();
  /** A row's summary text (or where in a store it is read from, or a summary record with more fields), if it has one. */
  private summaryTexts: (string | StoredRow | DocSummary | undefined)[] = [];
  /** Summaries of ids with no document (none in practice: a summary is made for a document just added). */
  private readonly strays = new Map<string, DocSummary>();
  private chunkTotal = 0;
  private sentenceTotal = 0;

  get size(): number {
    return this.rowOf.size;
  }

  get chunkCount(): number {
    return this.chunkTotal;
  }

  get sentenceCount(): number {
    return this.sentenceTotal;
  }

  has(id: string): boolean {
    return this.rowOf.has(id);
  }

  /**
   * Add a document and its chunks (in order). A stored document (`lazy`) keeps its text and hash
   * where they are until read. Adding an id already present replaces it (it moves to the end).
   */
  add(doc: Doc, chunks: readonly Chunk[], lazy = false): void {
    this.delete(doc.id);
    const row = this.ids.length;
    this.rowOf.set(doc.id, row);
    this.ids.push(doc.id);
    this.titles.push(doc.title);
    this.texts.push(lazy ? storedRowOf(doc) ?? wrapStored(doc) : doc.text);
    this.metas.push(doc.metadata && Object.keys(doc.metadata).length > 0 ? doc.metadata : undefined);
    this.summaryTexts.push(undefined);
    if (32 * (row + 1) > this.hashes.length) {
      const next = new Uint8Array(this.hashes.length * 2);
      next.set(this.hashes);
      this.hashes = next;
    }
    if (!lazy) this.packHash(row, doc.id, doc.contentHash);
    this.spanAt.push(this.spans.length);
    this.chunkCounts.push(chunks.length);
    const text = lazy ? undefined : doc.text;
    const odd = chunks.some((c, i) => c.id !== chunkIdOf(doc.id, i));
    if (odd) {
      this.oddChunkIds.set(doc.id, chunks.map((c) => c.id));
      for (const c of chunks) this.oddChunkDoc.set(c.id, doc.id);
    }
    for (const c of chunks) {
      this.spans.push(c.start);
      this.spans.push(c.end);
      this.spans.push(c.sentences.length);
      for (const s of c.sentences) {
        this.spans.push(s.start);
        this.spans.push(s.end);
      }
      // a stored chunk's text is left unread (reading it would inflate its document's text)
      const own = lazy ? ownText(c) : c.text !== text!.slice(c.start, c.end) ? c.text : undefined;
      if (own !== undefined) this.ownTexts.set(c.id, own);
      if (c.metadata !== undefined) this.chunkMetas.set(c.id, c.metadata);
      this.sentenceTotal += c.sentences.length;
    }
    this.chunkTotal += chunks.length;
  }

  /** Forget a document and its chunks; returns the ids of the chunks it had. */
  delete(id: string): string[] {
    const row = this.rowOf.get(id);
    if (row === undefined) return [];
    const chunkIds = this.chunkIdsOfRow(row);
    let at = this.spanAt.data[row]!;
    for (let i = 0; i < chunkIds.length; i++) {
      const n = this.spans.data[at + 2]!;
      this.sentenceTotal -= n;
      at += 3 + 2 * n;
    }
    this.deadSpans += at - this.spanAt.data[row]!;
    this.chunkTotal -= chunkIds.length;
    for (const c of chunkIds) {
      this.ownTexts.delete(c);
      this.chunkMetas.delete(c);
      this.oddChunkDoc.delete(c);
    }
    this.oddChunkIds.delete(id);
    this.oddHashes.delete(id);
    this.rowOf.delete(id);
    this.ids[row] = undefined;
    this.titles[row] = undefined;
    this.texts[row] = '';
    this.metas[row] = undefined;
    this.summaryTexts[row] = undefined;
    this.deadRows++;
    if (this.deadRows > 1024 && this.deadRows > this.rowOf.size) this.compact();
    return chunkIds;
  }

  get(id: string): Doc | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.docAt(row);
  }

  /** A document's content hash (without making the document). */
  hashOf(id: string): string | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.hashAt(row);
  }

  keys(): IterableIterator<string> {
    return this.rowOf.keys();
  }

  *values(): IterableIterator<Doc> {
    for (const row of this.rowOf.values()) yield this.docAt(row);
  }

  chunkIds(docId: string): string[] | undefined {
    const row = this.rowOf.get(docId);
    return row === undefined ? undefined : this.chunkIdsOfRow(row);
  }

  chunksOf(docId: string): Chunk[] {
    const row = this.rowOf.get(docId);
    if (row === undefined) return [];
    const out: Chunk[] = [];
    for (let i = 0, n = this.chunkCounts.data[row]!; i < n; i++) out.push(this.chunkAt(row, i));
    return out;
  }

  getChunk(chunkId: string): Chunk | undefined {
    const odd = this.oddChunkDoc.get(chunkId);
    if (odd !== undefined) {
      const row = this.rowOf.get(odd)!;
      return this.chunkAt(row, this.oddChunkIds.get(odd)!.indexOf(chunkId));
    }
    const k = chunkId.lastIndexOf('::');
    if (k < 0) return undefined;
    const docId = chunkId.slice(0, k);
    const row = this.rowOf.get(docId);
    const i = Number(chunkId.slice(k + 2));
    if (row === undefined || this.oddChunkIds.has(docId) || !(Number.isInteger(i) && i >= 0 && i < this.chunkCounts.data[row]!) || chunkIdOf(docId, i) !== chunkId) return undefined;
    return this.chunkAt(row, i);
  }

  /** Every chunk, in document order. */
  *chunks(): IterableIterator<Chunk> {
    for (const row of this.rowOf.values()) for (let i = 0, n = this.chunkCounts.data[row]!; i < n; i++) yield this.chunkAt(row, i);
  }

  /**
   * The documents' summaries, read as a map of document id → summary, in document order. A
   * summary goes with its document: removing or replacing the document drops it.
   */
  readonly summaries = {
    get: (docId: string): DocSummary | undefined => {
      const row = this.rowOf.get(docId);
      const t = row === undefined ? undefined : this.summaryTexts[row];
      if (t === undefined) return this.strays.get(docId);
      return typeof t === 'string' ? { docId, text: t } : t instanceof StoredRow ? storedSummary(docId, t) : t;
    },
    has: (docId: string): boolean => this.summaries.get(docId) !== undefined,
    set: (docId: string, summary: DocSummary): void => {
      const row = this.rowOf.get(docId);
      if (row === undefined) {
        this.strays.set(docId, summary);
        return;
      }
      // a stored summary keeps its text where it is until read
      const plain = summary.docId === docId && Object.keys(summary).length === 2;
      const stored = plain && isStoredLazily(summary) ? storedRowOf(summary) : undefined;
      this.summaryTexts[row] = stored ?? (plain && !isStoredLazily(summary) ? summary.text : summary);
    },
    delete: (docId: string): boolean => {
      const row = this.rowOf.get(docId);
      const had = row !== undefined && this.summaryTexts[row] !== undefined;
      if (had) this.summaryTexts[row] = undefined;
      return this.strays.delete(docId) || had;
    },
    values: (): DocSummary[] => {
      const out: DocSummary[] = [];
      for (const [docId, row] of this.rowOf) if (this.summaryTexts[row] !== undefined) out.push(this.summaries.get(docId)!);
      return [...out, ...this.strays.values()];
    },
  };

  private chunkIdsOfRow(row: number): string[] {
    const docId = this.ids[row]!;
    return this.oddChunkIds.get(docId)?.slice() ?? Array.from({ length: this.chunkCounts.data[row]! }, (_, i) => chunkIdOf(docId, i));
  }

  private hashAt(row: number): string {
    const t = this.texts[row]!;
    if (typeof t !== 'string') return t.hash();
    const odd = this.oddHashes.get(this.ids[row]!);
    if (odd !== undefined) return odd;
    let s = '';
    for (let i = 32 * row; i < 32 * row + 32; i++) s += BYTE_HEX[this.hashes[i]!];
    return s;
  }

  private packHash(row: number, id: string, hash: string): void {
    if (!HEX.test(hash)) {
      this.oddHashes.set(id, hash);
      return;
    }
    for (let i = 0; i < 32; i++) this.hashes[32 * row + i] = parseInt(hash.slice(2 * i, 2 * i + 2), 16);
  }

  private docAt(row: number): Doc {
    const title = this.titles[row];
    const t = this.texts[row]!;
    if (typeof t !== 'string') return storedDoc(t, this.ids[row]!, title, this.metas[row] ?? {});
    return { id: this.ids[row]!, ...(title !== undefined ? { title } : {}), text: t, metadata: this.metas[row] ?? {}, contentHash: this.hashAt(row) };
  }

  private chunkAt(row: number, i: number): Chunk {
    let at = this.spanAt.data[row]!;
    for (let k = 0; k < i; k++) at += 3 + 2 * this.spans.data[at + 2]!;
    const d = this.spans.data;
    const start = d[at]!;
    const end = d[at + 1]!;
    const sentences: Span[] = [];
    for (let k = 0, n = d[at + 2]!; k < n; k++) sentences.push({ start: d[at + 3 + 2 * k]!, end: d[at + 4 + 2 * k]! });
    const docId = this.ids[row]!;
    const id = this.oddChunkIds.get(docId)?.[i] ?? chunkIdOf(docId, i);
    const metadata = this.chunkMetas.get(id);
    const own = this.ownTexts.get(id);
    const chunk: Chunk = { id, docId, text: '', start, end, sentences, ...(metadata !== undefined ? { metadata } : {}) };
    if (own !== undefined) chunk.text = own;
    else if (typeof this.texts[row] === 'string') chunk.text = (this.texts[row] as string).slice(start, end);
    else {
      // a stored document's text is inflated on first use: read the chunk's when asked for
      const source = this.texts[row] as StoredRow;
      let text: string | undefined;
      Object.defineProperty(chunk, 'text', {
        get: () => (text ??= source.text().slice(start, end)),
        set: (v: string) => {
          text = v;
        },
        enumerable: true,
        configurable: true,
      });
    }
    return chunk;
  }

  /** Rewrite the columns without the rows of removed documents. */
  private compact(): void {
    const rows = [...this.rowOf.values()];
    const ids: (string | undefined)[] = [];
    const titles: (string | undefined)[] = [];
    const texts: (string | StoredRow)[] = [];
    const metas: (Metadata | undefined)[] = [];
    const summaryTexts: (string | StoredRow | DocSummary | undefined)[] = [];
    const hashes = new Uint8Array(32 * Math.max(64, rows.length * 2));
    const spanAt = new IntColumn(Math.max(64, rows.length * 2));
    const chunkCounts = new IntColumn(Math.max(64, rows.length * 2));
    const spans = new IntColumn(Math.max(1024, this.spans.length - this.deadSpans + 1024));
    rows.forEach((row, r) => {
      ids.push(this.ids[row]);
      titles.push(this.titles[row]);
      texts.push(this.texts[row]!);
      metas.push(this.metas[row]);
      summaryTexts.push(this.summaryTexts[row]);
      hashes.set(this.hashes.subarray(32 * row, 32 * row + 32), 32 * r);
      spanAt.push(spans.length);
      const n = this.chunkCounts.data[row]!;
      chunkCounts.push(n);
      let at = this.spanAt.data[row]!;
      for (let i = 0; i < n; i++) {
        const len = 3 + 2 * this.spans.data[at + 2]!;
        for (let k = 0; k < len; k++) spans.push(this.spans.data[at + k]!);
        at += len;
      }
      this.rowOf.set(this.ids[row]!, r);
    });
    Object.assign(this, { ids, titles, texts, metas, summaryTexts, hashes, spanAt, chunkCounts, spans, deadRows: 0, deadSpans: 0 });
  }
}

/**
 * A stored document as read: its text and hash are read from the store when first asked for
 * (own enumerable accessors, as the decoder gives them). Made on each read, not kept.
 */
function storedDoc(row: StoredRow, id: string, title: string | undefined, metadata: Metadata): Doc {
  let text: string | undefined;
  let hash: string | undefined;
  return {
    id,
    ...(title !== undefined ? { title } : {}),
    get text() {
      return (text ??= row.text());
    },
    set text(value: string) {
      text = value;
    },
    metadata,
    get contentHash() {
      return (hash ??= row.hash());
    },
    set contentHash(value: string) {
      hash = value;
    },
  };
}

function storedSummary(docId: string, row: StoredRow): DocSummary {
  let text: string | undefined;
  return {
    docId,
    get text() {
      return (text ??= row.text());
    },
    set text(value: string) {
      text = value;
    },
  };
}

/** A document read lazily that no decoder recorded: read through the document itself. */
function wrapStored(doc: Doc): StoredRow {
  return new StoredRow({ text: () => doc.text, hash: () => doc.contentHash }, 0);
}

/** A stored chunk's own text, if it has one, read without touching its document's text. */
function ownText(c: Chunk): string | undefined {
  const d = Object.getOwnPropertyDescriptor(c, 'text');
  // the codec gives a chunk that is a slice of its document an accessor, and one with its own text a value
  return d && 'value' in d ? (d.value as string) : undefined;
}

/** Whether a document's text is read from its store when first used (an accessor; see store/state-codec.ts). */
export function isStoredLazily(doc: Doc | DocSummary): boolean {
  const d = Object.getOwnPropertyDescriptor(doc, 'text');
  return d !== undefined && !('value' in d);
}
