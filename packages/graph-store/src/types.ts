// The graph-store contract. Other packages (indexer, retrievers, verify, agents) code against
// these types only; the implementation lives in graph-store.ts.
import type { GraphEdgeRef, GraphNodeRef, Metadata, Provenance, Subgraph, Triple } from '@rag/core';

export interface EntityNode {
  /** Stable id; by default `entityId(type, name)`. */
  id: string;
  name: string;
  type: string;
  aliases: string[];
  description?: string;
  attributes: Metadata;
  /** π(v): the spans that mention or define the entity. */
  provenance: Provenance[];
}

export interface RelationEdge {
  id: string;
  source: string;
  target: string;
  /** Normalised relation label, e.g. "born_in", "published_in", "co_occurs_with". */
  relation: string;
  provenance: Provenance[];
  /** 0..1; co-occurrence edges are weaker than pattern edges. */
  confidence: number;
  attributes?: Metadata;
}

export interface EntityInput {
  id?: string;
  name: string;
  type?: string;
  aliases?: string[];
  description?: string;
  attributes?: Metadata;
  provenance?: Provenance[];
}

export interface RelationInput {
  source: string;
  target: string;
  relation: string;
  provenance?: Provenance[];
  confidence?: number;
  attributes?: Metadata;
}

/** Typed heterogeneous schema: which relation may join which node types. */
export interface GraphSchema {
  nodeTypes: string[];
  relations: { relation: string; head: string | string[]; tail: string | string[] }[];
}

export interface MergeRecord {
  id: string;
  keptId: string;
  mergedId: string;
  reason?: string;
  at: string;
  undone?: boolean;
}

/** What an edit did: `EditRecord.kind`. */
export type EditKind = 'entity.update' | 'relation.add' | 'relation.update' | 'relation.remove';

/**
 * One logged, undoable edit (`updateEntity`, `createRelation`, `updateRelation`,
 * `removeRelation`). `before` / `after` are frozen plain JSON: for `entity.update` the edited
 * fields (`name`, `type`, `aliases`, `description` — `null` for none; a rename includes
 * `aliases`); for `relation.update` the edge `id` plus the edited fields (`relation`,
 * `confidence`, `attributes` — `null` for none; a relabel includes `provenance`); for
 * `relation.add` `after` is the whole new edge; for `relation.remove` `before` is the whole
 * removed edge.
 */
export interface EditRecord {
  /** "edit-<n>", unique in the store. */
  id: string;
  kind: EditKind;
  /** The node id, or the edge id (after the edit: a relabelled edge gets a new id). */
  target: string;
  /** What undo restores. */
  before?: unknown;
  after?: unknown;
  reason?: string;
  actor?: string;
  /** ISO time. */
  at: string;
  undone?: boolean;
}

/** Fields `updateEntity` changes; omitted fields stay as they are. */
export interface EntityEdit {
  name?: string;
  type?: string;
  /** `null` removes the description. */
  description?: string | null;
  /** Replaces the aliases (on a rename the old name is otherwise kept as an alias). */
  aliases?: string[];
}

/** Fields `updateRelation` changes; omitted fields stay as they are. */
export interface RelationEdit {
  /** A new label re-keys the edge: its id becomes `relationId(source, relation, target)`. */
  relation?: string;
  confidence?: number;
  /** Replaces the edge's attributes. */
  attributes?: Metadata;
}

export interface EditOptions {
  reason?: string;
  actor?: string;
}

export interface ChunkFacts {
  nodes: string[];
  edges: string[];
}

/** Records for `addBatch`: entities are added before relations. */
export interface GraphBatch {
  entities?: readonly EntityInput[];
  relations?: readonly RelationInput[];
}

/** The stored ids, in input order: `entityIds[i]` for `entities[i]`, `relationIds[j]` for `relations[j]`. */
export interface GraphBatchResult {
  entityIds: string[];
  relationIds: string[];
}

export interface GraphStore {
  /** Bumps on every mutation; algorithms use it to rebuild cached adjacency lazily. */
  readonly version: number;
  readonly nodeCount: number;
  readonly edgeCount: number;

  /** Upsert: an existing id gets aliases and provenance merged in. */
  addEntity(input: EntityInput): EntityNode;
  /** Upsert on (source, relation, target): provenance merged, confidence max'ed. */
  addRelation(input: RelationInput): RelationEdge;
  /** Adds head and tail entities (by name and type) and the relation between them. */
  addTriple(triple: Triple): { head: EntityNode; tail: EntityNode; edge: RelationEdge };
  /**
   * Bulk upsert: the same result as `addEntity` for each entity in order, then `addRelation`
   * for each relation in order (a relation may join entities of the same batch), checked as a
   * whole before the first write: a refused batch leaves the store unchanged.
   */
  addBatch(batch: GraphBatch): GraphBatchResult;

  getNode(id: string): EntityNode | undefined;
  getEdge(id: string): RelationEdge | undefined;
  hasNode(id: string): boolean;
  /** Nodes whose normalised name or alias equals the normalised `name`. */
  findByName(name: string): EntityNode[];
  nodes(): IterableIterator<EntityNode>;
  edges(): IterableIterator<RelationEdge>;
  /** Incident edges; direction "both" treats the graph as having inverse edges. */
  edgesOf(nodeId: string, options?: { direction?: 'out' | 'in' | 'both'; relations?: string[] }): RelationEdge[];
  neighbors(nodeId: string, options?: { direction?: 'out' | 'in' | 'both'; relations?: string[] }): string[];

  /** π: chunk ids that mention or define the node (including via its edges when `viaEdges`). */
  chunksOfNode(nodeId: string, options?: { viaEdges?: boolean }): string[];
  /** π⁻¹: nodes and edges that a chunk supports. */
  factsOfChunk(chunkId: string): ChunkFacts;
  /** Delete the facts only these chunks support; strip their provenance from the rest. */
  removeChunks(chunkIds: string[]): { removedNodes: string[]; removedEdges: string[] };

  setSchema(schema: GraphSchema | undefined): void;
  readonly schema: GraphSchema | undefined;

  merge(keepId: string, mergeId: string, options?: { reason?: string }): MergeRecord;
  /** Undo a merge (the latest when no id is given), restoring the exact prior state. */
  undoMerge(recordId?: string): MergeRecord;
  split(nodeId: string, input: { name: string; type?: string; aliases?: string[]; chunkIds?: string[]; edgeIds?: string[] }): EntityNode;
  mergeLog(): MergeRecord[];

  /** Rename / retype / describe an entity; its id stays. Logged, undoable with `undoEdit`. */
  updateEntity(nodeId: string, edit: EntityEdit, options?: EditOptions): EditRecord;
  /** A user-made relation (provenance may be empty; confidence defaults to 1). Logged. */
  createRelation(input: RelationInput, options?: EditOptions): EditRecord;
  /** Relabel, reweigh or re-annotate a relation. Logged. */
  updateRelation(edgeId: string, edit: RelationEdit, options?: EditOptions): EditRecord;
  /** Remove a relation (its endpoints stay). Logged. */
  removeRelation(edgeId: string, options?: EditOptions): EditRecord;
  /**
   * Undo an edit (the latest not undone when no id is given). Throws `RAG_CONFLICT` when the
   * target changed since in a way the undo would overwrite or cannot restore.
   */
  undoEdit(recordId?: string): EditRecord;
  editLog(): EditRecord[];

  toRef(nodeId: string): GraphNodeRef;
  edgeRef(edgeId: string): GraphEdgeRef;
  subgraph(nodeIds: string[], edgeIds?: string[]): Subgraph;

  /** JSON-serialisable snapshot (used by persistence). */
  toJSON(): GraphSnapshot;
}

export interface GraphSnapshot {
  formatVersion: number;
  nodes: EntityNode[];
  edges: RelationEdge[];
  schema?: GraphSchema;
  mergeLog: unknown[];
  /** The edit log; absent in snapshots written before edits existed (= empty). */
  editLog?: unknown[];
}
