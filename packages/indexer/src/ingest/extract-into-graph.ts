// The extraction stage of a batch: each chunk's entities and triples go into the graph. A chunk
// whose extraction fails is indexed as text only (with a warning); once the budget is spent the
// remaining chunks are skipped. Returns the ids of the nodes the batch touched (for resolution).
import { RagError, type Chunk, type Doc, type DomainTemplate, type Extraction, type IntentRouter, type RunContext, type TripleExtractor } from '@rag/core';
import { entityId, type EntityInput, type GraphStore, type RelationInput } from '@rag/graph-store';
import { templateFor } from '../extraction/templates.js';
import type { IngestProgress, IngestReport } from '../types.js';

export interface ExtractStageDeps {
  graph: GraphStore;
  extractor: TripleExtractor;
  intentRouter: IntentRouter;
  /** Route each document to a domain template (off for the heuristic extractor, which ignores them). */
  routeTemplates: boolean;
  templates?: readonly DomainTemplate[] | undefined;
}

function safeEntityId(type: string, name: string): string | undefined {
  try {
    return entityId(type, name);
  } catch {
    return undefined;
  }
}

/**
 * The records in one `addBatch`; when the graph refuses the batch (it is then left unchanged),
 * one call per record, dropping the ones it refuses (schema, empty name) as a record-by-record
 * write would. `stored` lists the indexes of the records written.
 */
function addEach(graph: GraphStore, batch: { entities?: EntityInput[]; relations?: RelationInput[] }): { entityIds: string[]; stored: number[] } {
  const entities = batch.entities ?? [];
  const relations = batch.relations ?? [];
  if (entities.length + relations.length === 0) return { entityIds: [], stored: [] };
  try {
    const r = graph.addBatch(batch);
    return { entityIds: r.entityIds, stored: relations.map((_, j) => j) };
  } catch (err) {
    if (!RagError.isInstance(err)) throw err;
  }
  const entityIds: string[] = [];
  const stored: number[] = [];
  for (const e of entities) {
    try {
      entityIds.push(graph.addEntity(e).id);
    } catch (err) {
      if (!RagError.isInstance(err)) throw err;
    }
  }
  relations.forEach((r, j) => {
    try {
      graph.addRelation(r);
      stored.push(j);
    } catch (err) {
      if (!RagError.isInstance(err)) throw err;
    }
  });
  return { entityIds, stored };
}

export async function extractIntoGraph(
  deps: ExtractStageDeps,
  batchChunks: { doc: Doc; chunk: Chunk }[],
  ctx: RunContext,
  report: IngestReport,
  progress: (e: IngestProgress) => void,
): Promise<Set<string>> {
  const { graph, extractor, intentRouter } = deps;
  const touched = new Set<string>();
  let budgetSpent = false;
  const routes = new Map<string, string>();
  let done = 0;
  for (const { doc, chunk } of batchChunks) {
    done++;
    if (budgetSpent) {
      report.extractionSkipped++;
      continue;
    }
    ctx.meter.checkTime();
    let extraction: Extraction;
    try {
      let domain = routes.get(doc.id);
      if (domain === undefined && deps.routeTemplates) {
        domain = (await intentRouter.route(`${doc.title ?? ''}\n${doc.text.slice(0, 4000)}`, ctx)).domain;
        routes.set(doc.id, domain);
      }
      const template = domain ? templateFor(domain, deps.templates) : undefined;
      extraction = await extractor.extract({ chunk, ...(doc.title ? { docTitle: doc.title } : {}), ...(template ? { template } : {}) }, ctx);
    } catch (e) {
      if (RagError.isInstance(e, 'RAG_ABORTED')) throw e;
      report.extractionSkipped++;
      const why = RagError.isInstance(e) ? `${e.code}: ${e.message}` : String(e);
      if (RagError.isInstance(e, 'RAG_BUDGET_EXCEEDED')) {
        budgetSpent = true;
        report.warnings.push(`extraction stopped at chunk ${chunk.id}: ${why}; remaining chunks are indexed as text only`);
      } else report.warnings.push(`extraction failed for chunk ${chunk.id}: ${why}`);
      progress({ stage: 'extract', done, total: batchChunks.length, docId: doc.id, warning: report.warnings[report.warnings.length - 1]! });
      continue;
    }
    if (extraction.entities.length === 0 && extractor.id.startsWith('llm')) {
      const w = `chunk ${chunk.id} yielded zero entities`;
      report.warnings.push(w);
      progress({ stage: 'extract', done, total: batchChunks.length, docId: doc.id, warning: w });
    }
    const entities: EntityInput[] = extraction.entities.map((e) => ({ name: e.name, type: e.type, aliases: e.aliases, provenance: e.mentions, ...(e.description ? { description: e.description } : {}) }));
    for (const id of addEach(graph, { entities }).entityIds) {
      touched.add(id);
      report.entities++;
    }
    // both ends usually exist already (extractors list every entity they relate): then a plain
    // relation upsert is ~4x cheaper than addTriple, which re-merges the sentence span into both
    // nodes' provenance. Such relations are written in runs (one addBatch); a triple with a new
    // end goes through addTriple where it stands, so the graph sees the same writes in order.
    let run: { relations: RelationInput[]; ends: [string, string][] } = { relations: [], ends: [] };
    const flush = () => {
      for (const j of addEach(graph, { relations: run.relations }).stored) {
        touched.add(run.ends[j]![0]);
        touched.add(run.ends[j]![1]);
        report.relations++;
      }
      run = { relations: [], ends: [] };
    };
    for (const t of extraction.triples) {
      const h = safeEntityId(t.headType ?? 'Entity', t.head);
      const tl = safeEntityId(t.tailType ?? 'Entity', t.tail);
      if (h && tl && graph.hasNode(h) && graph.hasNode(tl)) {
        run.relations.push({ source: h, target: tl, relation: t.relation, provenance: t.provenance, confidence: t.confidence, ...(t.attributes ? { attributes: t.attributes } : {}) });
        run.ends.push([h, tl]);
        continue;
      }
      flush();
      try {
        const r = graph.addTriple(t);
        touched.add(r.head.id);
        touched.add(r.tail.id);
        report.relations++;
      } catch (err) {
        if (!RagError.isInstance(err)) throw err;
        // a triple the graph rejects (schema, empty name) is dropped, not fatal
      }
    }
    flush();
    if (done % 200 === 0) progress({ stage: 'extract', done, total: batchChunks.length });
  }
  progress({ stage: 'extract', done: batchChunks.length, total: batchChunks.length });
  return touched;
}
