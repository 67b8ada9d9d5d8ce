export interface KeywordDocument {
  id: string;
  text: string;
}

export interface KeywordHit {
  id: string;
  score: number;
}

export interface KeywordIndex {
  readonly id: string;
  /** Add or replace documents by id. */
  add(docs: KeywordDocument[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  search(query: string, k: number): Promise<KeywordHit[]>;
  size(): Promise<number>;
}
