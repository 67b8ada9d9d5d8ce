// Embedded V_ans(q, a) (A2RAG eq. 4): does the answer resolve the question? It must be
// non-empty, not an abstention, have the type the question form asks for (who → person,
// when → date/year, how many → number, yes/no → yes or no), and say something the question
// did not already say (except for choice questions "A or B?", whose answer is one option).
import type { Validator } from '@rag/core';
import { QUESTION_WORDS } from '../text/stop-words.js';
import { contentTokens, normalizePhrase } from '../text/normalize.js';
import { extractMentions } from '../text/mentions.js';
import { isAbstention, questionForm, typeAgreement } from '../text/answer-type.js';
import { answerText, assertQuery, assertUnit, makeVerdict, recordVerdict } from './verdict.js';

export interface LexicalAdequacyOptions {
  /** Score given when the question form does not constrain the answer type (default 0.7). */
  unconstrainedScore?: number;
}

export function createLexicalAdequacyValidator(options: LexicalAdequacyOptions = {}): Validator {
  const unconstrained = options.unconstrainedScore ?? 0.7;
  assertUnit('unconstrainedScore', unconstrained);
  return {
    check: 'adequacy',
    async validate({ query, answer }, context) {
      // `done` only passes or fails; an unconstrained question gets "unknown" below.
      assertQuery(query);
      const text = answerText(answer).trim();
      const form = questionForm(query);
      const done = (outcome: 'pass' | 'fail', score: number, reason: string) =>
        recordVerdict(makeVerdict('adequacy', outcome, score, reason), context, { form });
      if (text.length === 0) return done('fail', 0, 'the answer is empty');
      if (isAbstention(text)) return done('fail', 0, 'the answer abstains');
      const agreement = typeAgreement(form, text);
      if (agreement.agree === false) return done('fail', 0, agreement.reason);
      if (form !== 'yesno' && !/\bor\b/i.test(query)) {
        const q = new Set(contentTokens(query).filter((t) => !QUESTION_WORDS.has(t)));
        const a = contentTokens(text);
        // Comparison questions name their candidates ("Between A and B, which …"): picking one
        // of two or more named entities is an answer, not a restatement.
        const names = extractMentions(query).filter((m) => m.kind !== 'number').map((m) => normalizePhrase(m.text));
        const picksCandidate = names.length >= 2 && names.includes(normalizePhrase(text));
        if (a.length > 0 && a.every((t) => q.has(t)) && !picksCandidate)
          return done('fail', 0.1, 'the answer only repeats words of the question');
      }
      if (agreement.agree) return done('pass', 1, agreement.reason);
      // A choice question ("A or B?", "Between A and B, which …") answered with one of the options
      // it names: that is the kind of answer it asks for.
      const option = normalizePhrase(text);
      const named = extractMentions(query).filter((m) => m.kind !== 'number').map((m) => normalizePhrase(m.text));
      const choice = (named.length >= 2 && named.includes(option)) || (/\bor\b/i.test(query) && option.length > 0 && normalizePhrase(query).includes(option));
      if (choice) return done('pass', 1, 'the answer picks one of the options the question names');
      // The question form does not say what kind of answer it wants ("what …", "which …" with no
      // typed noun): the embedded check cannot establish adequacy, so it says so.
      return recordVerdict(
        makeVerdict('adequacy', 'unknown', unconstrained, `the question does not say what kind of answer it wants, so the embedded check cannot establish that "${text.slice(0, 60)}" answers it`),
        context,
        { form },
      );
    },
  };
}
