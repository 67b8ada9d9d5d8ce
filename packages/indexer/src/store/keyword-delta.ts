// Incremental keyword-index persistence: a delta segment lists the chunk ids whose postings
// changed in one commit (added, replaced or removed); the text is in the state. Opening
// restores the base snapshot, removes every listed id and re-adds those the state still holds,
// from their stored text — the same postings the live index has.
import { decodeBinaryFile, decodeStrings, encodeBinaryFile, encodeStrings, RagError, type Chunk, type Doc } from '@rag/core';

export const KEYWORD_DELTA_MAGIC = 'RAGKWDD2';

export function encodeKeywordDelta(chunkIds: readonly string[]): Uint8Array {
  return encodeBinaryFile(KEYWORD_DELTA_MAGIC, 1, encodeStrings(chunkIds), { deflate: true });
}

export function decodeKeywordDelta(bytes: Uint8Array, source: string): string[] {
  const { sections } = decodeBinaryFile(bytes, KEYWORD_DELTA_MAGIC, source);
  if (sections.length !== 2) throw new RagError('RAG_STORE_CORRUPT', `${source}: expected 2 sections, found ${sections.length}`, { details: { file: source } });
  return decodeStrings(sections[0]!, sections[1]!);
}

/** Replay deltas onto a restored index: drop every touched id, re-add the ones still stored. */
export function replayKeywordDeltas(
  index: { removeSync(ids: string[]): void; restoreSync(docs: { id: string; text: string }[]): void },
  touched: readonly string[][],
  state: { docs: readonly Doc[]; chunks: readonly Chunk[] },
): void {
  const ids = new Set(touched.flat());
  if (ids.size === 0) return;
  index.removeSync([...ids]);
  const titles = new Map(state.docs.map((d) => [d.id, d.title]));
  // stored text: restored without the input rules (a store written under older rules still opens)
  index.restoreSync(
    state.chunks.filter((c) => ids.has(c.id)).map((c) => {
      const title = titles.get(c.docId);
      return { id: c.id, text: title ? `${title}\n${c.text}` : c.text };
    }),
  );
}
