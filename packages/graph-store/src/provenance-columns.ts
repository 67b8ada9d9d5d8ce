// The three provenance columns of the binary graph (chunk index, start, end), filled in order:
// records encoded one by one, or runs copied as-is from a stored graph's columns.
import type { EntityNode } from './types.js';

export interface ProvenanceColumns {
  readonly chunk: Uint32Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** How many entries are written so far (the next record's offset). */
  readonly written: number;
  push(list: EntityNode['provenance']): void;
  /** One span. */
  add(chunkId: string, start: number, end: number): void;
  /** Copies entries [from, to) of stored columns. */
  copy(from: { provChunk: Uint32Array; provStart: Int32Array; provEnd: Int32Array }, start: number, end: number): void;
}

export function createProvenanceColumns(total: number, chunkIndex: (chunkId: string) => number): ProvenanceColumns {
  const chunk = new Uint32Array(total);
  const start = new Int32Array(total);
  const end = new Int32Array(total);
  let p = 0;
  return {
    chunk,
    start,
    end,
    get written() {
      return p;
    },
    push(list) {
      for (const x of list) this.add(x.chunkId, x.start, x.end);
    },
    add(chunkId, s, e) {
      chunk[p] = chunkIndex(chunkId);
      start[p] = s;
      end[p] = e;
      p++;
    },
    copy(cols, a, b) {
      chunk.set(cols.provChunk.subarray(a, b), p);
      start.set(cols.provStart.subarray(a, b), p);
      end.set(cols.provEnd.subarray(a, b), p);
      p += b - a;
    },
  };
}
