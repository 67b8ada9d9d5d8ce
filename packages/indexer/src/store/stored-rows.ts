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

const rows = new WeakMap<object, StoredRow>();

/** Record that `record`'s text is row `i` of `texts` (called by the decoder). */
export function markStored(record: object, texts: StoredTexts, i: number): void {
  rows.set(record, new StoredRow(texts, i));
}

/** The stored row a decoded document or summary reads its text from, if the decoder recorded one. */
export function storedRowOf(record: object): StoredRow | undefined {
  return rows.get(record);
}
