import { describe, expect, it } from 'vitest';
import { answerDocsChoice, docsChoiceOptions } from './docs-choice.js';
import { passages, sentencesOf } from './test-passages.js';
import { scoreSentences } from './sentence-scoring.js';

const read = (q: string, ...texts: string[]) => answerDocsChoice(q, sentencesOf(q, ...texts))?.text;

describe('docsChoiceOptions', () => {
  it('reads options joined by or / vs, and by "between … and" / "which of … and"', () => {
    expect(docsChoiceOptions('`brisk` or `calm`: which one restarts faster?')).toEqual(['brisk', 'calm']);
    expect(docsChoiceOptions('Between `q.wait` and `q.poll`, which one stops at once?')).toEqual(['q.wait', 'q.poll']);
    expect(docsChoiceOptions('Which of `run.each` and `run.for` keeps rows whole?')).toEqual(['run.each', 'run.for']);
  });
});

describe('answerDocsChoice', () => {
  it('picks the option a contrast sentence describes, not its reference', () => {
    const q = 'Which renderer is cheaper to start per page, paper or slate?';
    expect(read(q, '`slate` is cheaper to start than `paper` in every setup.')).toBe('slate');
    expect(read(q, 'Unlike `paper`, `slate` is cheap to start per page.')).toBe('slate');
  });

  it('counts a sentence negating the asked property of one option for the other', () => {
    const q = 'Which pool lets tasks call `proc.move()`: `brisk` or `calm`?';
    expect(read(q, 'With `brisk` you are unable to call `proc.move()` in tasks.', 'The `calm` pool runs each task in a child process.')).toBe('calm');
  });

  it('compares the options\' stated defaults for "which has the longer default"', () => {
    const q = 'Which has the longer default: `waitLimit` or `hookLimit`?';
    const ev = passages('- **Default:** `4_000` in Node.\n\nTime a task may run.', '- **Default:** `9_000` in Node.\n\nTime a hook may run.');
    const titles: Record<string, string> = { p0: 'waitLimit | Config', p1: 'hookLimit | Config' };
    const sents = scoreSentences(q, ev, 8, 0.25);
    expect(answerDocsChoice(q, sents, (id) => titles[id])?.text).toBe('hookLimit');
    expect(answerDocsChoice(q.replace('longer', 'shorter'), sents, (id) => titles[id])?.text).toBe('waitLimit');
  });

  it('counts a sentence naming one option only as a reference for the other', () => {
    const q = 'Between `q.wait` and `q.poll`, which one stops at once when the check throws?';
    expect(read(q, 'Much like `q.wait`, but when the check throws, the loop stops at once.')).toBe('q.poll');
    expect(read(q, 'Does what `q.wait` does and also stops at once when the check throws.')).toBe('q.poll');
  });

  it('reads an option named by its last dotted part written as code', () => {
    const q = 'Which of `run.each` and `run.for` hands rows over whole?';
    expect(read(q, '// `for` hands rows over whole, as one argument', 'Tables are handy.')).toBe('run.for');
  });

  it('reads a sentence naming neither option as about the option its page is titled by', () => {
    const q = 'Between `q.wait` and `q.poll`, which one stops at once when the check throws?';
    const ev = passages('When the check throws, the loop stops at once.', 'When the check throws, the loop keeps waiting.');
    const titles: Record<string, string> = { p0: 'q.poll | API', p1: 'q.wait | API' };
    const sents = scoreSentences(q, ev, 8, 0.25);
    expect(answerDocsChoice(q, sents, (id) => titles[id])?.text).toBe('q.poll');
  });
});

