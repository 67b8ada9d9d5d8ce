// The extractive reader's composition: analyse the question, then answer a choice question by
// comparison, a yes/no question from the entities' evidence, and anything else with the best
// typed candidate span; when no span is confident, with the best supporting sentence, marked as
// such (sentence-answer.ts).
import { analyseQuestion, type QuestionAnalysis } from './question.js';
import { answerChoice } from './comparison.js';
import { pickCandidate } from './candidates.js';
import { answerYesNo } from './yes-no.js';
import { bridgeEntities } from './bridge.js';
import type { NameTypeGraph } from './candidate-type.js';
import { expectedAnswer } from './expected-answer.js';
import { confidentSpan, sentenceAnswer } from './sentence-answer.js';
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
}

export function readAnswer(input: ReadInput): { question: QuestionAnalysis; answer?: ReadAnswer } {
  const { query, sents, pool, exclude } = input;
  const question = analyseQuestion(query, input.analyzerType);
  let answer: ReadAnswer | undefined;
  if (question.choice) answer = answerChoice(query, question.choice, sents);
  else if (question.form === 'yesno') answer = answerYesNo(query, sents);
  if (!answer) {
    const ctx = { expected: expectedAnswer(query, question.form), ...(input.graph ? { graph: input.graph } : {}), bridges: bridgeEntities(query, sents) };
    const best = pickCandidate(query, question.spanForm, pool, sents, exclude, question.noun, ctx) ?? (input.widerPool ? pickCandidate(query, question.spanForm, input.widerPool, sents, exclude, question.noun, ctx) : undefined);
    if (best && confidentSpan(best)) answer = { text: best.span.text, sent: best.sent, form: 'span' };
    else answer = sentenceAnswer(input.widerPool ?? pool);
  }
  return { question, ...(answer ? { answer } : {}) };
}
