import { describe, expect, it } from 'vitest';
import { createMemoryVectorStore } from './memory-vector-store.js';

const v = (...xs: number[]) => Float32Array.from(xs);

describe('memory vector store change tracking (incremental persistence)', () => {
  it('reports a reset until marked, then the ids upserted and deleted since, last operation winning', async () => {
    const s = createMemoryVectorStore();
    await s.upsert('ns', [{ id: 'a', vector: v(1, 0), docId: 'd1' }, { id: 'b', vector: v(0, 1), docId: 'd2' }]);
    expect(s.pendingChanges('ns')).toEqual({ upserted: [], deleted: [], reset: true });
    s.markPersisted('ns');
    await s.upsert('ns', [{ id: 'c', vector: v(1, 1) }]);
    await s.delete('ns', ['a']);
    await s.upsert('ns', [{ id: 'a', vector: v(1, 0) }]); // deleted, then back
    await s.deleteByDoc('ns', 'd2');
    const ch = s.pendingChanges('ns');
    expect(ch.reset).toBe(false);
    expect(ch.upserted.sort()).toEqual(['a', 'c']);
    expect(ch.deleted).toEqual(['b']);
    const rec = s.exportRecords('ns', ['c', 'zz'])!;
    expect(rec.ids).toEqual(['c']);
    expect(Array.from(rec.vectors).map((x) => x.toFixed(3))).toEqual(['0.707', '0.707']);
    s.markPersisted('ns');
    expect(s.pendingChanges('ns')).toEqual({ upserted: [], deleted: [], reset: false });
    await s.clear('ns');
    expect(s.pendingChanges('ns').reset).toBe(true);
  });
});
