// Merges with exact undo, and splits. A merge logs what it changed: both nodes before, the kept
// node after, and the edges it rewrote (those of the merged node, moved onto the kept one, and
// the kept node's edges they were combined with), before and after. The kept node's other
// edges are not logged: a merge into a hub entity would otherwise copy all of its edges twice,
// at every merge into it (issue #14: 4.6 GB of merge-log JSON in the graph deltas of a
// 1,000,000-passage build). `undoMerge` restores the before state exactly, but only while the
// kept node and the edges the merge wrote are still as it left them (RAG_CONFLICT otherwise);
// edges added to or changed on the kept node since, which the merge did not touch, stay as they
// are. Entries written before this change list every incident edge; they undo the same way.
// A split is not logged (undo it with a merge).
import { RagError, invalidInput } from '@rag/core';
import { entityId, normalizeName } from './entity-id.js';
import { holdMerge, mergeHeader, openMerge, openMerges, type HeldMerge } from './merge-log.js';
import type { MergeLogEntry } from './schemas.js';
import { byId, combineEdges, deepEqual, mergeAliases, rekey, unionProvenance } from './store-helpers.js';
import type { StoreCore } from './store-core.js';
import type { EntityNode, MergeRecord, RelationEdge } from './types.js';

export interface MergeOps {
  merge(keepId: string, mergeId: string, options?: { reason?: string }): MergeRecord;
  undoMerge(recordId?: string): MergeRecord;
  split(nodeId: string, input: { name: string; type?: string; aliases?: string[]; chunkIds?: string[]; edgeIds?: string[] }): EntityNode;
  mergeLog(): MergeRecord[];
  /** The log as stored in snapshots (entries from `from` on; all by default). */
  logEntries(from?: number): MergeLogEntry[];
  /** Per entry, whether it is undone (without opening the entries). */
  undoneFlags(): boolean[];
  /** The log as held (for writing it without opening the entries: merge-pages.ts). */
  heldLog(): readonly HeldMerge[];
  /** Start from a snapshot's (validated) log, or from a stored log's held entries (merge-archive.ts). */
  restoreLog(entries: MergeLogEntry[] | { held: HeldMerge[] }): void;
}

export function createMergeOps(core: StoreCore): MergeOps {
  const { graph } = core;
  let log: HeldMerge[] = [];
  let mergeCounter = 0;

  function snapshotIncident(ids: string[]): RelationEdge[] {
    const seen = new Map<string, RelationEdge>();
    for (const id of ids) graph.forEachIncident(id, 'both', (e, k) => seen.set(k, e));
    return [...seen.values()].sort(byId);
  }

  function merge(keepId: string, mergeId: string, opts: { reason?: string } = {}): MergeRecord {
    if (keepId === mergeId) throw invalidInput('mergeId', 'must differ from keepId');
    const keep = core.requireNode(keepId, 'keepId');
    const merged = core.requireNode(mergeId, 'mergeId');
    const beforeEdges = snapshotIncident([keepId, mergeId]);
    const result = new Map<string, RelationEdge>();
    // what the merge rewrites: edges of the merged node (moved), edges whose id the move changes,
    // and the kept node's edges a moved one is combined with; the kept node's others stay as they are
    const rewrittenIds = new Set<string>();
    const replacedIds = new Set<string>();
    for (const e of beforeEdges) {
      const moved = rekey(e, mergeId, keepId);
      const prev = result.get(moved.id);
      result.set(moved.id, prev ? combineEdges(prev, moved) : moved);
      if (prev || moved.id !== e.id || e.source === mergeId || e.target === mergeId) {
        rewrittenIds.add(moved.id);
        replacedIds.add(e.id);
      }
    }
    const rewritten = [...rewrittenIds].map((id) => result.get(id)!);
    const replaced = beforeEdges.filter((e) => replacedIds.has(e.id) || rewrittenIds.has(e.id));
    const nextKeep: EntityNode = {
      ...keep,
      aliases: mergeAliases(keep.name, keep.aliases, [merged.name, ...merged.aliases]),
      attributes: { ...merged.attributes, ...keep.attributes },
      provenance: unionProvenance(keep.provenance, merged.provenance),
    };
    const desc = keep.description ?? merged.description;
    if (desc !== undefined) nextKeep.description = desc;
    const typeOf = (id: string): string => (id === keepId ? keep.type : graph.getNode(id)!.type);
    for (const e of rewritten) core.checkEdgeAgainst(e, typeOf, 'merge');

    for (const e of replaced) core.dropEdge(e.id);
    core.dropNode(mergeId);
    core.putNode(nextKeep);
    for (const e of rewritten) core.putEdge(e);
    core.bump();
    const entry: MergeLogEntry = {
      id: `merge-${++mergeCounter}`,
      keptId: keepId,
      mergedId: mergeId,
      ...(opts.reason !== undefined ? { reason: opts.reason } : {}),
      at: core.now().toISOString(),
      before: { keep, merged, edges: replaced },
      after: { keep: graph.getNode(keepId)!, edges: rewritten.map((e) => graph.getEdge(e.id)!).sort(byId) },
    };
    log.push(holdMerge(entry));
    return publicRecord(entry);
  }

  function undoMerge(recordId?: string): MergeRecord {
    const held =
      recordId === undefined ? [...log].reverse().find((r) => !r.undone) : log.find((r) => r.id === recordId);
    if (!held) {
      throw new RagError('RAG_NOT_FOUND', recordId ? `recordId: no merge "${recordId}"` : 'no merge to undo', {
        details: { input: 'recordId', recordId },
      });
    }
    if (held.undone) throw new RagError('RAG_CONFLICT', `recordId: merge "${held.id}" is already undone`, { details: { input: 'recordId', recordId: held.id } });
    const entry = openMerge(held);
    // exact undo is only possible while the merged entity is as the merge left it
    const current = graph.getNode(entry.keptId);
    const unchanged =
      current !== undefined &&
      !graph.hasNode(entry.mergedId) &&
      deepEqual(current, entry.after.keep) &&
      entry.after.edges.every((e) => deepEqual(graph.getEdge(e.id), e));
    if (!unchanged) {
      throw new RagError(
        'RAG_CONFLICT',
        `recordId: "${entry.keptId}" changed after merge "${entry.id}"; undoing it would lose later edits`,
        { details: { input: 'recordId', recordId: entry.id, keptId: entry.keptId } },
      );
    }
    for (const e of entry.after.edges) core.dropEdge(e.id);
    core.putNode(entry.before.keep);
    core.putNode(entry.before.merged);
    for (const e of entry.before.edges) core.putEdge(e);
    held.undone = true;
    core.bump();
    return publicRecord(held);
  }

  function split(
    nodeId: string,
    input: { name: string; type?: string; aliases?: string[]; chunkIds?: string[]; edgeIds?: string[] },
  ): EntityNode {
    const node = core.requireNode(nodeId);
    if (typeof input?.name !== 'string' || input.name.trim() === '') throw invalidInput('split.name', 'must be a non-empty string');
    const type = input.type?.trim() || node.type;
    const newId = entityId(type, input.name);
    if (graph.hasNode(newId)) {
      throw new RagError('RAG_CONFLICT', `split.name: node "${newId}" already exists; use merge instead`, {
        details: { input: 'split.name', id: newId },
      });
    }
    core.checkNodeType(type, 'split.type');
    const chunks = new Set(input.chunkIds ?? []);
    const edgeIds = [...new Set(input.edgeIds ?? [])];
    for (const e of edgeIds) {
      const edge = core.requireEdge(e, 'split.edgeIds');
      if (edge.source !== nodeId && edge.target !== nodeId) {
        throw invalidInput('split.edgeIds', `edge "${e}" is not incident to "${nodeId}"`);
      }
    }
    const movedAliases = new Set([input.name, ...(input.aliases ?? [])].map(normalizeName));
    const newNode: EntityNode = {
      id: newId,
      name: input.name.trim(),
      type,
      aliases: mergeAliases(input.name, [], input.aliases ?? []),
      attributes: {},
      provenance: node.provenance.filter((p) => chunks.has(p.chunkId)),
    };
    const oldNode: EntityNode = {
      ...node,
      aliases: node.aliases.filter((a) => !movedAliases.has(normalizeName(a))),
      provenance: node.provenance.filter((p) => !chunks.has(p.chunkId)),
    };
    const typeOf = (id: string): string => (id === newId ? type : graph.getNode(id)!.type);
    const moved = new Map<string, RelationEdge>();
    for (const e of edgeIds) {
      const m = rekey(graph.getEdge(e)!, nodeId, newId);
      core.checkEdgeAgainst(m, typeOf, 'split');
      const prev = moved.get(m.id);
      moved.set(m.id, prev ? combineEdges(prev, m) : m);
    }
    core.putNode(oldNode);
    core.putNode(newNode);
    for (const e of edgeIds) core.dropEdge(e);
    for (const e of moved.values()) {
      const prev = graph.getEdge(e.id);
      core.putEdge(prev ? combineEdges(prev, e) : e);
    }
    core.bump();
    return graph.getNode(newId)!;
  }

  return {
    merge,
    undoMerge,
    split,
    mergeLog: () => log.map(publicRecord),
    logEntries: (from = 0) => openMerges(log.slice(from)),
    undoneFlags: () => log.map((r) => r.undone === true),
    heldLog: () => log,
    restoreLog(entries) {
      log = Array.isArray(entries) ? entries.map(holdMerge) : entries.held;
      mergeCounter = log.reduce((m, r) => Math.max(m, Number(/^merge-(\d+)$/.exec(r.id)?.[1] ?? 0)), 0);
    },
  };
}

export function publicRecord(e: Pick<MergeLogEntry, 'id' | 'keptId' | 'mergedId' | 'reason' | 'at' | 'undone'>): MergeRecord {
  return mergeHeader(e, e.undone ? true : undefined);
}
