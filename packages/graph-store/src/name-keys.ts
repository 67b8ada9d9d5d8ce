// The name index a2rag's seed alignment reads, stored in the graph file: every node's name and
// aliases as match keys (@rag/core's `matchKey`), sorted, each with the ascending indexes of the
// nodes that carry it; and likewise every word of those keys. An exact name lookup is a binary
// search that decodes about log2(keys) strings; nothing is built when the graph is opened.
import { blobStringColumn, encodeStrings, bytesOf, matchKey, sortedIndexOf, u32, type StringColumn } from '@rag/core';

/** Keys with their postings (node indexes, ascending). */
export interface KeyPostings {
  readonly size: number;
  /** The nodes carrying `key` (ascending node index), or undefined. */
  get(key: string): Uint32Array | undefined;
}

export interface StoredNameIndex {
  /** The `matchKey` version the keys were made with. */
  version: number;
  names: KeyPostings;
  tokens: KeyPostings;
}

/** Match keys of node i's name and aliases, deduplicated, in order. */
export function nodeMatchKeys(name: string, aliases: readonly string[]): string[] {
  const out: string[] = [];
  for (const x of [name, ...aliases]) {
    const k = matchKey(x);
    if (k && !out.includes(k)) out.push(k);
  }
  return out;
}

/** Four sections per table: keys blob, key ends, posting offsets, postings. */
export function encodeNameIndex(n: number, nameAt: (i: number) => string, aliasesAt: (i: number) => readonly string[]): Uint8Array[] {
  const names = new Map<string, number[]>();
  const tokens = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string, i: number) => {
    const a = m.get(k);
    if (!a) m.set(k, [i]);
    else if (a[a.length - 1] !== i) a.push(i);
  };
  for (let i = 0; i < n; i++)
    for (const key of nodeMatchKeys(nameAt(i), aliasesAt(i))) {
      push(names, key, i);
      for (const t of key.split(' ')) push(tokens, t, i);
    }
  return [...table(names), ...table(tokens)];
}

function table(m: Map<string, number[]>): Uint8Array[] {
  const keys = [...m.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const off = new Uint32Array(keys.length + 1);
  keys.forEach((k, i) => (off[i + 1] = off[i]! + m.get(k)!.length));
  const post = new Uint32Array(off[keys.length]!);
  keys.forEach((k, i) => post.set(m.get(k)!, off[i]!));
  return [...encodeStrings(keys), bytesOf(off), bytesOf(post)];
}

/** Read the tables from their sections (views, nothing decoded). */
export function decodeNameIndex(version: number, s: readonly Uint8Array[], nodes: number, corrupt: (why: string) => Error): StoredNameIndex {
  const postings = (blob: Uint8Array, ends: Uint8Array, offBytes: Uint8Array, postBytes: Uint8Array, what: string): KeyPostings => {
    const keys: StringColumn = blobStringColumn(blob, ends);
    const off = u32(offBytes);
    const post = u32(postBytes);
    if (off.length !== keys.length + 1 || off[keys.length] !== post.length) throw corrupt(`the ${what} index columns disagree`);
    let checked = false;
    return {
      size: keys.length,
      get(key) {
        if (!checked) {
          for (let j = 0; j < post.length; j++) if (post[j]! >= nodes) throw corrupt(`the ${what} index names a node out of range`);
          checked = true;
        }
        const i = sortedIndexOf(keys, key);
        return i < 0 ? undefined : post.subarray(off[i]!, off[i + 1]!);
      },
    };
  };
  return { version, names: postings(s[0]!, s[1]!, s[2]!, s[3]!, 'name'), tokens: postings(s[4]!, s[5]!, s[6]!, s[7]!, 'name token') };
}
