// Open graph format 2 bytes lazily: decode the columns (no per-record JSON) and return the
// read view, which builds the writable store only when the graph is first edited.
import { decodeGraphColumns } from './graph-codec.js';
import { createGraphView, type GraphViewExtras } from './graph-view.js';
import type { GraphStoreExtras, GraphStoreOptions } from './graph-store.js';
import type { GraphStore } from './types.js';

export function openGraph(bytes: Uint8Array, source: string, options: Omit<GraphStoreOptions, 'snapshot'> = {}): GraphStore & GraphStoreExtras & GraphViewExtras {
  return createGraphView(decodeGraphColumns(bytes, source), options);
}
