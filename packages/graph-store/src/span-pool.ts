// Store-wide sharing of provenance: one frozen span object per distinct (chunkId, start, end) and
// one frozen one-span list per span, handed to every stored record that cites it. A graph built
// from text cites the same span many times (every triple of a sentence, every mention of an
// entity across merges): at 8,000 passages the stored records held 235,008 spans of which 29,040
// were distinct. Stored records and their lists are frozen, so sharing cannot leak a change from
// one record into another; every writer builds a new list and the store passes it through here.
//
// The pool holds, per chunk, an exact-size array of its spans' one-span lists (the span is the
// list's element), found by a linear scan — a chunk has a few distinct spans — so a chunk's
// spans can be forgotten when the chunk is removed.
import type { Provenance } from '@rag/core';
import { isDistinctPooled, LONG, markDistinctPooled, takePooledPrefix } from './long-provenance.js';

export interface SpanPool {
  /**
   * A frozen list with the same spans in the same order, made of pooled span objects: the
   * shared one-span list for a single span, `list` itself when it already is such a list.
   */
  list(list: readonly Provenance[]): Provenance[];
  /**
   * The bulk path (column-load.ts): the pooled one-span lists of a chunk not yet in the pool,
   * its distinct spans in the order they are first cited.
   */
  adopt(chunkId: string, lists: Provenance[][]): void;
  /** Forget the pooled spans of these chunks (their records are gone or rewritten). */
  forget(chunkIds: Iterable<string>): void;
  /** Number of pooled spans. */
  readonly size: number;
}

const EMPTY = Object.freeze([]) as unknown as Provenance[];

/** Whether a list of pooled spans holds no span twice (pooled spans are equal only when identical). */
function allDistinct(list: readonly Provenance[]): boolean {
  return new Set(list).size === list.length;
}

/** Freeze a new list of pooled spans as the pool stores it (remembered as distinct when it is long and is). */
export function frozenPooledList(spans: Provenance[]): Provenance[] {
  return markPooled(spans, false);
}
function markPooled(spans: Provenance[], distinct: boolean): Provenance[] {
  const pooled = Object.freeze(spans) as unknown as Provenance[];
  if (pooled.length >= LONG && (distinct || allDistinct(pooled))) markDistinctPooled(pooled);
  return pooled;
}

export function createSpanPool(): SpanPool {
  const byChunk = new Map<string, Provenance[][]>();
  let size = 0;

  /** The pooled one-span list of the span equal to p (created when absent). */
  function single(p: Provenance): Provenance[] {
    const bucket = byChunk.get(p.chunkId);
    const n = bucket === undefined ? 0 : bucket.length;
    for (let i = 0; i < n; i++) {
      const list = bucket![i]!;
      const s = list[0]!;
      if (s.start === p.start && s.end === p.end) return list;
    }
    const list = Object.freeze([Object.freeze({ chunkId: p.chunkId, start: p.start, end: p.end })]) as unknown as Provenance[];
    const next = new Array<Provenance[]>(n + 1);
    for (let i = 0; i < n; i++) next[i] = bucket![i]!;
    next[n] = list;
    byChunk.set(p.chunkId, next);
    size++;
    return list;
  }

  return {
    list(list) {
      if (list.length === 0) return EMPTY;
      if (list.length === 1) return single(list[0]!);
      if (isDistinctPooled(list)) return list as Provenance[];
      // a list grown from a distinct pooled one (long-provenance.ts): its prefix is pooled already
      // (growDistinct made it for this write, so its added spans are pooled in place, not copied)
      const from = takePooledPrefix(list);
      const out = from > 0 ? (list as Provenance[]) : new Array<Provenance>(list.length);
      let same = from === 0 && Object.isFrozen(list);
      for (let i = from; i < list.length; i++) {
        const p = single(list[i]!)[0]!;
        if (p !== list[i]) same = false;
        out[i] = p;
      }
      return markPooled(same ? (list as Provenance[]) : out, from > 0);
    },
    adopt(chunkId, lists) {
      byChunk.set(chunkId, lists);
      size += lists.length;
    },
    forget(chunkIds) {
      for (const c of chunkIds) {
        const bucket = byChunk.get(c);
        if (bucket === undefined) continue;
        size -= bucket.length;
        byChunk.delete(c);
      }
    },
    get size() {
      return size;
    },
  };
}
