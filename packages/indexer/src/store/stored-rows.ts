// Where a document's (or summary's) text read from a store lives: its row in the texts of one
// decoded state file. The indexer's table keeps this small record per stored document instead of
// the decoded document object (whose text getter and hash getter cost several hundred bytes a
// document, issue #14), and reads the text through it when first asked for.

/** The texts (and hashes) of one decoded state file, read by row. */
export interface StoredTexts {
  text(i: number): string;
  hash(i: number): string;
}

export class StoredRow {
  constructor(
    readonly texts: StoredTexts,
    readonly i: number,
  ) {}

  text(): string {
    return this.texts.text(this.i);
  }

  hash(): string {
    return this.texts.hash(this.i);
  }
}

/**
 * The row rides on the record as a non-enumerable symbol property (spreading, JSON and equality
 * do not see it), not in a WeakMap: a module-wide WeakMap keeps the capacity of its largest fill
 * (every document of the largest store opened) after the records are gone.
 */
const ROW = Symbol('stored row');

/** Record that `record`'s text is row `i` of `texts` (called by the decoder). */
export function markStored(record: object, texts: StoredTexts, i: number): void {
  Object.defineProperty(record, ROW, { value: new StoredRow(texts, i) });
}

/** The stored row a decoded document or summary reads its text from, if the decoder recorded one. */
export function storedRowOf(record: object): StoredRow | undefined {
  return (record as { [ROW]?: StoredRow })[ROW];
}
