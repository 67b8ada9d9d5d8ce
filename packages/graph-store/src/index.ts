// @rag/graph-store public API. Named exports only; algorithms are also deep-importable as
// `@rag/graph-store/algorithms/<file>`.
export { createGraphStore, deepEqual } from './graph-store.js';
export type { GraphStoreOptions, GraphStoreExtras } from './graph-store.js';
export { entityId, normalizeName, normalizeRelation, relationId } from './entity-id.js';
export { IdIndex } from './id-index.js';
export { GRAPH_FORMAT_VERSION, GraphSnapshotSchema, GraphSchemaSchema, EntityInputSchema, RelationInputSchema } from './schemas.js';
export type {
  ChunkFacts,
  EditKind,
  EditOptions,
  EditRecord,
  EntityEdit,
  EntityInput,
  EntityNode,
  GraphBatch,
  GraphBatchResult,
  GraphSchema,
  GraphSnapshot,
  GraphStore,
  MergeRecord,
  RelationEdge,
  RelationEdit,
  RelationInput,
} from './types.js';

export { saveGraph, loadGraph, GRAPH_FILE, GRAPH_PREV_FILE } from './persistence.js';
export { decodeGraphColumns, GRAPH_BINARY_MAGIC, GRAPH_BINARY_VERSION } from './graph-codec.js';
export { encodeGraph } from './graph-encode.js';
export type { GraphColumns, OptionalColumn } from './graph-codec.js';
export type { StoredNameIndex, KeyPostings } from './name-keys.js';
export { createGraphView } from './graph-view.js';
export type { GraphViewExtras } from './graph-view.js';
export { openGraph } from './open-graph.js';
export type { SaveGraphResult, LoadGraphOptions } from './persistence.js';
export { toGraphML, toGEXF, escapeXml } from './export.js';
export { toGraphology } from './to-graphology.js';

export { getAdjacency, outArcs } from './algorithms/adjacency.js';
export type { Adjacency, AdjacencyOptions, NodeIndex, OutArcs, WalkDirection } from './algorithms/adjacency.js';
export { hopTree } from './algorithms/hop-tree.js';
export type { HopTree, HopTreeOptions } from './algorithms/hop-tree.js';
export { kHop, kHopNeighborhood } from './algorithms/k-hop.js';
export type { KHopOptions, KHopResult } from './algorithms/k-hop.js';
export { bridgeCandidates } from './algorithms/bridges.js';
export type { BridgeCandidate, BridgeOptions, BridgeResult } from './algorithms/bridges.js';
export { personalizedPageRank, fusionSeeds } from './algorithms/ppr.js';
export type { PersonalizedPageRankOptions, PersonalizedPageRankResult, ScoredNode } from './algorithms/ppr.js';
export { personalizedPageRankPush } from './algorithms/ppr-push.js';
export type { PersonalizedPageRankPushOptions, PersonalizedPageRankPushResult } from './algorithms/ppr-push.js';
export type { Personalization } from './algorithms/personalization.js';
export { detectCommunities } from './algorithms/communities.js';
export type { CommunityOptions, CommunityResult } from './algorithms/communities.js';
export { prizeCollectingSteinerTree } from './algorithms/pcst.js';
export type { PcstOptions, PcstResult } from './algorithms/pcst.js';
export { shortestPath, shortestPaths, cheapestPath } from './algorithms/shortest-paths.js';
export type { GraphPath, ShortestPathOptions } from './algorithms/shortest-paths.js';
export { inducedSubgraph } from './algorithms/induced-subgraph.js';
export type { InducedSubgraphOptions } from './algorithms/induced-subgraph.js';
export { linearize } from './algorithms/linearize.js';
export type { Linearization, LinearizeOptions } from './algorithms/linearize.js';
export { simulateExtractionLoss } from './algorithms/extraction-loss.js';
export type { ExtractionLossOptions, ExtractionLossResult } from './algorithms/extraction-loss.js';
export { mulberry32 } from './algorithms/random.js';
export { applyGraphDeltas, decodeGraphDelta, deltaRecords, encodeGraphDelta, GRAPH_DELTA_MAGIC, GRAPH_DELTA_VERSION } from './graph-delta.js';
export type { GraphDelta } from './graph-delta.js';
export type { GraphChanges, LogChange } from './change-tracker.js';
