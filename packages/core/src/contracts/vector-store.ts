export type FilterValue = string | number | boolean;
/** Equality on metadata fields; an array means "any of". `docId` filters by document. */
export type MetadataFilter = Record<string, FilterValue | FilterValue[]>;

export interface VectorRecord {
  id: string;
  vector: Float32Array;
  docId?: string;
  metadata?: Record<string, FilterValue | null>;
}

export interface VectorHit {
  id: string;
  /** Cosine similarity (higher is closer). */
  score: number;
  docId?: string;
  metadata?: Record<string, FilterValue | null>;
}

/** Every call is scoped to one namespace; a namespace never sees another's records. */
export interface VectorStore {
  readonly id: string;
  upsert(namespace: string, records: VectorRecord[]): Promise<void>;
  delete(namespace: string, ids: string[]): Promise<void>;
  /** Remove every record of a document; returns how many were removed. */
  deleteByDoc(namespace: string, docId: string): Promise<number>;
  search(namespace: string, vector: Float32Array, k: number, filter?: MetadataFilter): Promise<VectorHit[]>;
  count(namespace: string, filter?: MetadataFilter): Promise<number>;
  /** Optional capability: fetch stored vectors by id. */
  get?(namespace: string, ids: string[]): Promise<VectorRecord[]>;
  /** Optional capability: drop a namespace. */
  clear?(namespace: string): Promise<void>;
}
