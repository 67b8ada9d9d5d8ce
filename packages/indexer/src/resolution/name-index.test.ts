// The name index in typed arrays holds, list by list and in the same order, what the
// straightforward index of Maps (the implementation it replaced, kept below as the reference)
// holds: built from a real graph, and kept up to date through renames, alias changes, merges,
// removals and re-added nodes. The resolver tries candidates in list order, so order is compared,
// not just membership.
import { createGraphStore, IdIndex, mulberry32, type EntityNode, type GraphStore } from '@rag/graph-store';
import { describe, expect, it } from 'vitest';
import { fixtureCorpus } from '../../test/support/built-store.js';
import { createIndexer } from '../indexer.js';
import { blockKey, blockKeys, isBlockKey, isBlockKeyOfBytes } from './block-keys.js';
import { NameIndex, type NameTable } from './name-index.js';
import { initialsOf, initialsOfKey, normalizeEntityName } from './normalize-name.js';
import { PackedStrings } from './string-stores.js';
import { hashString, StringTable } from './string-table.js';

/** The name index as it was: Maps of id lists (IdIndex) and one entries record per node. */
class ReferenceIndex {
  readonly byKey = new IdIndex();
  readonly byFirst = new IdIndex();
  readonly byInitials = new IdIndex();
  readonly entries = new Map<string, { key: string; aliases: readonly string[] }>();

  static of(graph: GraphStore): ReferenceIndex {
    const index = new ReferenceIndex();
    for (const n of graph.nodes()) index.put(n);
    return index;
  }

  update(graph: GraphStore, ids: Iterable<string>): void {
    for (const id of ids) {
      const n = graph.getNode(id);
      if (n) this.put(n);
      else this.drop(id);
    }
  }

  put(n: EntityNode): void {
    const key = normalizeEntityName(n.name);
    const aliases = n.aliases.map((a) => normalizeEntityName(a));
    const prev = this.entries.get(n.id);
    if (prev && prev.key === key && prev.aliases.length === aliases.length && prev.aliases.every((a, i) => a === aliases[i])) return;
    if (prev) this.unlink(n.id, prev);
    this.entries.set(n.id, { key, aliases });
    const link = (t: IdIndex, k: string | undefined) => k && t.add(k, n.id);
    link(this.byKey, key);
    for (const a of aliases) link(this.byKey, a);
    for (const b of blockKeys(key)) link(this.byFirst, b);
    if (key.includes(' ')) link(this.byInitials, initialsOfKey(key));
  }

  drop(id: string): void {
    // (the replaced code tested `!prev` and so never dropped a node whose key was empty; no
    // resolution could see it: an empty key is never looked up and never blocks)
    const prev = this.entries.get(id);
    if (prev === undefined) return;
    this.unlink(id, prev);
    this.entries.delete(id);
  }

  private unlink(id: string, e: { key: string; aliases: readonly string[] }): void {
    this.byKey.delete(e.key, id);
    for (const a of e.aliases) this.byKey.delete(a, id);
    for (const b of blockKeys(e.key)) this.byFirst.delete(b, id);
    if (e.key.includes(' ')) this.byInitials.delete(initialsOfKey(e.key), id);
  }
}

const refTable = (t: IdIndex) => new Map([...t.keys()].sort().map((k) => [k, t.get(k)]));
const sorted = (m: Map<string, string[]>) => new Map([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function expectSame(index: NameIndex, ref: ReferenceIndex): void {
  for (const name of ['byKey', 'byFirst', 'byInitials'] as NameTable[]) expect(sorted(index.table(name))).toEqual(refTable(ref[name]));
  expect([...index.ids()]).toEqual([...ref.entries.keys()]);
  for (const [id, e] of ref.entries) expect(index.keyOf(id)).toBe(e.key);
  // the resolver's three questions, with their order
  for (const { key } of ref.entries.values()) {
    expect(index.withKey(key)).toEqual(ref.byKey.get(key));
    const block = new Set<string>();
    for (const b of blockKeys(key)) if (ref.byFirst.count(b) <= 3) for (const o of ref.byFirst.get(b)) block.add(o);
    const slots = index.block(key, 3);
    expect(slots.map((s) => index.idAt(s))).toEqual([...block]);
    expect(slots.map((s) => index.keyAtSlot(s))).toEqual([...block].map((o) => ref.entries.get(o)!.key));
    expect(slots.map((s) => index.keyLengthAt(s))).toEqual([...block].map((o) => ref.entries.get(o)!.key.length));
  }
  for (const k of ref.byInitials.keys()) expect(index.withInitials(k)).toEqual(ref.byInitials.get(k));
}

/** The normalisation and initials as written before their fast paths (ASCII, and initials read in place). */
function referenceNormalize(name: string): string {
  const HON = /^(?:mr|mrs|ms|miss|dr|prof|professor|sir|dame|lord|lady|rev|reverend|hon|st|saint|mx)\.?\s+/i;
  let s = name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s*\([^)]*\)\s*$/u, '').trim();
  let prev;
  do {
    prev = s;
    s = s.replace(HON, '').replace(/^the\s+/, '');
  } while (s !== prev);
  return s.replace(/['’]s\b/g, '').replace(/[\p{P}\p{S}]+/gu, ' ').replace(/\s+/g, ' ').trim();
}
const SKIP = new Set(['of', 'the', 'and', 'for', 'in', 'on', 'at', 'de', 'la', 'du', '&']);
const referenceInitials = (key: string) =>
  key
    .split(' ')
    .filter((w) => w && !SKIP.has(w))
    .map((w) => w[0])
    .join('');

describe('string table', () => {
  it('numbers strings, finds them after removals of others, reuses numbers and tells strings of one hash apart', () => {
    const t = new StringTable();
    const words = Array.from({ length: 5000 }, (_, i) => `w${i}`);
    const n = words.map((w) => t.intern(w));
    expect(new Set(n).size).toBe(words.length);
    for (let i = 0; i < words.length; i += 3) t.remove(n[i]!);
    words.forEach((w, i) => expect(t.find(w)).toBe(i % 3 === 0 ? -1 : n[i]));
    expect(t.size).toBe(words.length - Math.ceil(words.length / 3));
    expect(n).toContain(t.intern('again'));
    // "Aa" and "BB" share a 31-polynomial hash; find two strings sharing this table's hash
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const s = `k${i}`;
      const other = seen.get(hashString(s));
      if (other !== undefined) pair = [other, s];
      else seen.set(hashString(s), s);
    }
    const u = new StringTable();
    const a = u.intern(pair[0]);
    expect(u.find(pair[1])).toBe(-1);
    const b = u.intern(pair[1]);
    expect(b).not.toBe(a);
    expect([u.find(pair[0]), u.find(pair[1])]).toEqual([a, b]);
    u.remove(a);
    expect([u.find(pair[0]), u.find(pair[1])]).toEqual([-1, b]);
  });
});

describe('packed strings', () => {
  it('gives back every string as given, Latin-1 or not, through removals and repacks, and compares without building', () => {
    const packed = new StringTable(new PackedStrings());
    const held = new Map<number, string>();
    const rand = mulberry32(7);
    const words = ['', 'a', 'straße', 'café au lait', '東京', 'x\u0301', 'ÿ', 'Ā', '\ud83d\ude00', 'marie curie'];
    for (let i = 0; i < 20000; i++) {
      if (held.size > 50 && rand() < 0.45) {
        const n = [...held.keys()][Math.floor(rand() * held.size)]!;
        packed.remove(n);
        held.delete(n);
      } else {
        const s = `${words[i % words.length]}${i}`.repeat(1 + Math.floor(rand() * 3));
        held.set(packed.intern(s), s);
      }
    }
    for (const [n, s] of held) {
      expect(packed.at(n)).toBe(s);
      expect(packed.find(s)).toBe(n);
      expect(packed.find(`${s}!`)).toBe(-1);
    }
    expect(packed.size).toBe(held.size);
  });
});

describe('name index', () => {
  it('tells a blocking key of a key in place as when building it', () => {
    for (const k of ['', 'a', 'ab cd', 'abcdef', 'marie curie', 'x y z', 'über straße 12'])
      for (let j = 0; j < 3; j++) {
        expect(isBlockKey(k, j, blockKey(k, j))).toBe(true);
        for (const other of ['', 'f:', 'l:', 'p:', 'f:a', 'l:z', 'p:abcd', 'p:mari', 'f:marie', 'l:curie', 'f:marie curie', 'q:a', 'p:ab c', 'l:12', 'l:straße 12', 'f:über', 'p:über']) {
          expect(isBlockKey(k, j, other)).toBe(other === blockKey(k, j));
          const bytes = Buffer.from(`..${k}.`, 'latin1');
          expect(isBlockKeyOfBytes(bytes, 2, k.length, j, other)).toBe(other === blockKey(k, j));
        }
      }
    expect(blockKeys('marie curie')).toEqual(['f:marie', 'l:curie', 'p:mari']);
    expect(blockKeys('')).toEqual(['f:', 'l:', 'p:']);
  });

  it('reads initials from the normalised key as from the name', () => {
    for (const name of ['National Aeronautics and Space Administration', 'Dr. Marie Curie', 'The Bank of  England (UK)', 'Ángela Merkel', 'Saint-Exupéry', 'x'])
      expect(initialsOfKey(normalizeEntityName(name))).toBe(initialsOf(name));
  });

  it('normalises and reads initials as the plain versions do, on every name of a real graph and on awkward ones', async () => {
    const indexer = createIndexer({ resolver: false });
    await indexer.ingest(fixtureCorpus(60));
    const names = [...indexer.graph.nodes()].flatMap((n) => [n.name, ...n.aliases]);
    names.push('', ' ', 'of the', 'Bank of  England', ' the  x ', 'a & b', 'Dr.  Who (TV)', 'ﬁne Ⅻ', 'Straße', 'İstanbul', 'ὈΔΥΣΣΕΎΣ', '東京 大学', 'x\u0301y', 'Ǆemal', 'the The the', "O'Brien's", '\ud83d\ude00 smile');
    for (const name of names) {
      expect(normalizeEntityName(name)).toBe(referenceNormalize(name));
      expect(initialsOfKey(name)).toBe(referenceInitials(name));
      expect(initialsOfKey(normalizeEntityName(name))).toBe(referenceInitials(referenceNormalize(name)));
    }
  });

  it('holds after renames, alias changes and removals what a rebuild from the graph holds', () => {
    const g = createGraphStore();
    const p = [{ chunkId: 'c1', start: 0, end: 1 }];
    // (the last two keys are not Latin-1: they stay strings beside the packed buffer)
    const ids = ['Marie Curie', 'Pierre Curie', 'National Aeronautics and Space Administration', 'Warsaw', 'University of Paris', '東京 大学', 'Tōkyō 東京 Daigaku'].map(
      (name) => g.addEntity({ name, provenance: p }).id,
    );
    const kept = NameIndex.of(g);
    const ref = ReferenceIndex.of(g);
    expect(kept.withInitials('mc')).toEqual([ids[0]]);
    g.updateEntity(ids[0]!, { name: 'Maria Sklodowska Curie' });
    g.updateEntity(ids[3]!, { aliases: ['Warszawa', 'Varsovie', 'Warsaw', 'Warszawa', '...'] });
    g.updateEntity(ids[2]!, { aliases: [] });
    g.removeChunks(['c2']);
    const gone = g.addEntity({ name: 'Short Lived', provenance: [{ chunkId: 'c2', start: 0, end: 1 }] }).id;
    kept.update(g, [ids[0]!, ids[2]!, ids[3]!, gone]);
    ref.update(g, [ids[0]!, ids[2]!, ids[3]!, gone]);
    expectSame(kept, ref);
    expect(kept.withKey('warszawa')).toEqual([ids[3]]);
    g.removeChunks(['c2']);
    g.updateEntity(ids[3]!, { aliases: [] });
    kept.update(g, [gone, ids[3]!]);
    ref.update(g, [gone, ids[3]!]);
    expectSame(kept, ref);
    expect(kept.withKey('warszawa')).toEqual([]);
    expect(kept.withInitials('mc')).toEqual([]);
    expect(kept.withInitials('msc')).toEqual([ids[0]]);
    expect(kept.keyOf(gone)).toBeUndefined();
  });

  it('keeps every list and its order as the Map-based index does, on a real graph through edits, merges and removals', async () => {
    const indexer = createIndexer({ resolver: false });
    await indexer.ingest(fixtureCorpus(60));
    const g = indexer.graph;
    expect(g.nodeCount).toBeGreaterThan(300);
    const index = NameIndex.of(g);
    const ref = ReferenceIndex.of(g);
    expectSame(index, ref);
    const rand = mulberry32(14);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const chunks = [...new Set([...g.nodes()].flatMap((n) => n.provenance.map((p) => p.chunkId)))];
    const names = [...g.nodes()].map((n) => n.name);
    for (let round = 0; round < 12; round++) {
      const changed: string[] = [];
      const ids = [...g.nodes()].map((n) => n.id);
      for (let i = 0; i < 25; i++) {
        const id = pick(ids);
        if (!g.hasNode(id)) continue;
        const r = rand();
        // renames to another node's name (a shared key), aliases (some repeated, some empty), merges, unchanged puts
        if (r < 0.3) g.updateEntity(id, { name: rand() < 0.5 ? pick(names) : `${pick(names)} ${round}` });
        else if (r < 0.5) g.updateEntity(id, { aliases: [pick(names), pick(names), '!!', pick(names)].slice(0, Math.floor(rand() * 5)) });
        else if (r < 0.7) {
          const other = pick(ids);
          if (other === id || !g.hasNode(other)) continue;
          g.merge(id, other);
          changed.push(other);
        } else if (r < 0.8) g.updateEntity(id, { name: '(x)' }); // an empty key
        changed.push(id);
      }
      const added = Array.from({ length: 10 }, () => g.addEntity({ name: rand() < 0.5 ? pick(names) : `New ${pick(names)}`, provenance: [{ chunkId: `new-${round}`, start: 0, end: 1 }] }).id);
      const removed = g.removeChunks([pick(chunks), `new-${round - 2}`]).removedNodes;
      const all = [...changed, ...added, ...removed];
      index.update(g, all);
      ref.update(g, all);
      expectSame(index, ref);
    }
    // and a rebuild from the graph as it now is agrees with the reference's rebuild
    expectSame(NameIndex.of(g), ReferenceIndex.of(g));
  });
});
