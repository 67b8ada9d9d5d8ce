// Sentence scoring: every sentence of the top evidence chunks is scored by the question terms it
// contains (rarer terms and terms of named entities weigh more) plus a small rank prior. Bridge
// questions: a sentence of a second-hop chunk (one naming a bridge entity, not the question's
// entity) gets a bonus, so the answer comes from the hop the question ends on.
import type { Evidence } from '@rag/core';
import { chunkSentences } from '../internal/sentences.js';
import { contentTerms, nameSpans, phraseKey } from '../internal/spans.js';
import { QUESTION_WORDS, type Sent } from './types.js';
import { relationWords } from '@rag/verify';

/** Question terms with weights: rarer in the evidence and part of a named entity weigh more. */
export function questionWeights(query: string, sents: { terms: Set<string> }[]): Map<string, number> {
  const entityTerms = new Set(nameSpans(query).flatMap((s) => contentTerms(s.text)));
  const terms = [...new Set(contentTerms(query))].filter((t) => !QUESTION_WORDS.has(t));
  const n = Math.max(1, sents.length);
  const w = new Map<string, number>();
  for (const t of terms) {
    let df = 0;
    for (const s of sents) if (s.terms.has(t)) df++;
    w.set(t, Math.log(1 + n / (1 + df)) * (entityTerms.has(t) ? 2 : 1));
  }
  return w;
}

/** The sentences of the first `maxChunks` evidence chunks, best first. */
export function scoreSentences(query: string, evidence: Evidence, maxChunks: number, bridgeBonus: number): Sent[] {
  const raw: Omit<Sent, 'score'>[] = [];
  evidence.chunks.slice(0, maxChunks).forEach((chunk, rank) => {
    for (const cs of chunkSentences(chunk.text)) raw.push({ chunk, rank, ...cs });
  });
  const w = questionWeights(query, raw);
  const total = [...w.values()].reduce((a, b) => a + b, 0) || 1;
  const bridges = bridgeBonus > 0 ? bridgeNames(query, raw) : [];
  const entities = nameSpans(query).map((n) => contentTerms(n.text)).filter((t) => t.length > 0);
  const chunkTerms = new Map<string, Set<string>>();
  for (const s of raw) {
    const set = chunkTerms.get(s.chunk.chunkId) ?? new Set<string>();
    for (const t of s.terms) set.add(t);
    chunkTerms.set(s.chunk.chunkId, set);
  }
  return raw
    .map((s) => {
      let hit = 0;
      for (const [t, wt] of w) if (s.terms.has(t)) hit += wt;
      // A second-hop sentence may state the relation in other words ("married" for "spouse").
      const related = hit > 0 || [...w.keys()].some((t) => relationWords(t).some((c) => s.terms.has(c)));
      // Multi-hop: a sentence that matches the question and names a bridge entity (a name stated
      // next to the question's entities elsewhere) is likely the second hop — but only in a chunk
      // that is not itself about the question's entities (those name the bridge too: first hop).
      const key = phraseKey(s.text);
      const ct = chunkTerms.get(s.chunk.chunkId)!;
      const firstHop = entities.some((terms) => terms.every((t) => ct.has(t)));
      const bridge = related && !firstHop && bridges.some((b) => key.includes(b) || phraseKey(s.chunk.text).includes(b)) ? bridgeBonus : 0;
      return { ...s, score: hit / total + 0.15 / (1 + s.rank) + bridge };
    })
    .sort((a, b) => b.score - a.score);
}

/** Names stated in sentences about the question's entities, other than those entities. */
export function bridgeNames(query: string, sents: { text: string; terms: Set<string> }[]): string[] {
  const entities = nameSpans(query).map((n) => contentTerms(n.text)).filter((t) => t.length > 0);
  const asked = new Set(contentTerms(query));
  const out = new Set<string>();
  for (const s of sents) {
    if (!entities.some((terms) => terms.every((t) => s.terms.has(t)))) continue;
    for (const n of nameSpans(s.text)) {
      const terms = contentTerms(n.text);
      if (terms.length > 0 && !terms.some((t) => asked.has(t))) out.add(phraseKey(n.text));
    }
  }
  return [...out].filter(Boolean);
}
