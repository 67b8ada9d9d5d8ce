// The entity resolver's lookup tables over the graph's node names: normalised key (and alias
// keys) → nodes, blocking keys → nodes, initials → nodes. Built from the whole graph once, then
// kept up to date from the ids a batch wrote (`update`), so a build does not re-read and
// re-normalise every node at every batch. A node whose entries did not change keeps its place in
// each table (the resolver tries candidates in table order); a node whose entries changed leaves
// every list and joins the end of each of its new ones.
//
// Held in typed arrays (posting-lists.ts): each node has a slot (its id found in a hash table of
// our own, string-table.ts); its key is a number into byKey's keys, packed one byte a character
// in one buffer (string-stores.ts), and its entries in the lists are implicit (byKey and
// byInitials: entry = slot; byFirst: 3·slot + j for its first-word, last-word and prefix keys),
// linked both ways so a node leaves a list of thousands in constant time. The blocking keys and
// initials are not stored: they are derived from the key of a node listed under them. Only the
// few nodes with aliases have a record (their alias keys and alias entries).
import type { EntityNode, GraphStore } from '@rag/graph-store';
import { blockKey, isBlockKey, isBlockKeyOfBytes } from './block-keys.js';
import { initialsOfKey, normalizeEntityName } from './normalize-name.js';
import { PostingLists } from './posting-lists.js';
import { PackedStrings } from './string-stores.js';
import { grown, StringTable } from './string-table.js';

/** A key of one word has no initials entry. */
const initialsOfEntry = (key: string) => (key.includes(' ') ? initialsOfKey(key) : undefined);

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const NO_ALIASES: readonly string[] = [];

/** A slot's key number when its key is empty (a name of punctuation only names nothing). */
const NO_KEY = -1;

interface Aliases {
  /** The normalised aliases, as the node lists them (compared on the next put). */
  keys: readonly string[];
  /** The alias entries linked in byKey (aliases empty or equal to an earlier key are not). */
  entries: number[];
}

export type NameTable = 'byKey' | 'byFirst' | 'byInitials';

export class NameIndex {
  /** Node id → slot (a slot freed by a drop is given to a later node). */
  private readonly slots = new StringTable();
  /** slot → when its id was first put (ids() lists them in that order, as a Map would). */
  private since = new Int32Array(8);
  private clock = 0;
  /** slot → the number of its key in byKey (NO_KEY for an empty key). */
  private keyNo = new Int32Array(8);
  private readonly aliases = new Map<number, Aliases>();
  /** The keys are packed in one buffer (a byte a character for names in Latin-1). */
  private readonly packed = new PackedStrings();
  private readonly byKey = new PostingLists(1, this.packed);
  // the blocking keys and initials are not held: they are derived from the key of a node listed under them
  private readonly byFirst = new PostingLists(3, {
    derive: (e) => blockKey(this.keyAt(Math.floor(e / 3)), e % 3),
    matches: (e, b) => this.isBlockKeyOf(Math.floor(e / 3), e % 3, b),
  });
  private readonly byInitials = new PostingLists(1, {
    derive: (e) => initialsOfKey(this.keyAt(e)),
    matches: (e, i) => initialsOfKey(this.keyAt(e)) === i,
  });

  /** The index of every node of `graph`, in the graph's node order. */
  static of(graph: GraphStore): NameIndex {
    const index = new NameIndex();
    index.reserve(graph.nodeCount, true);
    for (const n of graph.nodes()) index.put(n);
    return index;
  }

  keyOf(id: string): string | undefined {
    const slot = this.slots.find(id);
    return slot < 0 ? undefined : this.keyAt(slot);
  }

  /** The ids held, in the order they were first put (an id dropped and put again comes last). */
  ids(): IterableIterator<string> {
    const live: number[] = [];
    for (let s = 0; s < this.slots.limit; s++) if (this.since[s]! > 0) live.push(s);
    return live.sort((a, b) => this.since[a]! - this.since[b]!).map((s) => this.slots.at(s))[Symbol.iterator]();
  }

  /** The nodes whose key or an alias key is `key`, in table order. */
  withKey(key: string): string[] {
    return this.byKey.slots(key).map((s) => this.slots.at(s));
  }

  /** The nodes of several words whose key's initials are `initials`, in table order. */
  withInitials(initials: string): string[] {
    return this.byInitials.slots(initials).map((s) => this.slots.at(s));
  }

  /**
   * The slots of the nodes sharing a blocking key with `key`, each once, in the order of the
   * blocking keys and then of each list; a blocking key held by more than `max` nodes does not
   * discriminate and is skipped. Read a slot's id, key and key length with `idAt`, `keyAtSlot`
   * and `keyLengthAt` (the length without building the key: most candidates stop there).
   */
  block(key: string, max: number): number[] {
    const seen = new Set<number>();
    for (let j = 0; j < 3; j++) {
      const b = blockKey(key, j);
      if (this.byFirst.count(b) <= max) for (const s of this.byFirst.slots(b)) seen.add(s);
    }
    return [...seen];
  }

  /** The id of a slot in use. */
  idAt(slot: number): string {
    return this.slots.at(slot);
  }

  /** The key of a slot in use. */
  keyAtSlot(slot: number): string {
    return this.keyAt(slot);
  }

  /** The length of the key of a slot in use (`keyAtSlot(slot).length`). */
  keyLengthAt(slot: number): number {
    const k = this.keyNo[slot]!;
    if (k === NO_KEY) return 0;
    const len = this.packed.lengthOf(k);
    return len >= 0 ? len : this.keyAt(slot).length;
  }

  /** One table as key → ids in table order (for tests and benchmarks: it copies every list). */
  table(name: NameTable): Map<string, string[]> {
    const lists = this[name];
    return new Map(lists.keyList().map((k) => [k, lists.slots(k).map((s) => this.slots.at(s))]));
  }

  /** Bring the entries of these node ids in line with the graph (absent nodes are dropped). */
  update(graph: GraphStore, ids: Iterable<string>): void {
    for (const id of ids) {
      const n = graph.getNode(id);
      if (n) this.put(n);
      else this.drop(id);
    }
  }

  put(n: EntityNode): void {
    const key = normalizeEntityName(n.name);
    const aliases = n.aliases.length === 0 ? NO_ALIASES : n.aliases.map((a) => normalizeEntityName(a));
    const slot = this.slots.intern(n.id);
    if (!this.slots.added) {
      if (this.keyAt(slot) === key && sameList(this.aliases.get(slot)?.keys ?? NO_ALIASES, aliases)) return;
      this.unlink(slot);
    } else {
      if (slot >= this.keyNo.length) this.reserve(slot + 1, false);
      this.since[slot] = ++this.clock;
    }
    this.link(slot, key, aliases);
  }

  drop(id: string): void {
    const slot = this.slots.find(id);
    if (slot < 0) return;
    this.unlink(slot);
    this.since[slot] = 0;
    this.slots.remove(slot);
  }

  /** Room for `slots` slots (`exact`: no more, for a bulk build that knows its size); every per-slot array gets keyNo's length. */
  private reserve(slots: number, exact: boolean): void {
    if (exact) this.slots.reserve(slots);
    this.keyNo = grown(this.keyNo, slots, exact);
    const room = this.keyNo.length;
    this.since = grown(this.since, room, true);
    this.byKey.reserve(room, 0, true);
    this.byFirst.reserve(room, 0, true);
    this.byInitials.reserve(room, 0, true);
  }

  /** Whether `b` is blocking key j of the slot's key, read in the packed buffer. */
  private isBlockKeyOf(slot: number, j: number, b: string): boolean {
    const k = this.keyNo[slot]!;
    const len = k === NO_KEY ? -1 : this.packed.lengthOf(k);
    return len >= 0 ? isBlockKeyOfBytes(this.packed.buffer, this.packed.startOf(k), len, j, b) : isBlockKey(this.keyAt(slot), j, b);
  }

  private keyAt(slot: number): string {
    const k = this.keyNo[slot]!;
    return k === NO_KEY ? '' : this.byKey.keys.at(k);
  }

  // byKey first: the derived keys of the other tables are read from the slot's key
  private link(slot: number, key: string, aliases: readonly string[]): void {
    this.keyNo[slot] = key ? this.byKey.link(key, slot) : NO_KEY;
    if (aliases.length > 0) {
      const entries: number[] = [];
      aliases.forEach((a, i) => {
        // a list holds a node once: an alias equal to the key or to an earlier alias adds nothing
        if (a && a !== key && aliases.indexOf(a) === i) entries.push(this.byKey.linkExtra(a, slot));
      });
      this.aliases.set(slot, { keys: aliases, entries });
    }
    for (let j = 0; j < 3; j++) this.byFirst.link(blockKey(key, j), 3 * slot + j);
    const initials = initialsOfEntry(key);
    if (initials) this.byInitials.link(initials, slot);
  }

  // byKey last, for the same reason
  private unlink(slot: number): void {
    const key = this.keyAt(slot);
    for (let j = 0; j < 3; j++) this.byFirst.unlinkFrom(blockKey(key, j), 3 * slot + j);
    const initials = initialsOfEntry(key);
    if (initials) this.byInitials.unlinkFrom(initials, slot);
    const aliases = this.aliases.get(slot);
    if (aliases) {
      for (const e of aliases.entries) this.byKey.unlink(e);
      this.aliases.delete(slot);
    }
    if (key) this.byKey.unlink(slot, this.keyNo[slot]!);
  }
}
