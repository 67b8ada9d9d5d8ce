// Hand edits of the knowledge graph (rename / retype / describe an entity; add, relabel,
// reweigh and remove relations; undo), on top of @rag/graph-store's logged, undoable edit
// operations. Every edit runs under the service's write lock and is saved before it is
// acknowledged, the same path merges take.
import { RagError, type Provenance } from '@rag/core';
import type { EditRecord, EntityEdit, GraphStore, RelationEdit } from '@rag/graph-store';

export interface RelationCreate {
  source: string;
  target: string;
  relation: string;
  /** A chunk that states the relation: the whole chunk becomes the edge's provenance. */
  evidenceChunkId?: string;
  /** Why the relation was added (kept on the edge as `attributes.note` and in the edit log). */
  note?: string;
  confidence?: number;
}

export interface EditContext {
  reason?: string;
  actor?: string;
}

export interface GraphEdits {
  updateEntity(nodeId: string, edit: EntityEdit, context?: EditContext): Promise<EditRecord>;
  createRelation(input: RelationCreate, context?: EditContext): Promise<EditRecord>;
  updateRelation(edgeId: string, edit: RelationEdit, context?: EditContext): Promise<EditRecord>;
  removeRelation(edgeId: string, context?: EditContext): Promise<EditRecord>;
  /** Undo the latest edit not undone, or the one with `recordId`. */
  undoEdit(recordId?: string): Promise<EditRecord>;
  /** The edit log, oldest first (as the merge log). */
  editLog(): EditRecord[];
}

export interface GraphEditsDeps {
  graph(): GraphStore;
  /** The chunk's span in its document, or undefined when there is no such chunk. */
  chunkSpan(chunkId: string): { start: number; end: number } | undefined;
  /** Runs `fn` under the write lock and saves the store before resolving. */
  write<T>(fn: () => T): Promise<T>;
}

const notFound = (input: string, what: string, id: string) => new RagError('RAG_NOT_FOUND', `${input}: no ${what} "${id}"`, { details: { input, id } });

export function createGraphEdits({ graph, chunkSpan, write }: GraphEditsDeps): GraphEdits {
  const requireNode = (id: string, input: string) => {
    if (!graph().hasNode(id)) throw notFound(input, 'entity', id);
  };
  const requireEdge = (id: string) => {
    if (!graph().getEdge(id)) throw notFound('id', 'relation', id);
  };
  const options = (c: EditContext = {}) => ({ ...(c.reason ? { reason: c.reason } : {}), ...(c.actor ? { actor: c.actor } : {}) });

  return {
    updateEntity(nodeId, edit, context) {
      requireNode(nodeId, 'id');
      return write(() => graph().updateEntity(nodeId, edit, options(context)));
    },
    createRelation(input, context) {
      requireNode(input.source, 'source');
      requireNode(input.target, 'target');
      const provenance: Provenance[] = [];
      if (input.evidenceChunkId !== undefined) {
        const span = chunkSpan(input.evidenceChunkId);
        if (!span) throw notFound('evidenceChunkId', 'chunk', input.evidenceChunkId);
        provenance.push({ chunkId: input.evidenceChunkId, ...span });
      }
      const reason = context?.reason ?? input.note;
      return write(() =>
        graph().createRelation(
          {
            source: input.source,
            target: input.target,
            relation: input.relation,
            provenance,
            ...(input.confidence !== undefined ? { confidence: input.confidence } : {}),
            ...(input.note ? { attributes: { note: input.note } } : {}),
          },
          options({ ...context, ...(reason ? { reason } : {}) }),
        ),
      );
    },
    updateRelation(edgeId, edit, context) {
      requireEdge(edgeId);
      return write(() => graph().updateRelation(edgeId, edit, options(context)));
    },
    removeRelation(edgeId, context) {
      requireEdge(edgeId);
      return write(() => graph().removeRelation(edgeId, options(context)));
    },
    undoEdit: (recordId) => write(() => graph().undoEdit(recordId)),
    editLog: () => graph().editLog(),
  };
}
