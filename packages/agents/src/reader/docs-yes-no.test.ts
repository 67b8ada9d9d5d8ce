import { describe, expect, it } from 'vitest';
import { answerDocsYesNo, asksYesNo } from './docs-yes-no.js';
import { sentencesOf } from './test-passages.js';

const read = (q: string, ...texts: string[]) => answerDocsYesNo(q, sentencesOf(q, ...texts))?.text;

describe('answerDocsYesNo', () => {
  it('says no when the clause stating the asked relation is negated', () => {
    const q = 'Can I pair `quill.wait` with image matchers?';
    expect(read(q, 'Image matchers are not supported by `quill.wait` because they settle at once. The wait helper polls a callback.')).toBe('no');
  });

  it('says yes when only a condition of the sentence is negated', () => {
    const q = 'Does Quill set `QUILL_MODE` to `check` when the variable is not defined?';
    expect(read(q, 'Like other runners, Quill sets `QUILL_MODE` to `check`, if it was not set before.')).toBe('yes');
  });

  it('reads "without" in the question as part of the asked proposition', () => {
    const q = 'Can the `lantern` provider render pages without a visible window?';
    expect(read(q, 'With the `lantern` provider the render window is always visible.')).toBe('no');
    expect(read(q, 'The `lantern` provider renders pages without a visible window.')).toBe('yes');
  });

  it('reads a restriction ("only") as no for what it leaves out', () => {
    const q = 'Does `quill.stub` replace modules loaded through `load()`?';
    expect(read(q, '`quill.stub` replaces only modules that were brought in with the `use` keyword.')).toBe('no');
  });

  it('says yes for a sentence about the asked identifier that states it without negation', () => {
    const q = 'Is it possible for an `onStart` callback to hand back a cleanup function?';
    expect(read(q, '`onStart` can also return an optional cleanup function.', 'Hooks run in order.')).toBe('yes');
  });

  it('takes the sentence holding most of the question terms, not the first negated one', () => {
    const q = 'Does `quill run` print a summary table?';
    expect(read(q, 'It does not clear the screen.', '`quill run` prints a summary table after each file.')).toBe('yes');
  });
});

describe('asksYesNo', () => {
  it('accepts a leading clause before the auxiliary', () => {
    expect(asksYesNo('In Quill 5, is the cache cleared on start?')).toBe(true);
    expect(asksYesNo('Which flag clears the cache?')).toBe(false);
  });
});
