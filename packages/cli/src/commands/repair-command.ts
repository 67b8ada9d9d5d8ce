// `rag repair --store DIR [--fix] [--previous]`: a store's own health, where `rag doctor` checks
// the services. Without --previous it opens the current generation, reads every part of it
// (documents, graph, keyword index, vectors) and lists the documents and entities the current
// input rules refuse (a store written by an older version may hold them); --fix removes those
// documents in one commit (an entity goes with the documents that alone support it; one that
// outlives them is listed, not edited). With --previous it opens the generation before the
// current one and says what rolling back would lose; --previous --fix rolls back.
import { RagError } from '@rag/core';
import type { Indexer } from '@rag/indexer';

export interface RepairOptions {
  dir: string;
  fix: boolean;
  previous: boolean;
  open(dir: string, generation: 'current' | 'previous'): Promise<Indexer>;
  out(line: string): void;
}

export interface RepairResult {
  /** Documents (current mode) the rules refuse; after --fix, the ones removed. */
  refusedDocs: string[];
  refusedNodes: string[];
  removed: string[];
  rolledBack?: { from: string; to: string; lost: string[] };
}

const list = (ids: readonly string[], max = 20) => ids.slice(0, max).map((id) => JSON.stringify(id)).join(', ') + (ids.length > max ? `, … (${ids.length - max} more)` : '');

/** Touch every lazily loaded part, so a missing or corrupt segment shows here rather than at the first question. */
async function readAll(index: Indexer): Promise<void> {
  index.docs();
  for (const _ of index.graph.nodes()) void _;
  await index.keyword.size();
  await index.vectors.count(index.namespaceOf('chunks'));
}

async function tryOpen(o: RepairOptions, generation: 'current' | 'previous'): Promise<{ index: Indexer } | { error: string }> {
  try {
    const index = await o.open(o.dir, generation);
    await readAll(index);
    return { index };
  } catch (error) {
    if (RagError.isInstance(error, 'RAG_CONFIG')) throw error;
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export async function runRepair(o: RepairOptions): Promise<RepairResult> {
  const { scanStore } = await import('@rag/indexer');
  if (o.previous) return rollback(o);
  const opened = await tryOpen(o, 'current');
  if ('error' in opened)
    throw new RagError('RAG_STORE_CORRUPT', `--store ${o.dir}: the current generation cannot be read (${opened.error}); run \`rag repair --store ${o.dir} --previous\` to see what rolling back to the previous generation would keep`, {
      details: { dir: o.dir },
    });
  const index = opened.index;
  const scan = scanStore(index);
  o.out(`Store ${o.dir}: ${scan.docs} documents, ${scan.nodes} entities; every part read.`);
  for (const d of scan.refusedDocs) o.out(`✗ document ${JSON.stringify(d.id)}: ${d.problems.join('; ')}`);
  for (const n of scan.refusedNodes) o.out(`✗ entity ${JSON.stringify(n.id)} (${JSON.stringify(n.name)}): ${n.problems.join('; ')}${n.docIds.length ? ` (from ${list(n.docIds, 5)})` : ''}`);
  const result: RepairResult = { refusedDocs: scan.refusedDocs.map((d) => d.id), refusedNodes: scan.refusedNodes.map((n) => n.id), removed: [] };
  if (scan.refusedDocs.length === 0 && scan.refusedNodes.length === 0) {
    o.out('✓ nothing the current input rules refuse.');
    return result;
  }
  if (!o.fix) {
    o.out(`${scan.refusedDocs.length} document(s) and ${scan.refusedNodes.length} entity(ies) the current rules refuse; run again with --fix to remove the documents (one commit).`);
    return result;
  }
  result.removed = await index.removeDocs(result.refusedDocs);
  const after = scanStore(index);
  result.refusedNodes = after.refusedNodes.map((n) => n.id);
  o.out(`Removed ${result.removed.length} document(s) in one commit: ${list(result.removed)}.`);
  if (after.refusedNodes.length > 0)
    o.out(`! ${after.refusedNodes.length} entity(ies) the rules refuse remain (supported by other documents): ${list(result.refusedNodes)}; rename them in the graph explorer (PATCH /api/nodes/:id).`);
  return result;
}

async function rollback(o: RepairOptions): Promise<RepairResult> {
  const { previousGeneration, rollbackGeneration } = await import('@rag/indexer');
  const gens = await previousGeneration(o.dir);
  const prev = await tryOpen(o, 'previous');
  if ('error' in prev) throw new RagError('RAG_STORE_CORRUPT', `--store ${o.dir}: the previous generation ${gens.previous} cannot be read either (${prev.error})`, { details: { dir: o.dir } });
  const kept = new Set(prev.index.docs().map((d) => d.id));
  const current = await tryOpen(o, 'current');
  let lost: string[] = [];
  if ('error' in current) o.out(`Current generation ${gens.current}: cannot be read (${current.error}); what it added since ${gens.previous} is unknown and will be lost.`);
  else {
    const now = current.index.docs();
    lost = now.filter((d) => !kept.has(d.id)).map((d) => d.id);
    const changed = now.filter((d) => kept.has(d.id) && prev.index.getDoc(d.id)?.contentHash !== d.contentHash).map((d) => d.id);
    o.out(`Current generation ${gens.current}: ${now.length} documents.`);
    if (lost.length) o.out(`Rolling back loses ${lost.length} document(s): ${list(lost)}.`);
    if (changed.length) o.out(`Rolling back restores the older version of ${changed.length} document(s): ${list(changed)}.`);
  }
  o.out(`Previous generation ${gens.previous}: ${kept.size} documents; it reads whole.`);
  const result: RepairResult = { refusedDocs: [], refusedNodes: [], removed: [] };
  if (!o.fix) {
    o.out('Run again with --previous --fix to make it the current generation.');
    return { ...result, rolledBack: undefined };
  }
  const r = await rollbackGeneration(o.dir);
  o.out(`Rolled back: CURRENT now names ${r.to} (was ${r.from}).`);
  return { ...result, rolledBack: { ...r, lost } };
}
