// What each model call of the A2RAG controller is shown of the retrieved evidence E^(i), so no
// call reads more than its decision needs and no passage is sent twice for nothing:
// - the answer call: the top-ranked passages up to a token budget (E^(i) trimmed by rank, as the
//   paper keeps "the retrieved evidence budget comparable across methods") and the first graph
//   facts up to a smaller budget (Stages 1–2 evidence is triples in the paper; the retriever
//   lists the seed-incident edges first);
// - Triple-Check: the sentence(s) the answer cites, with their neighbouring sentences, from the
//   passages the answer call was shown. The verdicts are about the answer and the evidence it
//   rests on; a check of evidence the answer never used would only cost tokens.
import { countTokens, sentenceSpans, type Citation, type Evidence, type RankedChunk } from '@rag/core';

/**
 * The top-ranked chunks whose text fits `maxTokens` (always at least the first one), and the
 * first graph-fact lines (in retrieval order: seed-incident edges first) that fit `factTokens`
 * (0: none).
 */
export function budgetedEvidence(evidence: Evidence, maxTokens: number, factTokens = 0): Evidence {
  const chunks: RankedChunk[] = [];
  let used = 0;
  for (const c of evidence.chunks) {
    const t = countTokens(c.text);
    if (chunks.length > 0 && used + t > maxTokens) break;
    chunks.push(c);
    used += t;
  }
  const { graphText, ...rest } = evidence;
  const facts: string[] = [];
  let factsUsed = 0;
  for (const line of factTokens > 0 ? (graphText ?? '').split('\n') : []) {
    const t = countTokens(line);
    if (!line.trim() || factsUsed + t > factTokens) break;
    facts.push(line);
    factsUsed += t;
  }
  return { ...rest, chunks, ...(facts.length > 0 ? { graphText: facts.join('\n') } : {}) };
}

export interface CitedWindows {
  evidence: Evidence;
  /** Where each window starts in its chunk's text: add it to a verdict span's offsets to place the span in the chunk. */
  offsets: ReadonlyMap<string, number>;
}

/**
 * Per cited chunk of `shown`, the sentences holding the cited quote (or, failing that, the
 * answer), widened by `neighbours` sentences on each side; chunks keep their ids so verdict
 * spans still cite them. Undefined when no citation can be placed in the shown chunks: the
 * caller then shows the check the whole of `shown`.
 */
export function citedWindows(shown: Evidence, citations: readonly Citation[], answer: string, neighbours = 1): CitedWindows | undefined {
  const byId = new Map(shown.chunks.map((c) => [c.chunkId, c]));
  const windows = new Map<string, RankedChunk>();
  const offsets = new Map<string, number>();
  for (const citation of citations) {
    const chunk = byId.get(citation.chunkId);
    if (!chunk || windows.has(chunk.chunkId)) continue;
    const at = locate(chunk.text, citation.quote) ?? locate(chunk.text, answer);
    if (!at) continue;
    const w = windowAround(chunk.text, at, neighbours);
    windows.set(chunk.chunkId, { ...chunk, text: chunk.text.slice(w.start, w.end) });
    offsets.set(chunk.chunkId, w.start);
  }
  if (windows.size === 0) return undefined;
  const { graphText: _facts, ...rest } = shown;
  return { evidence: { ...rest, chunks: shown.chunks.flatMap((c) => windows.get(c.chunkId) ?? []) }, offsets };
}

function locate(text: string, needle: string | undefined): { start: number; end: number } | undefined {
  const n = needle?.trim();
  if (!n) return undefined;
  const i = text.toLowerCase().indexOf(n.toLowerCase());
  return i < 0 ? undefined : { start: i, end: i + n.length };
}

/** The sentences overlapping [at.start, at.end), plus `neighbours` sentences before and after, as offsets into `text`. */
function windowAround(text: string, at: { start: number; end: number }, neighbours: number): { start: number; end: number } {
  const spans = sentenceSpans(text);
  if (spans.length === 0) return { start: 0, end: text.length };
  const first = spans.findIndex((s) => s.end > at.start);
  const lastHit = spans.findLastIndex((s) => s.start < at.end);
  const from = Math.max(0, (first < 0 ? 0 : first) - neighbours);
  const to = Math.min(spans.length - 1, (lastHit < 0 ? spans.length - 1 : lastHit) + neighbours);
  return { start: spans[from]!.start, end: spans[to]!.end };
}
