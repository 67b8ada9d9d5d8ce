// Coordinated mentions: entities a question sets side by side ("X or Y", "both X and Y",
// "X, Y and Z"), as comparison and conjunction questions do. Each of them needs its own
// evidence; a ranking that only follows graph links between them can leave one out. The
// retriever places each coordinated entity's defining chunk at the head of its ranking.
import type { RankedChunk } from '@rag/core';
import { words } from '../internal/text.js';

const COORDINATORS = new Set(['and', 'or', 'nor', 'vs', 'versus']);
/** Words allowed between two coordinated mentions besides a coordinator. */
const GLUE = new Set([...COORDINATORS, 'the', 'a', 'an', 'both', 'either', 'neither']);

function spanOf(query: readonly string[], mention: readonly string[]): number {
  if (mention.length === 0) return -1;
  outer: for (let s = 0; s + mention.length <= query.length; s += 1) {
    for (let j = 0; j < mention.length; j += 1) if (query[s + j] !== mention[j]) continue outer;
    return s;
  }
  return -1;
}

/**
 * The mentions of the largest run joined only by coordinators and articles (or, in a list, by
 * punctuation alone), in query order: at least two, with at least one coordinator among them;
 * [] when the question coordinates no entities.
 */
export function coordinatedMentions(query: string, mentions: readonly string[]): string[] {
  const q = words(query);
  const located = mentions
    .map((m) => ({ m, ws: words(m), at: spanOf(q, words(m)) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at);
  let best: string[] = [];
  let run: string[] = [];
  let coordinated = false;
  for (let i = 0; i < located.length; i += 1) {
    const cur = located[i]!;
    const prev = located[i - 1];
    const gap = prev ? q.slice(prev.at + prev.ws.length, cur.at) : [];
    // No word between two mentions: only punctuation separated them, as in "X, Y and Z".
    const listed = prev !== undefined && gap.length === 0 && cur.at >= prev.at + prev.ws.length;
    const joined = prev !== undefined && gap.length > 0 && gap.some((w) => COORDINATORS.has(w)) && gap.every((w) => GLUE.has(w));
    if (joined || listed) run = [...run, cur.m];
    else (run = [cur.m]), (coordinated = false);
    coordinated ||= joined;
    if (coordinated && run.length > best.length) best = run;
  }
  return best.length >= 2 ? best : [];
}

/**
 * Moves the chosen chunks to the head of `ranked`, keeping their relative order and the order
 * of the rest. Scores stay non-increasing: a moved chunk scores just above the one after it.
 */
export function promoteToHead(ranked: readonly RankedChunk[], chunkIds: ReadonlySet<string>): RankedChunk[] {
  if (chunkIds.size === 0) return [...ranked];
  const head = ranked.filter((c) => chunkIds.has(c.chunkId));
  const rest = ranked.filter((c) => !chunkIds.has(c.chunkId));
  const out = [...head, ...rest].map((c) => ({ ...c }));
  for (let i = out.length - 2; i >= 0; i -= 1) if (out[i]!.score <= out[i + 1]!.score) out[i]!.score = out[i + 1]!.score + 1e-6;
  return out;
}
