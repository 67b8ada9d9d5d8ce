export interface EmbedOptions {
  signal?: AbortSignal;
  /** Some models embed queries and documents differently. */
  kind?: 'query' | 'document';
}

export interface Embedder {
  /** Stable identity of the model and its settings; stored in index manifests. */
  readonly id: string;
  /** Vector length, when known before the first call. */
  readonly dimensions?: number;
  /** One vector per text, same order. Vectors are L2-normalised unless documented otherwise. */
  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]>;
}
