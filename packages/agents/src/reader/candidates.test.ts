import { describe, expect, it } from 'vitest';
import { mainClause, questionVerbStems } from './candidates.js';

describe('relation cue', () => {
  it('takes the verbs of the main clause only', () => {
    const q = 'When was the astronomical clock built in the city where Karel Purkyne died?';
    expect(mainClause(q)).toBe('When was the astronomical clock built in the city');
    const stems = questionVerbStems(q);
    expect(stems.has('buil')).toBe(true);
    expect(stems.has('died')).toBe(false);
  });
});
