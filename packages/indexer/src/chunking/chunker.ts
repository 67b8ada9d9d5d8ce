// Sentence-aligned chunking (A-RAG §3.1, following LinearRAG): ~1,000-token chunks whose
// boundaries fall on sentence boundaries, with character offsets into the source text and
// the sentence ranges kept, so sentence vectors can map back to their chunk.
import { invalidInput, type Chunk, type Doc, type Span } from '@rag/core';
import { pageAt } from '../loaders/pdf-loader.js';

export interface ChunkerOptions {
  /** Target chunk size in tokens (default 1000). */
  chunkTokens?: number;
  /** Tokens of trailing sentences repeated at the start of the next chunk (default 0). */
  overlap?: number;
  /** Sentence segmentation: spans into the text. */
  segment: (text: string) => Span[];
  /** Token estimate (default: characters / 4, the usual rule of thumb for English BPE). */
  countTokens?: (text: string) => number;
}

export const DEFAULT_CHUNK_TOKENS = 1000;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function chunkId(docId: string, index: number): string {
  return `${docId}::${index}`;
}

export function chunkDocument(doc: Pick<Doc, 'id' | 'text' | 'metadata'>, options: ChunkerOptions): Chunk[] {
  const max = options.chunkTokens ?? DEFAULT_CHUNK_TOKENS;
  const overlap = options.overlap ?? 0;
  if (!Number.isFinite(max) || max < 8) throw invalidInput('chunkTokens', 'must be a number ≥ 8', { value: max });
  if (!Number.isFinite(overlap) || overlap < 0 || overlap >= max)
    throw invalidInput('overlap', 'must be ≥ 0 and smaller than chunkTokens', { value: overlap });
  const count = options.countTokens ?? estimateTokens;
  const text = doc.text;
  const sentences = splitLongSentences(
    options.segment(text).filter((s) => s.end > s.start && text.slice(s.start, s.end).trim().length > 0),
    text,
    max,
    count,
  );
  if (sentences.length === 0) return [];
  const pageStarts = Array.isArray(doc.metadata?.pageStarts)
    ? (doc.metadata.pageStarts as unknown[]).filter((v): v is number => typeof v === 'number')
    : undefined;
  const sizes = sentences.map((s) => count(text.slice(s.start, s.end)));
  const chunks: Chunk[] = [];
  let i = 0;
  while (i < sentences.length) {
    let j = i;
    let tokens = 0;
    while (j < sentences.length && (j === i || tokens + (sizes[j] ?? 0) <= max)) tokens += sizes[j++] ?? 0;
    const group = sentences.slice(i, j);
    const start = group[0]!.start;
    const end = group[group.length - 1]!.end;
    const chunk: Chunk = { id: chunkId(doc.id, chunks.length), docId: doc.id, text: text.slice(start, end), start, end, sentences: group };
    if (pageStarts && pageStarts.length > 0) chunk.metadata = { page: pageAt(pageStarts, start), pageEnd: pageAt(pageStarts, Math.max(start, end - 1)) };
    chunks.push(chunk);
    if (j >= sentences.length) break;
    // step back over trailing sentences that fit in the overlap, but always advance
    let back = j;
    let o = 0;
    while (overlap > 0 && back - 1 > i && o + (sizes[back - 1] ?? 0) <= overlap) o += sizes[--back] ?? 0;
    i = back;
  }
  return chunks;
}

/** A "sentence" longer than a chunk (tables, lists, run-on text) is cut on whitespace. */
function splitLongSentences(spans: Span[], text: string, max: number, count: (t: string) => number): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    const t = text.slice(s.start, s.end);
    if (count(t) <= max) {
      out.push(trimSpan(s, text));
      continue;
    }
    const words = [...t.matchAll(/\S+/g)];
    let from = 0;
    while (from < words.length) {
      let to = from;
      let st = s.start + words[from]!.index;
      let en = st;
      while (to < words.length) {
        const w = words[to]!;
        const wEnd = s.start + w.index + w[0].length;
        if (to > from && count(text.slice(st, wEnd)) > max) break;
        en = wEnd;
        to++;
      }
      out.push({ start: st, end: en });
      from = to;
    }
  }
  return out;
}

function trimSpan(s: Span, text: string): Span {
  let { start, end } = s;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return { start, end };
}
