// How deep the docs reader reads. It reads the top chunks of the ranking (docs-answer.ts); a
// question that names an identifier ("the `etag` middleware", "secureHeaders()", "ETag",
// "--coverage") is about the page or section of that identifier. When a chunk below the top
// holds the identifier strongly — in its page title, a heading or a code span — and no top chunk
// does, that chunk is read too (at most MAX_DEPTH chunks in all), so an answer ranked just below
// the cut is not lost to passages that only share the question's common words.
import type { TitleOf } from './next-hop.js';
import type { Sent } from './types.js';
import { squash } from './docs-identifier.js';

/** The deepest rank (exclusive) a chunk holding the asked identifier is read from (round value). */
export const MAX_DEPTH = 8;

const CODE = /`([^`\n]+)`/g;
// Identifiers written bare in a question: a call ("secureHeaders()"), a dotted path ("vi.fn"),
// camelCase ("maxSize"), inner capitals ("ETag"), a flag ("--coverage"), an env var ("NODE_ENV"),
// a module path ("hono/etag").
const BARE_ID = /(?<![\w$.-])(?:--?[a-zA-Z][\w-]*|[A-Za-z_$][\w$]*\(\)|[a-z_$][\w$]*\.[\w$.]+|[a-z][a-z0-9]*[A-Z][\w$]*|[A-Z][a-z0-9]+[A-Z][\w$]*|[A-Z]{2,}[a-z][\w$]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+|@?[a-z][\w.-]*\/[\w./-]+)(?![\w$])/g;


/** The identifiers a question names (squashed keys of at least three characters: "secureheaders", "etag"). */
export function askedIdentifiers(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(CODE)) out.add(squash(m[1]!.replace(/\(.*\)$/, '')));
  const bare = query.replace(CODE, ' ');
  for (const m of bare.matchAll(BARE_ID)) out.add(squash(m[0].replace(/\(\)$/, '')));
  return [...out].filter((k) => k.length >= 3);
}

/** Does the chunk hold the identifier strongly: in its page title, a heading line or a code span? */
export function holdsIdentifier(text: string, title: string | undefined, id: string): boolean {
  if (title && squash(title).includes(id)) return true;
  for (const line of text.split('\n')) if (/^\s*#{1,6}\s/.test(line) && squash(line).includes(id)) return true;
  for (const m of text.matchAll(CODE)) if (squash(m[1]!).includes(id)) return true;
  return false;
}

/**
 * The sentences the docs reader reads: those of the top `topChunks` chunks, plus those of a chunk
 * ranked up to MAX_DEPTH that holds an identifier the question names when no top chunk does.
 */
export function readerSentences(query: string, sents: readonly Sent[], topChunks: number, titleOf?: TitleOf): Sent[] {
  const top = sents.filter((s) => s.rank < topChunks);
  const ids = askedIdentifiers(query);
  if (ids.length === 0) return top;
  const chunks = new Map<string, Sent>();
  for (const s of sents) if (s.rank < MAX_DEPTH && !chunks.has(s.chunk.chunkId)) chunks.set(s.chunk.chunkId, s);
  const holds = (s: Sent, id: string) => holdsIdentifier(s.chunk.text, titleOf?.(s.chunk.docId), id);
  const topOnes = [...chunks.values()].filter((s) => s.rank < topChunks);
  const missing = ids.filter((id) => !topOnes.some((s) => holds(s, id)));
  if (missing.length === 0) return top;
  const deeper = new Set([...chunks.values()].filter((s) => s.rank >= topChunks && missing.some((id) => holds(s, id))).map((s) => s.chunk.chunkId));
  if (deeper.size === 0) return top;
  return sents.filter((s) => s.rank < topChunks || deeper.has(s.chunk.chunkId));
}

/** The first (best) sentence of each chunk, in order: one reading per chunk of the evidence read. */
export function firstSentOfEachChunk(sents: readonly Sent[]): Sent[] {
  const seen = new Set<string>();
  return sents.filter((s) => !seen.has(s.chunk.chunkId) && (seen.add(s.chunk.chunkId), true));
}
