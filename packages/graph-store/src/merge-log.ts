// The merge log held compactly. A merge's log entry keeps, for exact undo, both merged nodes and
// every edge incident to them before the merge, and the kept node and its edges after; most of
// those records are no longer in the graph, so the log alone kept them alive: at 8,000 passages
// 3,126 entries held 140,000 objects (8 MB of heap). Each entry is held as its JSON text,
// deflated, in a one-byte string (1.75 MB for those entries; the JSON is 16 MB), next to the few
// fields the public `mergeLog()` and undo's lookup read. `open` gives back an entry equal to the
// one held, key order included, so snapshots and deltas encode the same bytes as before.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { MergeLogEntry } from './schemas.js';

/** A merge log entry as the store holds it. Only `undone` changes after it is made. */
export interface HeldMerge {
  readonly id: string;
  readonly keptId: string;
  readonly mergedId: string;
  readonly reason?: string;
  readonly at: string;
  undone?: boolean;
  /**
   * JSON of the whole entry as it was held, deflated (raw), as a latin1 string; or, for an entry
   * restored from a graph file, where its text sits in the file's merge log (merge-archive.ts).
   */
  readonly packed: string | ArchivedText;
}

/** A stored log (a graph file's section, or its pages: merge-pages.ts). */
export interface MergeArchive {
  /** Opens (parses and validates) the given entries together. */
  open(entries: readonly number[]): MergeLogEntry[];
  /** The entries' JSON texts as stored (UTF-8), read together: for writing them again without parsing. */
  texts(entries: readonly number[]): Uint8Array[];
}

/** An entry of a stored log, opened with the others asked for at once. */
export interface ArchivedText {
  readonly archive: MergeArchive;
  readonly entry: number;
}

/** The fields an entry is held by beside its text (and a stored log's header), in one order; `undone` only when given. */
export function mergeHeader(e: Pick<MergeLogEntry, 'id' | 'keptId' | 'mergedId' | 'reason' | 'at'>, undone?: boolean): Omit<HeldMerge, 'packed'> {
  return { id: e.id, keptId: e.keptId, mergedId: e.mergedId, ...(e.reason !== undefined ? { reason: e.reason } : {}), at: e.at, ...(undone !== undefined ? { undone } : {}) };
}

export function holdMerge(entry: MergeLogEntry): HeldMerge {
  return { ...mergeHeader(entry, entry.undone), packed: deflateRawSync(JSON.stringify(entry)).toString('latin1') };
}

/** The full entry (a new object each call); `undone` set since it was held is applied last, as setting it on the entry did. */
export function openMerge(held: HeldMerge): MergeLogEntry {
  return openMerges([held])[0]!;
}

/** `openMerge` of each; entries held from one stored log are read from it together (one inflate). */
export function openMerges(held: readonly HeldMerge[]): MergeLogEntry[] {
  const out = new Array<MergeLogEntry>(held.length);
  const archived = new Map<ArchivedText['archive'], number[]>();
  held.forEach((h, i) => {
    if (typeof h.packed === 'string') out[i] = JSON.parse(inflateRawSync(Buffer.from(h.packed, 'latin1')).toString('utf8')) as MergeLogEntry;
    else {
      const at = archived.get(h.packed.archive);
      if (at) at.push(i);
      else archived.set(h.packed.archive, [i]);
    }
  });
  for (const [archive, at] of archived) {
    const entries = archive.open(at.map((i) => (held[i]!.packed as ArchivedText).entry));
    at.forEach((i, k) => (out[i] = entries[k]!));
  }
  held.forEach((h, i) => {
    if (h.undone === true && out[i]!.undone !== true) out[i]!.undone = true;
  });
  return out;
}
