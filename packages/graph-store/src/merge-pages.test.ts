// The merge log in pages (merge-pages.ts): entries come back as written, undone flags rule, a
// whole stored page is copied as stored when the log is written again, and a damaged page table
// is refused naming what is wrong.
import { describe, expect, it } from 'vitest';
import { RagError } from '@rag/core';
import { holdMerge, openMerges, type HeldMerge } from './merge-log.js';
import { encodeMergePages, holdEntries, PAGE_BYTES, readMergePages, type MergePageSections } from './merge-pages.js';
import type { MergeLogEntry } from './schemas.js';
import type { RelationEdge } from './types.js';

const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `graph.bin: ${why}`);

/** An entry of about `kb` KiB (its before-edges carry the bulk, as a hub's do). */
function entry(k: number, kb = 1): MergeLogEntry {
  const node = (id: string) => ({ id, name: id, type: 'Person', aliases: [], attributes: {}, provenance: [{ chunkId: `c${k}`, start: 0, end: 4 }] });
  const edges: RelationEdge[] = Array.from({ length: Math.ceil((kb * 1024) / 120) }, (_, j) => ({
    id: `person:k${k} -[knows]-> person:n${j}`,
    source: `person:k${k}`,
    target: `person:n${j}`,
    relation: 'knows',
    confidence: ((j * 7 + k) % 100) / 100,
    provenance: [{ chunkId: `c${j % 17}`, start: j, end: j + 3 }],
  }));
  return {
    id: `merge-${k + 1}`,
    keptId: `person:k${k}`,
    mergedId: `person:m${k}`,
    ...(k % 3 === 0 ? { reason: `exact (1.000): "K${k}" → "K${k}"` } : {}),
    at: `2026-01-01T00:00:${String(k % 60).padStart(2, '0')}.000Z`,
    before: { keep: node(`person:k${k}`), merged: node(`person:m${k}`), edges },
    after: { keep: node(`person:k${k}`), edges: [] },
  };
}

const read = (s: MergePageSections) =>
  readMergePages({ pages: s.pages, entryEnds: s.entryEnds, pageEnds: s.pageEnds, pageFirst: s.pageFirst, headers: () => s.headers, undone: s.undone }, corrupt);

/** The stored bytes of page p. */
const pageBytes = (s: MergePageSections, p: number) => Buffer.from(s.pages.subarray(p === 0 ? 0 : s.pageEnds[p - 1]!, s.pageEnds[p]!));

describe('the merge log in pages', () => {
  // ~5 pages of ~300 KiB entries, then small ones
  const entries = [...Array.from({ length: 16 }, (_, k) => entry(k, 300)), ...Array.from({ length: 30 }, (_, k) => entry(16 + k))];

  it('gives back every entry, its header without opening it, and its undone flag', () => {
    const held = entries.map(holdMerge);
    held[2]!.undone = true;
    const s = encodeMergePages(held);
    expect(s.pageEnds.length).toBeGreaterThan(3);
    const log = read(s);
    expect(log.length).toBe(entries.length);
    const want = entries.map((e, k) => (k === 2 ? { ...e, undone: true } : e));
    expect(log.entries()).toEqual(want);
    const again = log.held();
    expect(again.map((h) => [h.id, h.keptId, h.mergedId, h.reason, h.at, h.undone])).toEqual(held.map((h) => [h.id, h.keptId, h.mergedId, h.reason, h.at, h.undone]));
    expect(openMerges(again)).toEqual(want);
  });

  it('copies whole stored pages when written again, re-deflating only what changed', () => {
    const first = encodeMergePages(entries.map(holdMerge));
    const held: HeldMerge[] = [...read(first).held(), ...[entry(90), entry(91, 200)].map(holdMerge)];
    held[3]!.undone = true; // a flag changes nothing in the pages
    const second = encodeMergePages(held);
    // every page of the first write is in the second as stored, in the same place
    const stored = first.pageEnds.length;
    for (let p = 0; p < stored; p++) expect(pageBytes(second, p).equals(pageBytes(first, p))).toBe(true);
    expect(second.pageEnds.length).toBeGreaterThan(stored);
    expect(Array.from(second.entryEnds.subarray(0, entries.length))).toEqual(Array.from(first.entryEnds));
    expect(read(second).entries()).toEqual([...entries.map((e, k) => (k === 3 ? { ...e, undone: true } : e)), entry(90), entry(91, 200)]);
  });

  it('rewrites a stored page whose entries no longer all follow one another (a delta replaced one)', () => {
    const first = encodeMergePages(entries.map(holdMerge));
    const held = read(first).held();
    // the last page holds the small entries: replace one in its middle, as a delta from that entry on would
    const last = first.pageFirst[first.pageFirst.length - 1]!;
    const replaced = entry(77);
    held[last + 3] = holdMerge(replaced);
    const second = encodeMergePages(held);
    const p = first.pageEnds.length - 1;
    expect(pageBytes(second, p).equals(pageBytes(first, p))).toBe(false);
    for (let q = 0; q < p; q++) expect(pageBytes(second, q).equals(pageBytes(first, q))).toBe(true);
    expect(read(second).entries()).toEqual(entries.map((e, k) => (k === last + 3 ? replaced : e)));
  });

  it('starts a new page once a page passes PAGE_BYTES, a long entry alone in one', () => {
    const s = encodeMergePages([entry(0, 1), entry(1, (PAGE_BYTES / 1024) * 1.5), entry(2, 1)].map(holdMerge));
    // the long entry closes the first page; the last entry starts another
    expect(Array.from(s.pageFirst)).toEqual([0, 2]);
    expect(read(s).entries()).toEqual([entry(0, 1), entry(1, (PAGE_BYTES / 1024) * 1.5), entry(2, 1)]);
  });

  it('holds plain entries (a snapshot) like held ones', () => {
    const plain = entries.slice(0, 5).map((e, k) => (k === 1 ? { ...e, undone: true } : e));
    expect(read(encodeMergePages(holdEntries(plain))).entries()).toEqual(plain);
    expect(() => holdEntries([{ id: 'merge-1' }])).toThrow(/graph merge log\.0/);
  });

  it('refuses page tables that disagree, naming what is wrong', () => {
    const s = encodeMergePages(entries.map(holdMerge));
    const bad = (patch: Partial<MergePageSections>) => () => read({ ...s, ...patch });
    expect(bad({ undone: s.undone.subarray(1) })).toThrow(/46 entries but 45 undone flags/);
    expect(bad({ pages: s.pages.subarray(0, s.pages.byteLength - 1) })).toThrow(/pages do not fill their section/);
    expect(bad({ pageFirst: Uint32Array.from(s.pageFirst, (f, p) => (p === 1 ? 0 : f)) })).toThrow(/merge log page 0 has no entries or entries out of order/);
    const flipped = Uint8Array.from(s.pages);
    flipped[10] = flipped[10]! ^ 0xff;
    flipped[11] = flipped[11]! ^ 0xff;
    expect(() => read({ ...s, pages: flipped }).entries()).toThrow(/merge log (page 0 does not inflate|entry \d+ (is not valid JSON|ends past its page))/);
    // headers are read when the entries are held, not at open
    expect(bad({ headers: [s.headers[0], s.headers[1].subarray(4)] })).not.toThrow();
    expect(() => read({ ...s, headers: [s.headers[0], s.headers[1].subarray(4)] }).held()).toThrow(/46 entries but 45 headers/);
  });
});
