// Why a method could not answer, as a sentence a person can read: the question's entity no
// passage mentions ("no passage mentions Vic Darchinyan"), or the asked relation no sentence
// about the entity states ("the evidence mentions Vic Darchinyan but does not say born").
import type { RankedChunk } from '@rag/core';
import { contentTokens, normTokens } from './normalize.js';
import { expectedType } from './expected-type.js';
import { askedClause, lemmaTokens, relationCues, sameRelation } from './relation-cues.js';
import { questionEntities } from './relation-support.js';
import { splitSentences } from './sentences.js';

const TYPE_WORDS: Record<string, string> = {
  Person: 'person', Place: 'place', Organization: 'organisation', Work: 'title', Language: 'language', Date: 'date', Number: 'number',
};

/** A sentence saying what the evidence lacks for this question (never empty). */
export function abstentionReason(query: string, chunks: readonly RankedChunk[]): string {
  if (chunks.length === 0) return 'no passage was retrieved for the question';
  const entities = questionEntities(query, '');
  const tokens = new Set(chunks.flatMap((c) => normTokens(c.text)));
  const missing = entities.filter((e) => !contentTokens(e).every((t) => tokens.has(t)));
  if (missing.length > 0) return `no passage mentions ${missing.slice(0, 3).join(' or ')}`;
  const expected = expectedType(query);
  const what = expected.head ?? TYPE_WORDS[expected.type];
  const words = new Set(entities.flatMap((e) => normTokens(e)).concat(entities.flatMap((e) => e.toLowerCase().split(/\s+/))));
  const cues = relationCues(askedClause(query), words).filter((c) => c !== expected.head);
  const about = entities.length > 0 ? entities.slice(0, 2).join(' and ') : 'the question';
  if (cues.length > 0) {
    const sentences = chunks.flatMap((c) => splitSentences(c.text).map((r) => c.text.slice(r.start, r.end)));
    const stated = cues.filter((q) => sentences.some((s) => lemmaTokens(s).some((t) => sameRelation(q, t.lemma))));
    const unstated = cues.filter((q) => !stated.includes(q));
    if (unstated.length > 0) return `the evidence mentions ${about} but no passage says ${unstated.slice(0, 3).map((u) => `"${u}"`).join(', ')}`;
  }
  return what
    ? `the evidence mentions ${about} but no sentence states the ${what} asked for in a way the embedded reader can pick out`
    : `the evidence mentions ${about} but no sentence answers the question in a way the embedded reader can pick out`;
}
