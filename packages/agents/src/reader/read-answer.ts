// The extractive reader's composition: analyse the question, then answer a choice question by
// comparison, a yes/no question from the entities' evidence (over technical docs, from the
// negation cues of the best sentences: docs-yes-no.ts), a question over technical docs with the
// docs reader (docs-answer.ts), and anything else with the best
// typed candidate span; when no span is confident, with the best supporting sentence, marked as
// such (sentence-answer.ts).
import { analyseQuestion, type QuestionAnalysis } from './question.js';
import { answerChoice } from './comparison.js';
import { rankCandidates } from './candidates.js';
import { answerYesNo } from './yes-no.js';
import { answerDocsYesNo, asksYesNo } from './docs-yes-no.js';
import { isDocsQuestion, readDocsAnswer } from './docs-answer.js';
import { answerDocsChoice, docsChoiceOptions } from './docs-choice.js';
import { bridgeEntities } from './bridge.js';
import type { NameTypeGraph } from './candidate-type.js';
import { expectedAnswer } from './expected-answer.js';
import { confidentSpan, sentenceAnswer } from './sentence-answer.js';
import { answerableSpan } from './reference-text.js';
import { nextHopSentences, type PassagesOf, type TitleOf } from './next-hop.js';
import { phraseKey } from '../internal/spans.js';
import { MAX_ALTERNATIVES, type Candidate, type ReadAnswer, type ReaderPath, type ScoredAlternative, type Sent } from './types.js';

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
  /** The corpus is reference text (docs, manuals, legal), not an encyclopaedia (reference-text.ts). */
  referenceText?: boolean;
}

// Next-hop sentences candidates are drawn from (the pool's size).
const NEXT_HOP_SENTENCES = 6;

export async function readAnswer(input: ReadInput): Promise<{ question: QuestionAnalysis; answer?: ReadAnswer }> {
  const { query, sents, exclude } = input;
  const question = analyseQuestion(query, input.analyzerType);
  let answer: ReadAnswer | undefined;
  // Evidence that reads as technical documentation gets the docs reader first (docs-answer.ts).
  const docs = isDocsQuestion(query, sents);
  if (docs && question.form !== 'yesno' && (question.choice || docsChoiceOptions(query))) answer = answerDocsChoice(query, sents, input.titleOf);
  if (answer) {
    // The docs choice reader answered.
  } else if (question.choice) answer = answerChoice(query, question.choice, sents);
  else if (docs && (question.form === 'yesno' || asksYesNo(query))) answer = withPath(answerDocsYesNo(query, sents), 'docs-yesno') ?? withPath(answerYesNo(query, sents), 'yesno');
  else if (question.form === 'yesno') answer = withPath(answerYesNo(query, sents), 'yesno');
  else if (docs) answer = readDocsAnswer(query, sents, question.spanForm, exclude, input.titleOf);
  answer ??= await readSpan(input, question);
  return { question, ...(answer ? { answer } : {}) };
}

const withPath = (answer: ReadAnswer | undefined, path: ReaderPath): ReadAnswer | undefined => (answer ? { ...answer, path } : undefined);

/** The candidates' own scores, best first, as the answer's alternatives. */
const alternativesOf = (ranked: readonly Candidate[]): ScoredAlternative[] => ranked.slice(0, MAX_ALTERNATIVES).map((c) => ({ text: c.span.text, score: c.score, fit: c.fit }));

/** The best typed candidate span (through its next hop when it is a bridge), else the best supporting sentence. */
async function readSpan(input: ReadInput, question: QuestionAnalysis): Promise<ReadAnswer | undefined> {
  const { query, sents, pool, exclude } = input;
  const ctx = { expected: expectedAnswer(query, question.form), ...(input.graph ? { graph: input.graph } : {}), bridges: bridgeEntities(query, sents) };
  let via: string | undefined;
  let ranked = rankCandidates(query, question.spanForm, pool, sents, exclude, question.noun, ctx);
  if (ranked.length === 0 && input.widerPool) ranked = rankCandidates(query, question.spanForm, input.widerPool, sents, exclude, question.noun, ctx);
  let best = ranked[0];
  // A name stated without the asked relation is likely the first hop's result: read the next hop.
  if (best && confidentSpan(best)) {
    const hop = await nextHopSentences(query, best, sents, { ...(input.passagesOf ? { passagesOf: input.passagesOf } : {}), ...(input.titleOf ? { titleOf: input.titleOf } : {}) });
    if (hop.length > 0) {
      const bridges = new Set([...ctx.bridges, phraseKey(best.span.text)]);
      // A part of the bridge's name ("Eddie" for "Eddie the Eagle"), or a longer form of it, is the bridge again.
      const bridgeKey = ` ${phraseKey(best.span.text)} `;
      const hopRanked = rankCandidates(query, question.spanForm, hop.slice(0, NEXT_HOP_SENTENCES), [...sents, ...hop], [...exclude, best.span.text], question.noun, { ...ctx, bridges }).filter((c) => {
        const key = ` ${phraseKey(c.span.text)} `;
        return !bridgeKey.includes(key) && !key.includes(bridgeKey);
      });
      const next = hopRanked[0];
      if (next && confidentSpan(next)) {
        via = best.span.text;
        best = next;
        ranked = hopRanked;
      }
    }
  }
  if (best && answerableSpan(best, query, input.referenceText === true)) return { text: best.span.text, sent: best.sent, form: 'span', path: via ? 'next-hop' : 'span', alternatives: alternativesOf(ranked), ...(via ? { via } : {}) };
  return withPath(sentenceAnswer(input.widerPool ?? pool), 'sentence');
}
