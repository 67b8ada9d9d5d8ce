// A string table for the binary graph columns: each distinct string gets the next index, so
// columns store small integers (types, relation labels, chunk ids) instead of repeated text.
export interface StringTable {
  /** The string's index, adding it at the end on first sight. */
  indexOf(s: string): number;
  /** Every string, in index order. */
  readonly strings: string[];
}

/** A table that starts with `initial` (e.g. a stored graph's table, when appending to it). */
export function createStringTable(initial: readonly string[] = []): StringTable {
  const index = new Map(initial.map((s, i) => [s, i]));
  const strings = [...initial];
  return {
    indexOf(s) {
      let i = index.get(s);
      if (i === undefined) {
        index.set(s, (i = strings.length));
        strings.push(s);
      }
      return i;
    },
    strings,
  };
}
