// Keeping an index in line as documents come and go: embedding, removing a document from every
// component, syncing the GEAR views with the graph, refreshing the communities.
import { type Embedder, type MemoryVectorStore, type RunContext } from '@rag/core';
import { type GraphChanges } from '@rag/graph-store';
import { deriveGearView, isDerivable } from './gear/derived-views.js';
import { syncGearViews, type GraphTouched } from './gear/sync-gear-views.js';
import { embedTexts } from './ingest/embed-texts.js';
import { dropDocument } from './ingest/index-state.js';
import { isLoaded } from './store/lazy.js';
import { buildCommunities, keepLiveMembers } from './summaries/community-summaries.js';
import type { IndexerParts } from './indexer-parts.js';

export type IndexUpkeep = ReturnType<typeof createIndexUpkeep>;

export function createIndexUpkeep(parts: IndexerParts) {
  const { options, gearHeads, embedder, vectors, keyword, graph, embedBatch, gearEmbedders, gearSkip, nsOf, gearNs, state, persistCache, communityRefresh, session, droppedNodes } = parts;
  const embed = async (texts: string[], ctx: RunContext, using: Embedder = embedder): Promise<Float32Array[]> => {
    const out = await embedTexts(using, texts, ctx, embedBatch);
    if (using === embedder && out[0]) session.dimensions = out[0].length;
    return out;
  };

  const keywordChanged = () => {
    if (persistCache.keyword) persistCache.keyword.dirty = true;
  };

  async function removeDoc(docId: string): Promise<void> {
    const ids = state.docChunks.get(docId) ?? [];
    if (ids.length > 0) {
      await keyword.remove(ids);
      keywordChanged();
    }
    for (const name of ['chunks', 'sentences', 'summaries'] as const) await vectors.deleteByDoc(nsOf(name), docId);
    if (ids.length > 0) droppedNodes.push(...graph.removeChunks(ids).removedNodes);
    dropDocument(state, docId);
  }

  /** The graph's pending changes as the GEAR sync read them (the commit reuses them while the graph is unchanged). */
  /**
   * The node and edge ids written since the last commit, when the graph store tracks them from a
   * state the GEAR views were in line with (every commit syncs the views first); else undefined.
   */
  const graphTouched = (): GraphTouched | undefined => {
    if (!options.dir || persistCache.dir !== options.dir || !persistCache.graph?.tracked) return undefined;
    if (!isLoaded(graph)) return { nodes: [], edges: [] };
    const t = graph as Partial<{ pendingChanges(): GraphChanges }>;
    if (typeof t.pendingChanges !== 'function') return undefined;
    const c = t.pendingChanges();
    session.lastChanges = { version: graph.version, changes: c };
    return { nodes: [...c.nodes.map((n) => n.id), ...c.removedNodes], edges: [...c.edges.map((e) => e.id), ...c.removedEdges] };
  };

  /**
   * With the built-in feature views in the embedded store of an index with a `dir`, a view nobody
   * has read since the last sync is not embedded batch by batch: it is re-registered to be derived
   * from the graph on first use, as an opened store does (the views are never written). A view
   * that was read (it is loaded) is kept and updated in place.
   */
  const deferGear = (kind: 'node' | 'edge', h: number, count: number): boolean => {
    const store = vectors as Partial<MemoryVectorStore>;
    if (!options.dir || typeof store.deferNamespace !== 'function' || !isDerivable(gearEmbedders)) return false;
    const ns = gearNs(kind, h);
    if (store.isLoaded!(ns) && store.namespaces!().includes(ns)) return false;
    const embedder = gearEmbedders[h]!;
    const held = kind === 'node' ? state.gearNodes : state.gearEdges;
    store.deferNamespace(ns, { dims: embedder.dimensions, count, load: () => deriveGearView(graph, embedder, kind, [...held]) });
    return true;
  };

  const syncGear = (ctx: RunContext) =>
    syncGearViews(
      { graph, vectors, embedders: gearHeads > 0 ? gearEmbedders : [], skipRelations: gearSkip, namespace: gearNs, embed, defer: deferGear },
      { nodes: state.gearNodes, edges: state.gearEdges, touched: { nodes: state.touched.gearNodes, edges: state.touched.gearEdges } },
      ctx,
      gearHeads > 0 ? graphTouched() : undefined,
    );

  /** Recompute the communities when enough of the store changed since the last time (see `communityRefresh`). */
  async function refreshCommunities(changedDocs: number, ctx: RunContext): Promise<void> {
    if (options.communities === false) return;
    // the count is stored with the state, so a reopened store goes on counting (undefined: an older store)
    if (state.docsSinceCommunities !== undefined) {
      state.docsSinceCommunities += changedDocs;
      if (state.docsSinceCommunities < communityRefresh * Math.max(state.docs.size, 1)) {
        const { kept, dropped } = keepLiveMembers(state.communities, graph);
        // an unchanged community keeps its object: the next state delta holds only the others
        const keptById = new Map(kept.map((c) => [c.id, c]));
        for (const c of state.communities) if (keptById.get(c.id) !== c) state.touched.communityIds.add(c.id);
        state.communities = kept;
        if (dropped.length) await vectors.delete(nsOf('communities'), dropped.map(String));
        return;
      }
    }
    await rebuildCommunities(ctx);
    state.docsSinceCommunities = 0;
  }

  async function rebuildCommunities(ctx: RunContext): Promise<void> {
    const old = state.communities.map((c) => String(c.id));
    state.communities = buildCommunities(graph);
    state.touched.communities = true;
    if (old.length) await vectors.delete(nsOf('communities'), old);
    if (state.communities.length) {
      const vs = await embed(state.communities.map((c) => c.summary), ctx);
      await vectors.upsert(nsOf('communities'), state.communities.map((c, i) => ({ id: String(c.id), vector: vs[i]!, metadata: { size: c.members.length } })));
    }
  }
  return { embed, keywordChanged, removeDoc, syncGear, refreshCommunities };
}
