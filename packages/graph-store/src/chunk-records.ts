// Chunk index → the records (nodes or edges) whose provenance cites it, as one CSR table over
// typed arrays: a record is listed once per citing entry, in record order. Built from a graph's
// provenance columns (graph-codec.ts) by the read-only view (factsOfChunk) and by the bulk
// materialisation (column-load.ts).

export interface ChunkRecords {
  /** Chunk k's records are list[off[k]], …, list[off[k + 1] − 1]. */
  off: Uint32Array;
  list: Uint32Array;
}

/** `recordProv`: record i's entries are [recordProv[i], recordProv[i + 1]); `provChunk`: each entry's chunk index. */
export function invertProvenance(recordProv: Uint32Array, records: number, provChunk: Uint32Array, chunks: number): ChunkRecords {
  const off = new Uint32Array(chunks + 1);
  for (let i = 0; i < records; i++) for (let j = recordProv[i]!; j < recordProv[i + 1]!; j++) off[provChunk[j]! + 1]!++;
  for (let c = 0; c < chunks; c++) off[c + 1]! += off[c]!;
  const fill = off.slice(0, chunks);
  const list = new Uint32Array(off[chunks]!);
  for (let i = 0; i < records; i++) for (let j = recordProv[i]!; j < recordProv[i + 1]!; j++) list[fill[provChunk[j]!]!++] = i;
  return { off, list };
}
