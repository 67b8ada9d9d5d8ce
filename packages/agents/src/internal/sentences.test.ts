import { describe, expect, it } from 'vitest';
import { chunkSentences } from './sentences.js';

describe('chunkSentences', () => {
  it('does not end a sentence at a title\'s full stop', () => {
    const text = 'The current leader of the opposition is Hon. Tamsin Reeve of the Green Party. She was elected in 2016.';
    expect(chunkSentences(text).map((s) => s.text)).toEqual(['The current leader of the opposition is Hon. Tamsin Reeve of the Green Party.', 'She was elected in 2016.']);
  });
});
