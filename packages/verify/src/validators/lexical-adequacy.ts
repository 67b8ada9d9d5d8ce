// Embedded V_ans(q, a) (A2RAG eq. 4): does the answer resolve the question? It must be
// non-empty, not an abstention, have the type the question form asks for (who → person,
// when → date/year, how many → number, yes/no → yes or no), and say something the question
// did not already say (except for choice questions "A or B?", whose answer is one option).
import type { Validator } from '@rag/core';
import { QUESTION_WORDS } from '../text/stop-words.js';
import { contentTokens, isNumeric, normalizePhrase } from '../text/normalize.js';
import { extractMentions } from '../text/mentions.js';
import { isAbstention, isOrganizationOrPlace, isWholePersonName, questionForm, typeAgreement, type AnswerType } from '../text/answer-type.js';
import { expectedType, type EntityType } from '../text/expected-type.js';
import { isDemonym, relationSupport } from '../text/relation-support.js';
import { relationChain } from '../text/relation-chain.js';
import { relationStar } from '../text/relation-star.js';
import { capitalisedOnlyAtSentenceStart } from '../text/sentence-initial.js';
import { askedCountNoun, countsOtherNoun } from '../text/counted-noun.js';
import { placeLevelMismatch } from '../text/place-level.js';
import { yesNoSupport } from '../text/yes-no-support.js';
import { choiceOptionsOf, choiceSupport } from '../text/choice-support.js';
import { answerText, assertQuery, assertUnit, makeVerdict, recordVerdict } from './verdict.js';

// A question that offers options: "A or B", "A vs B", "Between A and B, …", "Which of A and B …".
const OFFERS_CHOICE = /\bor\b|\bvs\.?(?=\s)|\bversus\b|^\s*between\b|\bwhich\s+of\b/i;
const LEVEL_WORD = { City: 'city', Region: 'state or province', Country: 'country' } as const;
const HEAD_FORM: Partial<Record<EntityType, AnswerType>> = { Person: 'person', Place: 'place', Date: 'date', Number: 'number' };

export interface LexicalAdequacyOptions {
  /** Score given when the question form does not constrain the answer type (default 0.7). */
  unconstrainedScore?: number;
}

export function createLexicalAdequacyValidator(options: LexicalAdequacyOptions = {}): Validator {
  const unconstrained = options.unconstrainedScore ?? 0.7;
  assertUnit('unconstrainedScore', unconstrained);
  return {
    check: 'adequacy',
    async validate({ query, answer, evidence }, context) {
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
      if (form !== 'yesno' && !OFFERS_CHOICE.test(query)) {
        const a = contentTokens(text);
        // Number words become digits ("at once" → 1): a number answer restates the question only
        // when the question writes that number itself.
        const q = new Set(a.length > 0 && a.every(isNumeric) ? (query.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((d) => d.replace(/,/g, '')) : contentTokens(query).filter((t) => !QUESTION_WORDS.has(t)));
        // Comparison questions name their candidates ("Between A and B, which …"): picking one
        // of two or more named entities is an answer, not a restatement.
        const names = extractMentions(query).filter((m) => m.kind !== 'number').map((m) => normalizePhrase(m.text));
        const picksCandidate = names.length >= 2 && names.includes(normalizePhrase(text));
        if (a.length > 0 && a.every((t) => q.has(t)) && !picksCandidate)
          return done('fail', 0.1, 'the answer only repeats words of the question');
      }
      // A choice question ("A or B?", "Between A and B, which …") answered with one of the options
      // it names: that is the kind of answer it asks for.
      const option = normalizePhrase(text);
      const named = extractMentions(query).filter((m) => m.kind !== 'number').map((m) => normalizePhrase(m.text));
      const choice = (named.length >= 2 && named.includes(option)) || (OFFERS_CHOICE.test(query) && option.length > 0 && normalizePhrase(query).includes(option));
      if (choice) {
        const compared = choiceSupport(query, text, evidence?.chunks ?? []);
        return recordVerdict(makeVerdict('adequacy', compared.established ? 'pass' : 'unknown', compared.established ? 1 : unconstrained, compared.reason), context, { form });
      }
      if (form === 'yesno') {
        const polarity = yesNoSupport(query, text, evidence?.chunks ?? []);
        return recordVerdict(makeVerdict('adequacy', polarity.established ? 'pass' : 'unknown', polarity.established ? 1 : unconstrained, polarity.reason), context, { form });
      }
      // A choice question answered with something that is not one of its options.
      if (named.length >= 2 && (/^between\b/i.test(query.trim()) || choiceOptionsOf(query) !== undefined))
        return recordVerdict(makeVerdict('adequacy', 'unknown', unconstrained * 0.8, `the question offers a choice and "${text.slice(0, 60)}" is not one of its options`), context, { form });
      // A question of a typed form (who, where, when, how many; or "which city", "what
      // actress") answered with something whose type the embedded reader cannot confirm is not
      // verified, whatever the sentence says.
      const expected = expectedType(query);
      // A person's name answering "what film / which country / what company …" is the wrong kind.
      if (['Work', 'Place', 'Organization', 'Language'].includes(expected.type) && form !== 'person' && isWholePersonName(text) && !isOrganizationOrPlace(text))
        return recordVerdict(makeVerdict('adequacy', 'unknown', unconstrained * 0.8, `the question asks for a ${expected.head ?? expected.type.toLowerCase()} and "${text.slice(0, 60)}" reads as a person's name`), context, { form });
      // A language is named by one word ("Gujarati", "Finnish") or "… language"; "Summer Olympics" is not one.
      if (expected.type === 'Language' && !/\blanguages?\b/i.test(text) && !/^\p{Lu}\p{Ll}+(?:[- ]\p{Lu}?\p{Ll}+)?$/u.test(text.trim()))
        return recordVerdict(makeVerdict('adequacy', 'unknown', unconstrained * 0.8, `the question asks for a language and "${text.slice(0, 60)}" does not read as the name of one`), context, { form });
      // A bare number or year answering "which band / what film / what city …" is the wrong kind.
      if (['Person', 'Place', 'Organization', 'Work', 'Language'].includes(expected.type) && /^[\d\s.,–-]+$/.test(text.trim()))
        return recordVerdict(makeVerdict('adequacy', 'unknown', unconstrained * 0.8, `the question asks for a ${expected.head ?? expected.type.toLowerCase()} and "${text.slice(0, 60)}" is only a number`), context, { form });
      // A nationality ("English", "Danish") names no place.
      if (expected.type === 'Place' && isDemonym(text.trim()))
        return recordVerdict(makeVerdict('adequacy', 'unknown', unconstrained * 0.8, `the question asks for a place and "${text.slice(0, 60)}" is a nationality, not a place`), context, { form });
      // A city for "what state", a state for "which country": a place of another level.
      const level = expected.type === 'Place' ? placeLevelMismatch(expected.head, text.trim()) : undefined;
      if (level)
        return recordVerdict(makeVerdict('adequacy', 'unknown', unconstrained * 0.8, `the question asks for a ${expected.head} and "${text.slice(0, 60)}" reads as a ${LEVEL_WORD[level.read]}`), context, { form });
      const typed = form === 'entity' || form === 'other' ? HEAD_FORM[expected.type] : form;
      const typedAgreement = typed && typed !== form ? typeAgreement(typed, text) : agreement;
      if (typed && typedAgreement.agree !== true)
        return recordVerdict(makeVerdict('adequacy', 'unknown', unconstrained * 0.8, typedAgreement.reason), context, { form });
      // Type and grounding do not show that the answer is the one asked for: a wrong bridge
      // entity has the right type and is in the evidence too. The cited sentence must state it
      // in the asked relation to the question's entities; otherwise the check says what is missing.
      const citations = typeof answer === 'object' && answer !== null ? (answer.citations ?? []) : [];
      const other = form === 'number' ? citations.map((c) => countsOtherNoun(query, text, c.quote ?? '')).find((n) => n !== undefined) : undefined;
      if (other !== undefined)
        return recordVerdict(
          makeVerdict('adequacy', 'unknown', unconstrained * 0.8, `the cited sentence's "${text.slice(0, 40)}" counts ${other}, not the ${askedCountNoun(query) ?? 'thing'} the question asks about`),
          context,
          { form },
        );
      if (['Person', 'Place', 'Organization', 'Work', 'Language'].includes(expected.type) && capitalisedOnlyAtSentenceStart(text, citations.map((c) => c.quote ?? '').filter((q) => q.length > 0)))
        return recordVerdict(
          makeVerdict('adequacy', 'unknown', unconstrained * 0.8, `the question asks for a ${expected.head ?? expected.type.toLowerCase()} and "${text.slice(0, 60)}" is a common word, capitalised only because it opens the cited sentence`),
          context,
          { form },
        );
      const single = relationSupport(query, text, citations, evidence?.chunks ?? []);
      // One sentence establishes the answer only when it reaches every entity of the question:
      // "the country where Clonbrook is located" is another hop than "member of CARICOM".
      const whole = single.established && (single.unanchored ?? []).length === 0;
      // A multi-hop question is rarely answered by one sentence: a chain of cited evidence from
      // the question's entities to the answer, one sentence per hop, establishes it too.
      const chain = whole ? undefined : relationChain(query, text, citations, evidence?.chunks ?? []);
      const partOnly: typeof single | undefined = single.established && !whole
        ? { established: false, reason: `${single.reason}, but no evidence links it to ${(single.unanchored ?? []).join(' or ')}` }
        : undefined;
      // Or the answer is itself the meeting point of two sentences ("in the city Sarah Sorge was
      // born" and "the Consulate General … in Frankfurt"), which together state the whole question.
      const star = whole || chain?.established ? undefined : relationStar(query, text, citations, evidence?.chunks ?? []);
      const support = star?.established ? star : chain && (chain.established || chain.partial) ? chain : (partOnly ?? single);
      if (support.established)
        return recordVerdict(makeVerdict('adequacy', 'pass', 1, `${agreement.agree ? `${agreement.reason}; ` : ''}${support.reason}`, support.span ? [support.span] : []), context, { form });
      const typeNote = agreement.agree ? `${agreement.reason}, but ` : '';
      return recordVerdict(makeVerdict('adequacy', 'unknown', agreement.agree ? unconstrained : unconstrained * 0.8, `${typeNote}${support.reason}`), context, { form });
    },
  };
}
