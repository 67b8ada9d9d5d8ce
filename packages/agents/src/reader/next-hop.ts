// The next hop of a composed question. "What river flows through the city Kevin Durant played
// for before Golden State?": the best name the reader finds is often the first hop's result
// (Oklahoma City), stated in a sentence that says nothing of the asked relation ("flows"). The
// answer is then in a sentence about that name — one naming it, or in its own passage — that
// states what the first sentence lacks ("The city is roughly bisected by the North Canadian
// River"). This step reads those sentences, with the first name taken as a bridge: never the
// answer, and the answer's sentence scored only by the asked words it states.
//
// The asked words are @rag/verify's (askedRelation: the verbs and nouns of the clause the
// question word sits in, and the head noun of the wh-phrase), so the reader and the adequacy
// check agree on what "states the asked relation" means.
import type { RankedChunk } from '@rag/core';
import { askedRelation, lemmaTokens, questionEntities, sameRelation } from '@rag/verify';
import { chunkSentences } from '../internal/sentences.js';
import { nameSpans, phraseKey } from '../internal/spans.js';
import type { Candidate, Sent } from './types.js';

/** Passages about a name, read from the index (its own page), for the next hop. */
export type PassagesOf = (name: string) => Promise<RankedChunk[]>;
/** A document's title, when the index has one: what its passages are about. */
export type TitleOf = (docId: string) => string | undefined;

// A next-hop sentence that also names the bridge gains a tenth over one that is only in the
// bridge's passage (round value, not fitted).
const NAMES_BRIDGE = 0.1;

/** Does a lemma list state one of the words (same relation: equal, lexicon group or shared 6-letter stem)? */
function states(lemmas: readonly { lemma: string }[], word: string): boolean {
  return lemmas.some((t) => sameRelation(word, t.lemma));
}

/** What the passage is about: its document's title, or the name it opens with (undefined: neither). */
function subjectKey(chunk: RankedChunk, titleOf: TitleOf | undefined): string | undefined {
  const title = titleOf?.(chunk.docId);
  if (title !== undefined) return phraseKey(title.replace(/\s*(?:,|\().*$/, ''));
  const first = nameSpans(chunk.text)[0];
  return first !== undefined && first.start < 40 ? phraseKey(first.text) : undefined;
}

/**
 * Sentences of the next hop when the best candidate is stated without the asked relation: about
 * that candidate (naming it, or in its own passage) and stating an asked word its own passage
 * lacks, scored by the share of those words they state. Empty when the candidate's passage
 * already states every asked word (it may well be the answer), when the candidate is not a name,
 * or when the question has no asked word.
 */
export async function nextHopSentences(query: string, best: Candidate, sents: readonly Sent[], index: { passagesOf?: PassagesOf; titleOf?: TitleOf } = {}): Promise<Sent[]> {
  if (best.span.kind !== 'name') return [];
  const name = best.span.text;
  const key = phraseKey(name);
  if (!key) return [];
  const entities = questionEntities(query, name);
  if (entities.some((e) => phraseKey(e) === key)) return [];
  const { cues, phrase } = askedRelation(query, name, entities);
  if (cues.length === 0) return [];
  const own = lemmaTokens(best.sent.chunk.text);
  const unstated = cues.filter((c) => !states(own, c));
  if (unstated.length === 0) return [];
  const wanted = [...new Set([...unstated, ...(phrase?.head ? [phrase.head] : [])])];
  const have = new Set(sents.map((s) => s.chunk.chunkId));
  // A passage about one of the question's own entities is the first hop, not the next.
  const entityKeys = entities.map(phraseKey).filter(Boolean);
  const fetched: Sent[] = ((await index.passagesOf?.(name)) ?? [])
    .filter((c) => !have.has(c.chunkId))
    .flatMap((chunk) => chunkSentences(chunk.text).map((cs) => ({ chunk, rank: sents.length, ...cs, score: 0 })));
  // a passage's subject, worked out once per passage (its sentences all share it)
  const subjects = new Map<string, string | undefined>();
  const subjectOf = (chunk: RankedChunk) => {
    if (!subjects.has(chunk.chunkId)) subjects.set(chunk.chunkId, subjectKey(chunk, index.titleOf));
    return subjects.get(chunk.chunkId);
  };
  const out: Sent[] = [];
  for (const s of [...sents, ...fetched]) {
    const subject = subjectOf(s.chunk);
    if (s.chunk.chunkId === best.sent.chunk.chunkId || (subject !== undefined && entityKeys.includes(subject))) continue;
    const names = ` ${phraseKey(s.text)} `.includes(` ${key} `);
    if (!names && subject !== key) continue;
    const lemmas = lemmaTokens(s.text);
    const hits = wanted.filter((w) => states(lemmas, w)).length;
    if (hits === 0) continue;
    out.push({ ...s, score: hits / wanted.length + (names ? NAMES_BRIDGE : 0) });
  }
  return out.sort((a, b) => b.score - a.score);
}
