import { describe, expect, it } from 'vitest';
import { canonicalRelation, isSchemaRelation, KgExtractionReplySchema, relationSpec, RELATION_SCHEMA } from './relation-schema.js';

describe('relation schema', () => {
  it('names every relation of the issue once, with head and tail types', () => {
    const names = RELATION_SCHEMA.map((r) => r.relation);
    expect(new Set(names).size).toBe(names.length);
    for (const r of ['born_in', 'born_on', 'died_in', 'died_on', 'spouse', 'parent', 'child', 'sibling', 'nationality', 'occupation', 'member_of', 'educated_at', 'award', 'director', 'author', 'performer', 'producer', 'publisher', 'released_on', 'genre', 'founded_by', 'founded_in', 'headquartered_in', 'part_of', 'located_in', 'country', 'capital_of', 'instance_of', 'alias'])
      expect(isSchemaRelation(r)).toBe(true);
    expect(relationSpec('born_on')?.tail).toEqual(['Date']);
  });

  it('maps common spellings onto schema labels and keeps others open-ended', () => {
    expect(canonicalRelation('Directed by')).toBe('director');
    expect(canonicalRelation('is_a')).toBe('instance_of');
    expect(canonicalRelation('place of birth')).toBe('born_in');
    expect(canonicalRelation('headlined')).toBe('headlined');
    expect(isSchemaRelation('headlined')).toBe(false);
  });

  it('validates extractor replies', () => {
    expect(KgExtractionReplySchema.safeParse({ entities: [{ name: 'A', type: 'Person' }], relations: [{ head: 'A', relation: 'born_in', tail: 'B' }] }).success).toBe(true);
    expect(KgExtractionReplySchema.safeParse({ entities: [{ name: '', type: 'Person' }], relations: [] }).success).toBe(false);
  });
});
