import type { Evidence } from './evidence.js';
import type { RunContext } from '../trace/run-context.js';
import type { MetadataFilter } from './vector-store.js';

export interface RetrieveOptions {
  /** How many chunks the caller wants ranked (default 10). */
  k?: number;
  filter?: MetadataFilter;
  /** Trace, budget and abort signal of the request; a retriever makes its own when absent. */
  context?: RunContext;
}

export interface Retriever {
  readonly name: string;
  retrieve(query: string, options?: RetrieveOptions): Promise<Evidence>;
}
