import { describe, expect, it } from 'vitest';
import { createLexicalGroundingValidator } from './lexical-grounding.js';
import { mainClause, questionNegated, statedPolarity, askedTerms, polarityAnswer } from './stated-polarity.js';
import { evidenceOf } from '../test-fixtures.js';

const grounding = createLexicalGroundingValidator();
const a = (text: string) => ({ text, citations: [] });

describe('stated polarity', () => {
  it('reads negation in the clause holding the question terms, not in a condition', () => {
    const q = 'Does Quill write the lock file when the folder is not empty?';
    const terms = askedTerms(q);
    expect(statedPolarity('Quill writes the lock file, unless a lock already exists.', terms).negated).toBe(false);
    expect(statedPolarity('Quill does not write the lock file because the folder is read-only.', terms).negated).toBe(true);
    expect(questionNegated(q)).toBe(false);
  });
  it('leaves a leading clause and code spans out of the question negation', () => {
    expect(mainClause('In release 2, does `--no-color` strip colours?')).not.toMatch(/release/);
    expect(questionNegated('In release 2, does `--no-color` strip colours?')).toBe(false);
    expect(questionNegated('Does Quill not retry failed uploads?')).toBe(true);
  });
  it('answers by comparing the two polarities', () => {
    const q = 'Can Quill resume uploads without a token?';
    const terms = askedTerms(q);
    expect(polarityAnswer(statedPolarity('Quill always needs a token to resume uploads.', terms), q)).toBe('no');
    expect(polarityAnswer(statedPolarity('Quill can resume uploads without a token.', terms), q)).toBe('yes');
  });
});

describe('lexical grounding of yes/no answers: the supporting sentence polarity', () => {
  const ev = evidenceOf('The lantern renderer does not support offline mode. It draws charts as SVG files.');
  const q = 'Does the lantern renderer support offline mode?';
  it('fails a "yes" the supporting sentence negates, and says so', async () => {
    const v = await grounding.validate({ query: q, answer: a('yes'), evidence: ev });
    expect(v.outcome).toBe('fail');
    expect(v.reason).toMatch(/states the opposite/);
  });
  it('passes a "no" that the negated supporting sentence agrees with', async () => {
    const v = await grounding.validate({ query: q, answer: a('no'), evidence: ev });
    expect(v.outcome).toBe('pass');
    expect(v.reason).toMatch(/agrees/);
  });
  it('gives unknown, not fail, when the sentence agrees but the evidence lacks some question words', async () => {
    const v = await grounding.validate({ query: 'Does the lantern renderer support offline mode on tablets in storms at sea?', answer: a('no'), evidence: ev });
    expect(v.outcome).toBe('unknown');
  });
  it('still fails a yes/no answer no sentence of the evidence states', async () => {
    const v = await grounding.validate({ query: 'Does the harbour ferry run at night?', answer: a('yes'), evidence: ev });
    expect(v.outcome).toBe('fail');
  });
});

describe('lexical grounding: a negated first mention', () => {
  it('passes when another sentence of the chunk states the answer without negation', async () => {
    const ev = evidenceOf('Unlike brisk, the calm pool does not restart workers. Workers restart quickly in brisk.');
    const v = await grounding.validate({ query: 'Which pool restarts workers quickly, brisk or calm?', answer: a('brisk'), evidence: ev });
    expect(v.outcome).toBe('pass');
    const neg = await grounding.validate({ query: 'Which pool restarts workers quickly, brisk or calm?', answer: a('brisk'), evidence: evidenceOf('It is not brisk.') });
    expect(neg.outcome).toBe('fail');
  });
});

describe('lexical adequacy: options offered with "vs", "between … and", "which of … and"', () => {
  it('does not fail an answer that picks one of the offered options as a restatement', async () => {
    const { createLexicalAdequacyValidator } = await import('./lexical-adequacy.js');
    const adequacy = createLexicalAdequacyValidator();
    const ev = evidenceOf('The `brisk` pool restarts workers quickly.');
    for (const q of ['Between `brisk` and `calm`, which one restarts workers quickly?', '`brisk` vs `calm`: which one restarts workers quickly?', 'Which of `brisk` and `calm` restarts workers quickly?']) {
      const v = await adequacy.validate({ query: q, answer: a('brisk'), evidence: ev });
      expect(v.outcome).not.toBe('fail');
    }
    const restated = await adequacy.validate({ query: 'Which pool restarts workers quickly?', answer: a('pool'), evidence: ev });
    expect(restated.outcome).toBe('fail');
  });
});
