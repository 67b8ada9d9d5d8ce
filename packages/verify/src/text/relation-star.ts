// "The Consulate General of the United States, in the city Sarah Sorge was born, is located in
// what territory?": the answer is itself the bridge between the question's entities, so no
// chain runs through another name. It is established when the cited sentence states the answer
// with some question entities and a relation word of the other hops attached to it ("Sarah Sorge
// (born 26 August 1969 in Frankfurt)"), and another evidence sentence states it with every
// remaining question entity and the asked relation ("The Consulate General of the United States
// in Frankfurt am Main …"), so that every entity and every relation word of the question is
// stated of the answer.
import type { Citation, RankedChunk } from '@rag/core';
import { contentTokens, normTokens } from './normalize.js';
import { answerOccurrences } from './match.js';
import { isClassNoun, isRoleNoun } from './expected-type.js';
import { relationCues, sameRelation } from './relation-cues.js';
import { askedRelation, candidates, questionEntities, relationSupport, type RelationSupport } from './relation-support.js';
import { attachedCues, refers, sentencesOf } from './relation-chain.js';

/** Words between the answer and the remaining entities in the second sentence. */
const WINDOW = 10;

function excerpt(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > 80 ? `${t.slice(0, 77)}…` : t;
}

/** Is the answer the meeting point of two evidence sentences that together state the whole question? */
export function relationStar(query: string, answer: string, citations: readonly Citation[], chunks: readonly RankedChunk[]): RelationSupport {
  const short = answer.length > 60 ? `${answer.slice(0, 57)}…` : answer;
  const none = { established: false, reason: `no two evidence sentences state "${short}" with all of the question's entities` };
  const entities = questionEntities(query, answer);
  if (entities.length < 2) return none;
  const { cues: finalCues, entityWords } = askedRelation(query, answer, entities);
  if (finalCues.length === 0) return none;
  const answerWords = new Set(contentTokens(answer));
  const linkCues = relationCues(query, entityWords, 'relations').filter(
    (c) => !answerWords.has(c) && !finalCues.includes(c) && (!isClassNoun(c) || isRoleNoun(c)),
  );
  // The cited sentence states another hop's relation of the answer: without one, it only names it.
  if (linkCues.length === 0) return none;
  const sentences = sentencesOf(chunks);
  for (const c of candidates(answer, citations, chunks).list) {
    const own = sentences.find((s) => s.chunkId === c.chunkId && s.start <= c.start && c.start < s.start + s.text.length) ?? sentences.find((s) => s.text.includes(c.text));
    if (!own) continue;
    const reached = entities.filter((e) => refers(own, e));
    const remaining = entities.filter((e) => !reached.includes(e));
    if (reached.length === 0 || remaining.length === 0) continue;
    for (const m of answerOccurrences(answer, own.text)) {
      const states = attachedCues(own, m, linkCues);
      if (states.length === 0) continue;
      for (const other of sentences) {
        if (other === own || answerOccurrences(answer, other.text).length === 0) continue;
        if (!remaining.every((e) => refers(other, e))) continue;
        const second = relationSupport(query, answer, [{ chunkId: other.chunkId, start: 0, end: 0, quote: other.text }], chunks, { anchors: remaining, anchorWindow: WINDOW, locativeStatesLocated: true });
        if (!second.established) continue;
        // Every relation word of the other hops is stated: attached in the cited sentence, or in the second one.
        const otherTokens = new Set(normTokens(other.text));
        const unstated = linkCues.filter((q) => !states.includes(q) && !other.lemmas().some((t) => sameRelation(q, t.lemma)) && !otherTokens.has(q));
        if (unstated.length > 0) continue;
        return {
          established: true,
          reason: `the cited sentence states "${short}" with ${reached.join(', ')} (${states.join(', ')}), and "${excerpt(other.text)}" states it with ${remaining.join(', ')} and the asked relation (${finalCues.slice(0, 3).join(', ')})`,
          ...(second.span ? { span: second.span } : {}),
        };
      }
    }
  }
  return none;
}
