// Question analysis: the answer form asked (who → person, when → date, how many → number,
// yes/no, "A or B") from @rag/verify's questionForm refined by a wh-phrase anywhere in the
// question (askedType), an analyzer's answer type filling in an unconstrained form, and whether
// the question asks for a common noun (nounQuestion).
import type { AnswerType } from '@rag/verify';
import { askedType } from '../strategies/asked-type.js';
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

export function analyseQuestion(query: string, analyzerType?: string): QuestionAnalysis {
  const form = analyzerType && analyzerType !== 'other' ? normaliseForm(askedType(query), analyzerType) : askedType(query);
  const choice = choiceOptions(query);
  // "What position…", "Lilu is what?": common-noun phrases compete with names.
  // A descriptor head noun ("what was the profession of …") outranks a person reading.
  const asked = nounQuestion(query);
  const noun = form === 'entity' || form === 'other' || (form === 'person' && asked === 'descriptor') ? asked : undefined;
  return { form, ...(choice ? { choice } : {}), ...(noun ? { noun } : {}), spanForm: noun && form === 'person' ? 'entity' : form };
}
