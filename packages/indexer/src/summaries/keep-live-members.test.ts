// Between two community computations the kept communities lose the members the graph dropped; a
// community that lost none keeps its object (a state delta then holds only the changed ones).
import { createGraphStore } from '@rag/graph-store';
import { describe, expect, it } from 'vitest';
import type { Community } from '../types.js';
import { keepLiveMembers } from './community-summaries.js';

const at = (chunkId: string) => [{ chunkId, start: 0, end: 1 }];

describe('keepLiveMembers', () => {
  it('drops gone members and empty communities, keeping the object of a community that lost none', () => {
    const g = createGraphStore();
    const a = g.addEntity({ name: 'Marie Curie', type: 'Person', provenance: at('c1') });
    const b = g.addEntity({ name: 'Warsaw', type: 'Place', provenance: at('c1') });
    // ids as a store gives them back: equal strings, not the graph's
    const copy = (id: string) => JSON.parse(JSON.stringify(id)) as string;
    const whole: Community = { id: 0, members: [copy(a.id), copy(b.id)], summary: 'both' };
    const communities: Community[] = [whole, { id: 1, members: [copy(a.id), 'person:gone'], summary: 'one left' }, { id: 2, members: ['place:gone'], summary: 'none left' }];
    const { kept, dropped } = keepLiveMembers(communities, g);
    expect(dropped).toEqual([2]);
    expect(kept[0]).toBe(whole);
    expect(kept.map((c) => c.members)).toEqual([[a.id, b.id], [a.id]]);
    expect(kept[1]).not.toBe(communities[1]);
    expect(communities[1]!.members).toEqual([a.id, 'person:gone']);
  });
});
