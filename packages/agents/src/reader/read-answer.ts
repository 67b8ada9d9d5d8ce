// The extractive reader's composition: analyse the question, then answer a choice question by
// comparison, a yes/no question from the entities' evidence (over technical docs, from the
// negation cues of the best sentences: docs-yes-no.ts), a question over technical docs with the
// docs reader (docs-answer.ts), and anything else with the best
// typed candidate span; when no span is confident, with the best supporting sentence, marked as
// such (sentence-answer.ts).
import { analyseQuestion, type QuestionAnalysis } from './question.js';
import { answerChoice } from './comparison.js';
import { pickCandidate, rankCandidates } from './candidates.js';
import { answerYesNo } from './yes-no.js';
import { answerDocsYesNo, asksYesNo } from './docs-yes-no.js';
import { isDocsQuestion, readDocsAnswer } from './docs-answer.js';
import { answerDocsChoice, docsChoiceOptions } from './docs-choice.js';
import { bridgeEntities } from './bridge.js';
import type { NameTypeGraph } from './candidate-type.js';
import { expectedAnswer } from './expected-answer.js';
import { confidentSpan, sentenceAnswer } from './sentence-answer.js';
import { nextHopSentences, type PassagesOf, type TitleOf } from './next-hop.js';
import { phraseKey } from '../internal/spans.js';
import type { ReadAnswer, Sent } from './types.js';

export interface ReadInput {
  query: string;
  /** The analyzer's answer type, when one ran. */
  analyzerType?: string;
  /** Scored sentences of the evidence, best first. */
  sents: Sent[];
  /** The sentences candidates are drawn from. */
  pool: Sent[];
  /** A wider pool tried once when the pool holds no candidate, before abstaining. */
  widerPool?: Sent[];
  /** Answers the caller ruled out (instructions). */
  exclude: string[];
  /** Node types of the index's graph, for typing candidate names. */
  graph?: NameTypeGraph;
  /** A name's own passages from the index, for the next hop of a composed question (next-hop.ts). */
  passagesOf?: PassagesOf;
  /** Document titles, when the index has them (what a passage is about). */
  titleOf?: TitleOf;
}

// Next-hop sentences candidates are drawn from (the pool's size).
const NEXT_HOP_SENTENCES = 6;

export async function readAnswer(input: ReadInput): Promise<{ question: QuestionAnalysis; answer?: ReadAnswer }> {
  const { query, sents, pool, exclude } = input;
  const question = analyseQuestion(query, input.analyzerType);
  let answer: ReadAnswer | undefined;
  // Evidence that reads as technical documentation gets the docs reader first (docs-answer.ts).
  const docs = isDocsQuestion(query, sents);
  if (docs && question.form !== 'yesno' && (question.choice || docsChoiceOptions(query))) answer = answerDocsChoice(query, sents);
  if (answer) {
    // The docs choice reader answered.
  } else if (question.choice) answer = answerChoice(query, question.choice, sents);
  else if (docs && (question.form === 'yesno' || asksYesNo(query))) answer = answerDocsYesNo(query, sents) ?? answerYesNo(query, sents);
  else if (question.form === 'yesno') answer = answerYesNo(query, sents);
  else if (docs) answer = readDocsAnswer(query, sents, question.spanForm, exclude, input.titleOf);
  if (!answer) {
    const ctx = { expected: expectedAnswer(query, question.form), ...(input.graph ? { graph: input.graph } : {}), bridges: bridgeEntities(query, sents) };
    let via: string | undefined;
    let best = pickCandidate(query, question.spanForm, pool, sents, exclude, question.noun, ctx) ?? (input.widerPool ? pickCandidate(query, question.spanForm, input.widerPool, sents, exclude, question.noun, ctx) : undefined);
    // A name stated without the asked relation is likely the first hop's result: read the next hop.
    if (best && confidentSpan(best)) {
      const hop = await nextHopSentences(query, best, sents, { ...(input.passagesOf ? { passagesOf: input.passagesOf } : {}), ...(input.titleOf ? { titleOf: input.titleOf } : {}) });
      if (hop.length > 0) {
        const bridges = new Set([...ctx.bridges, phraseKey(best.span.text)]);
        // A part of the bridge's name ("Eddie" for "Eddie the Eagle"), or a longer form of it, is the bridge again.
        const bridgeKey = ` ${phraseKey(best.span.text)} `;
        const next = rankCandidates(query, question.spanForm, hop.slice(0, NEXT_HOP_SENTENCES), [...sents, ...hop], [...exclude, best.span.text], question.noun, { ...ctx, bridges }).find((c) => {
          const key = ` ${phraseKey(c.span.text)} `;
          return !bridgeKey.includes(key) && !key.includes(bridgeKey);
        });
        if (next && confidentSpan(next)) {
          via = best.span.text;
          best = next;
        }
      }
    }
    if (best && confidentSpan(best)) answer = { text: best.span.text, sent: best.sent, form: 'span', ...(via ? { via } : {}) };
    else answer = sentenceAnswer(input.widerPool ?? pool);
  }
  return { question, ...(answer ? { answer } : {}) };
}
