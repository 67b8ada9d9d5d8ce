// The index state (documents, chunks with sentence spans, summaries, communities, the ids the
// GEAR views hold) as one binary file: string tables and typed columns. A chunk's text is not
// stored again when it is the slice [start, end) of its document's text (the usual case).
// Version 2 compresses per section: typed columns and id tables raw (read in place), document and
// summary texts deflated in 64 KiB blocks (a question inflates only the blocks of its hits), the
// rest deflated. Version 1 (every section deflated) still opens.
import {
  bytesOf,
  decodeBinaryFileLazy,
  decodeStrings,
  encodeBinaryFile,
  encodeStrings,
  i32,
  jsonSection,
  RagError,
  readJsonSection,
  u32,
  type Chunk,
  stringColumn,
  type StringColumn,
  type Doc,
  type LazyBinaryFile,
  type Metadata,
  type SectionCompression,
} from '@rag/core';
import type { StoredState } from './format1.js';
import { defineLazyGear, type StoredGear } from './lazy-gear.js';
import { markStored, type StoredTexts } from './stored-rows.js';
import type { DocSummary } from '../types.js';

export const STATE_MAGIC = 'RAGSTA02';
export const STATE_VERSION = 2;
const SECTIONS = 34;
/** The GEAR node and edge id tables. */
const GEAR_SECTIONS = [30, 31, 32, 33];

const metaText = (m: Metadata | undefined) => (m && Object.keys(m).length > 0 ? JSON.stringify(m) : '');

export function encodeState(state: StoredState): Uint8Array {
  const { docs, chunks } = state;
  const docIndex = new Map(docs.map((d, i) => [d.id, i]));
  const hasTitle = Uint8Array.from(docs, (d) => (d.title === undefined ? 0 : 1));
  const chunkDoc = new Uint32Array(chunks.length);
  const starts = new Int32Array(chunks.length);
  const ends = new Int32Array(chunks.length);
  const sliced = new Uint8Array(chunks.length);
  const ownTexts: string[] = [];
  const hasMeta = new Uint8Array(chunks.length);
  const sentOffsets = new Uint32Array(chunks.length + 1);
  const sentCount = chunks.reduce((n, c) => n + c.sentences.length, 0);
  const sentStarts = new Int32Array(sentCount);
  const sentEnds = new Int32Array(sentCount);
  let s = 0;
  chunks.forEach((c, i) => {
    const d = docIndex.get(c.docId);
    if (d === undefined) throw new RagError('RAG_INVALID_INPUT', `state: chunk "${c.id}" names a missing document "${c.docId}"`);
    chunkDoc[i] = d;
    starts[i] = c.start;
    ends[i] = c.end;
    if (docs[d]!.text.slice(c.start, c.end) === c.text) sliced[i] = 1;
    else ownTexts.push(c.text);
    hasMeta[i] = c.metadata === undefined ? 0 : 1;
    for (const sp of c.sentences) {
      sentStarts[s] = sp.start;
      sentEnds[s] = sp.end;
      s++;
    }
    sentOffsets[i + 1] = s;
  });
  const B: SectionCompression = 'blocks';
  const D: SectionCompression = 'deflate';
  const R: SectionCompression = 'raw';
  // index-aligned with the sections below
  const compression: SectionCompression[] = [D, R, R, R, D, R, B, R, D, R, D, R, R, R, R, R, R, R, B, R, R, D, R, R, R, R, R, R, B, R, D, R, D, R];
  return encodeBinaryFile(STATE_MAGIC, STATE_VERSION, [
    jsonSection({ docs: docs.length, chunks: chunks.length, communities: state.communities, ...(state.communitiesAge !== undefined ? { communitiesAge: state.communitiesAge } : {}) }),
    ...encodeStrings(docs.map((d) => d.id)),
    hasTitle,
    ...encodeStrings(docs.map((d) => d.title ?? '')),
    ...encodeStrings(docs.map((d) => d.text)),
    ...encodeStrings(docs.map((d) => d.contentHash)),
    ...encodeStrings(docs.map((d) => metaText(d.metadata))),
    ...encodeStrings(chunks.map((c) => c.id)),
    bytesOf(chunkDoc),
    bytesOf(starts),
    bytesOf(ends),
    sliced,
    ...encodeStrings(ownTexts),
    hasMeta,
    ...encodeStrings(chunks.map((c) => (c.metadata ? JSON.stringify(c.metadata) : ''))),
    bytesOf(sentOffsets),
    bytesOf(sentStarts),
    bytesOf(sentEnds),
    ...encodeStrings(state.summaries.map((x) => x.docId)),
    ...encodeStrings(state.summaries.map((x) => x.text)),
    ...encodeStrings(state.gear.nodes),
    ...encodeStrings(state.gear.edges),
  ], { compression });
}

/** String i of a string table whose text is read (inflated, or only its blocks) on the first call. */
function lazyStrings(f: LazyBinaryFile, blob: number, endsBytes: Uint8Array): (i: number) => string {
  const ends = u32(endsBytes);
  const dec = new TextDecoder();
  return (i) => dec.decode(f.range(blob, i === 0 ? 0 : ends[i - 1]!, ends[i]!));
}

// Documents' and summaries' texts (most of the state's bytes) are read when first used: each is
// an own enumerable accessor (so spreading, JSON and equality see the text), and its section is
// inflated on the first read of any of them. A question reads the texts of its hits only.
export function decodeState(bytes: Uint8Array, source: string): StoredState {
  const f = decodeBinaryFileLazy(bytes, STATE_MAGIC, source);
  const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `${source}: ${why}`, { details: { file: source } });
  if (f.version !== 1 && f.version !== STATE_VERSION)
    throw new RagError('RAG_STORE_VERSION', `${source}: state file version ${f.version}; this version reads 1 and ${STATE_VERSION} (written by a newer version?)`, {
      details: { file: source, found: f.version },
    });
  if (f.count !== SECTIONS) throw corrupt(`expected ${SECTIONS} sections, found ${f.count}`);
  // sections read once here: an inflated copy is not kept (the texts and hashes are read later through `range`)
  const x = (i: number) => f.take(i);
  const head = readJsonSection(x(0)) as { docs: number; chunks: number; communities: StoredState['communities']; communitiesAge?: unknown };
  const age = head.communitiesAge;
  if (age !== undefined && !(Number.isSafeInteger(age) && (age as number) >= 0)) throw corrupt(`communitiesAge ${JSON.stringify(age)} is not a count`);
  const ids = decodeStrings(x(1), x(2));
  const hasTitle = x(3);
  const titles = decodeStrings(x(4), x(5));
  const metas = decodeStrings(x(10), x(11));
  if ([hasTitle.length, titles.length, x(7).byteLength / 4, x(9).byteLength / 4, metas.length, ids.length].some((l) => l !== head.docs)) throw corrupt('document columns disagree');
  const sumDocs = decodeStrings(x(26), x(27));
  if (x(29).byteLength / 4 !== sumDocs.length) throw corrupt('summary columns disagree');
  const chunkIds = decodeStrings(x(12), x(13));
  const chunkDoc = u32(x(14));
  const starts = i32(x(15));
  const ends = i32(x(16));
  const sliced = x(17);
  const ownTexts = decodeStrings(x(18), x(19));
  const hasMeta = x(20);
  const chunkMetas = decodeStrings(x(21), x(22));
  const sentOffsets = u32(x(23));
  const sentStarts = i32(x(24));
  const sentEnds = i32(x(25));
  const n = head.chunks;
  if ([chunkIds.length, chunkDoc.length, starts.length, ends.length, sliced.length, hasMeta.length, chunkMetas.length].some((l) => l !== n) || sentOffsets.length !== n + 1)
    throw corrupt('chunk columns disagree');
  // What is read after the open: the texts, the hashes and the GEAR lists, copied out of the
  // file's bytes so that the rest (ids, titles, chunk columns: decoded by now) can be let go.
  f.keepOnly([6, 7, 8, 9, 28, 29, ...GEAR_SECTIONS]);
  const textAt = lazyStrings(f, 6, x(7));
  const hashes = rangeStrings(f, 8, x(9));
  const sumAt = lazyStrings(f, 28, x(29));
  const docAt = storedDoc(textAt, hashes);
  const docs: Doc[] = ids.map((id, i) => docAt(i, id, hasTitle[i] ? titles[i]! : undefined, metas[i] ? (JSON.parse(metas[i]!) as Metadata) : {}));
  let own = 0;
  const chunks: Chunk[] = chunkIds.map((id, i) => {
    const doc = docs[chunkDoc[i]!];
    if (!doc) throw corrupt(`chunk "${id}" names document index ${chunkDoc[i]} out of range`);
    const sentences = [];
    for (let j = sentOffsets[i]!; j < sentOffsets[i + 1]!; j++) sentences.push({ start: sentStarts[j]!, end: sentEnds[j]! });
    const start = starts[i]!;
    const end = ends[i]!;
    const meta = hasMeta[i] ? { metadata: JSON.parse(chunkMetas[i]!) as Metadata } : {};
    // a chunk with its own text holds it as a value; one that is a slice of its document reads it when asked (the indexer's tables tell the two apart)
    if (!sliced[i]) return { id, docId: doc.id, text: ownTexts[own++]!, start, end, sentences, ...meta };
    return slicedChunk(id, doc, start, end, sentences, meta);
  });
  const summaryAt = storedSummary(sumAt);
  // the GEAR id lists (every node and edge id: most of the state's strings) are decoded only
  // when GEAR views are derived or the index is written
  return defineLazyGear(
    { docs, chunks, summaries: sumDocs.map((docId, i) => summaryAt(i, docId)), communities: head.communities, ...(age !== undefined ? { communitiesAge: age as number } : {}) },
    storedGear(f),
  );
}

// The closures a decoded state keeps (a document's, chunk's or summary's text, the GEAR lists) are made by
// these functions rather than inside decodeState: a closure holds the whole scope it was made in,
// and decodeState's holds every column of the file and every chunk record.

function storedDoc(textAt: (i: number) => string, hashes: StringColumn): (i: number, id: string, title: string | undefined, metadata: Metadata) => Doc {
  const texts: StoredTexts = { text: textAt, hash: (i) => hashes.at(i)! };
  return (i, id, title, metadata) => {
    let text: string | undefined;
    let hash: string | undefined;
    const doc: Doc = {
      id,
      ...(title !== undefined ? { title } : {}),
      get text() {
        return (text ??= textAt(i));
      },
      set text(value: string) {
        text = value;
      },
      metadata,
      get contentHash() {
        return (hash ??= hashes.at(i)!);
      },
      set contentHash(value: string) {
        hash = value;
      },
    };
    markStored(doc, texts, i);
    return doc;
  };
}

/** A chunk that reads its text from its document's when asked. */
function slicedChunk(id: string, doc: Doc, start: number, end: number, sentences: Chunk['sentences'], meta: { metadata?: Metadata }): Chunk {
  let text: string | undefined;
  return {
    id,
    docId: doc.id,
    get text() {
      return (text ??= doc.text.slice(start, end));
    },
    set text(value: string) {
      text = value;
    },
    start,
    end,
    sentences,
    ...meta,
  };
}

function storedSummary(sumAt: (i: number) => string): (i: number, docId: string) => DocSummary {
  const texts: StoredTexts = {
    text: sumAt,
    hash: () => {
      throw new TypeError('a summary has no hash');
    },
  };
  return (i, docId) => {
    let text: string | undefined;
    const summary: DocSummary = {
      docId,
      get text() {
        return (text ??= sumAt(i));
      },
      set text(value: string) {
        text = value;
      },
    };
    markStored(summary, texts, i);
    return summary;
  };
}

/** The strings of a table in section `blob`, each decoded on its first read and kept (made here, not inline: its closure must not hold decodeState's scope). */
function rangeStrings(f: LazyBinaryFile, blob: number, endsBytes: Uint8Array): StringColumn {
  return stringColumn(endsBytes, (a, b) => f.range(blob, a, b));
}

/**
 * The GEAR lists' reader: decodes them at each call (the index state reads them once to build its
 * sets, a derived GEAR view once when first used) and keeps neither the lists nor their inflated
 * sections, only the compressed ones.
 */
function storedGear(f: LazyBinaryFile): () => StoredGear {
  return () => ({ nodes: decodeStrings(f.take(30), f.take(31)), edges: decodeStrings(f.take(32), f.take(33)) });
}
