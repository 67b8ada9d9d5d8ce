// Question analysis: the answer form asked (who → person, when → date, how many → number,
// yes/no, "A or B") from @rag/verify's questionForm refined by a wh-phrase anywhere in the
// question (askedType), an analyzer's answer type filling in an unconstrained form, and whether
// the question asks for a common noun (nounQuestion).
import type { AnswerType } from '@rag/verify';
import { askedType } from '../strategies/asked-type.js';
import { expectedAnswer } from './expected-answer.js';
import { nounQuestion, type NounQuestion } from '../strategies/noun-phrases.js';
import { choiceOptions } from './comparison.js';

export interface QuestionAnalysis {
  /** The answer form asked. */
  form: AnswerType;
  /** The two options of an "A or B" question. */
  choice?: [string, string];
  /** How a common-noun answer is asked for, when it is. */
  noun?: NounQuestion;
  /** The form candidate spans are typed by (a descriptor question asks for an entity, not a person). */
  spanForm: AnswerType;
}

function normaliseForm(fromQuestion: AnswerType, fromAnalysis: string): AnswerType {
  // The question's own form wins; the analyzer's type only fills in an unconstrained form.
  if (fromQuestion !== 'other' && fromQuestion !== 'entity') return fromQuestion;
  return (['person', 'date', 'place', 'number', 'yesno', 'entity'].includes(fromAnalysis) ? fromAnalysis : fromQuestion) as AnswerType;
}

// A what / which question's head noun that names a quantity or a time asks for a number or a date
// ("what is the total of the fees paid in …", "what era …"; verify's type lexicon).
const FORM_OF_HEAD: Partial<Record<string, AnswerType>> = { Number: 'number', Date: 'date' };

export function analyseQuestion(query: string, analyzerType?: string): QuestionAnalysis {
  const asked = askedType(query);
  // The head noun of "what / which …" decides before the analyzer: the analyzer reads its type
  // from a wh-word anywhere, and in a composed question that word is often a relative one ("the
  // average snowfall in the city where X was formed" is not a where-question).
  const head = asked === 'entity' || asked === 'other' ? expectedAnswer(query, asked) : undefined;
  const byHead = head?.head ? FORM_OF_HEAD[head.type] : undefined;
  const form = byHead ?? (analyzerType && analyzerType !== 'other' && !head?.head ? normaliseForm(asked, analyzerType) : asked);
  const choice = choiceOptions(query);
  // "What position…", "Lilu is what?": common-noun phrases compete with names.
  // A descriptor head noun ("what was the profession of …") outranks a person reading.
  const nounAsked = nounQuestion(query);
  const noun = form === 'entity' || form === 'other' || (form === 'person' && nounAsked === 'descriptor') ? nounAsked : undefined;
  return { form, ...(choice ? { choice } : {}), ...(noun ? { noun } : {}), spanForm: noun && form === 'person' ? 'entity' : form };
}
