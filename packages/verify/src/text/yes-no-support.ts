// Is a yes/no answer established by the evidence? "Yes" when, for every entity the question
// names, one evidence sentence about it (mentioning it, or in a passage whose subject it is)
// states every relation word of the question ("Are A and B both film directors?": a sentence
// on A and one on B each say "director" and "film"). "No" rests on something the evidence does
// not say, and "same …" questions need two values compared, so neither is established here.
import type { RankedChunk } from '@rag/core';
import { contentTokens, normTokens } from './normalize.js';
import { splitSentences } from './sentences.js';
import { extractMentions } from './mentions.js';
import { lemmaTokens, relationCues, sameRelation } from './relation-cues.js';
import { questionEntities } from './relation-support.js';

export interface YesNoSupport {
  established: boolean;
  reason: string;
}

function about(entity: string, sentence: string, subject: string | undefined): boolean {
  const e = contentTokens(entity);
  const toks = new Set(normTokens(sentence));
  if (e.length > 0 && e.every((t) => toks.has(t))) return true;
  const s = new Set(contentTokens(subject ?? ''));
  return e.length > 0 && e.every((t) => s.has(t));
}

export function yesNoSupport(query: string, answer: string, chunks: readonly RankedChunk[]): YesNoSupport {
  const polarity = normTokens(answer)[0];
  if (polarity !== 'yes') return { established: false, reason: `a "no" is not established by the embedded check: it would rest on what the evidence does not say` };
  if (/\bsame\b/i.test(query)) return { established: false, reason: 'a "same …" question needs the two values compared, which the embedded check does not do' };
  const entities = questionEntities(query, '');
  if (entities.length === 0) return { established: false, reason: 'the question names no entity the "yes" could be checked for' };
  const words = new Set(entities.flatMap((e) => e.toLowerCase().split(/\s+/)).concat(entities.flatMap((e) => normTokens(e))));
  const cues = relationCues(query, words);
  if (cues.length === 0) return { established: false, reason: 'the question has no word naming what is asked of its entities' };
  const missing: string[] = [];
  for (const entity of entities) {
    let found = false;
    for (const chunk of chunks) {
      const subject = extractMentions(chunk.text.slice(0, splitSentences(chunk.text)[0]?.end ?? chunk.text.length)).find((m) => m.kind !== 'number')?.text;
      for (const s of splitSentences(chunk.text)) {
        const text = chunk.text.slice(s.start, s.end);
        if (!about(entity, text, subject)) continue;
        const lemmas = lemmaTokens(text);
        if (cues.every((q) => lemmas.some((t) => sameRelation(q, t.lemma)))) { found = true; break; }
      }
      if (found) break;
    }
    if (!found) missing.push(entity);
  }
  if (missing.length > 0) return { established: false, reason: `no evidence sentence about ${missing.join(' or ')} states ${cues.map((c) => `"${c}"`).join(', ')}` };
  return { established: true, reason: `for each of ${entities.join(', ')} an evidence sentence states ${cues.map((c) => `"${c}"`).join(', ')}` };
}
