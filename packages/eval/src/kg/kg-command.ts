// `rag-eval kg --gold <file.jsonl> --dataset <dir>`: builds the embedded graph of the gold
// passages and scores it (entities, typing, typed facts), then builds the graph of the whole
// dataset corpus and reports its shape (typed-edge share, nodes and edges per passage).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { RagError } from '@rag/core';
import { createHeuristicTripleExtractor, createIndexer, createTypedTripleExtractor, loadPath, type IndexerOptions, type TypedTripleExtractorOptions } from '@rag/indexer';
import type { Command } from 'commander';
import { graphStats, type GraphStats } from './graph-stats.js';
import { loadGold, type GoldPassage } from './gold-schema.js';
import { scorePassages, type KgScore, type PassageGraph } from './kg-score.js';
import { parseTypedOptions } from './typed-options.js';

export interface KgIo {
  stdout: NodeJS.WritableStream;
  cwd: string;
}

export interface KgReport {
  gold: KgScore;
  dataset?: GraphStats & { dataset: string; passagesPerSec: number };
}

/** Graph-only indexing: no GEAR views or communities (they do not change the graph). */
const GRAPH_ONLY: IndexerOptions = { gearHeads: 0, communities: false };

/** The embedded extractors: `heuristic` (the default of every stack) and `typed` (opt-in). */
export type KgExtractorName = 'heuristic' | 'typed';
export const graphOnly = (extractor: KgExtractorName = 'typed', typedOptions: TypedTripleExtractorOptions = {}): IndexerOptions => ({
  ...GRAPH_ONLY,
  extractor: extractor === 'typed' ? createTypedTripleExtractor(typedOptions) : createHeuristicTripleExtractor(),
});

export async function graphsOfGold(gold: readonly GoldPassage[], options: IndexerOptions = GRAPH_ONLY): Promise<Map<string, PassageGraph>> {
  const idx = createIndexer(options);
  await idx.ingest(gold.map((p) => ({ id: p.id, text: p.text, ...(p.title ? { title: p.title } : {}) })));
  const graph = idx.graph;
  const out = new Map<string, PassageGraph>();
  for (const p of gold) {
    const nodeIds = new Set<string>();
    const edgeIds = new Set<string>();
    for (const c of idx.chunksOfDoc(p.id)) {
      const f = graph.factsOfChunk(c.id);
      f.nodes.forEach((n) => nodeIds.add(n));
      f.edges.forEach((e) => edgeIds.add(e));
    }
    const edges = [...edgeIds].map((id) => graph.getEdge(id)).filter((e) => e !== undefined);
    for (const e of edges) nodeIds.add(e.source).add(e.target);
    const nodes = [...nodeIds].map((id) => graph.getNode(id)).filter((n) => n !== undefined);
    out.set(p.id, {
      nodes: nodes.map((n) => ({ id: n.id, name: n.name, type: n.type, aliases: n.aliases })),
      edges: edges.map((e) => ({ source: e.source, target: e.target, relation: e.relation })),
    });
  }
  return out;
}

export async function datasetGraphStats(dir: string, options: IndexerOptions = GRAPH_ONLY): Promise<GraphStats & { dataset: string; passagesPerSec: number }> {
  const { docs, problems } = await loadPath(resolve(dir, 'corpus.jsonl'));
  if (problems.length > 0) throw new RagError('RAG_INVALID_INPUT', `--dataset ${dir}: corpus.jsonl: ${problems.length} problem(s), first: ${JSON.stringify(problems[0])}`);
  if (docs.length === 0) throw new RagError('RAG_INVALID_INPUT', `--dataset ${dir}: corpus.jsonl has no passages`);
  const idx = createIndexer(options);
  const t0 = performance.now();
  await idx.ingest(docs);
  const s = (performance.now() - t0) / 1000;
  return { dataset: dir, passagesPerSec: docs.length / s, ...graphStats(idx.graph, docs.length) };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function renderKgReport(r: KgReport): string {
  const g = r.gold;
  const lines = [
    `gold: ${g.passages} passages, ${g.goldEntities} entities, ${g.goldFacts} facts`,
    `entities   precision ${pct(g.entityPrecision)}  recall ${pct(g.entityRecall)}  typing accuracy ${pct(g.typingAccuracy)}  (${g.predictedEntities} predicted)`,
    `facts      precision ${pct(g.factPrecision)}  recall ${pct(g.factRecall)}  (${g.typedEdges} schema edges; ${g.openEdges} open-label, ${g.weakEdges} weak edges not scored)`,
    `recall by relation: ${Object.entries(g.perRelation)
      .sort((a, b) => b[1][1] - a[1][1])
      .map(([k, [h, n]]) => `${k} ${h}/${n}`)
      .join(', ')}`,
  ];
  if (r.dataset) {
    const d = r.dataset;
    lines.push(
      `dataset ${d.dataset}: ${d.passages} passages, ${d.nodes} nodes (${d.nodesPerPassage.toFixed(2)}/passage), ${d.edges} edges (${d.edgesPerPassage.toFixed(2)}/passage)`,
      `edges      typed ${pct(d.typedEdgeShare)} (${d.typedEdges}), open-label ${d.openEdges}, weak ${d.weakEdges}; nodes typed "Entity" ${pct(d.untypedNodeShare)}; ${d.passagesPerSec.toFixed(0)} passages/s (graph-only build)`,
      `node types: ${Object.entries(d.nodeTypes)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
      `top relations: ${d.topRelations.map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
  }
  return lines.join('\n') + '\n';
}

interface KgOptions {
  gold: string;
  dataset?: string[];
  out?: string;
  samples?: boolean;
  extractor: KgExtractorName;
  typedOptions?: TypedTripleExtractorOptions;
}

/** Adds the `kg` subcommand to the rag-eval program. */
export function registerKgCommand(program: Command, io: KgIo): void {
  // options after `kg` belong to kg (--dataset and --out are also options of the root command)
  program.enablePositionalOptions();
  program
    .command('kg')
    .description('Score the embedded knowledge graph against hand-written gold (entities, typing, typed facts) and report graph shape on datasets.')
    .requiredOption('--gold <file.jsonl>', 'gold passages with entities and facts (e.g. packages/eval/fixtures/kg-gold/gold.jsonl)')
    .option('--dataset <dir>', 'dataset directory whose corpus.jsonl graph shape is reported (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--out <file.json>', 'write the report JSON here')
    .option('--samples', 'print unmatched typed edges and missed gold facts')
    .option('--extractor <name>', 'embedded extractor: typed (the default of every stack, createTypedTripleExtractor) or heuristic (createHeuristicTripleExtractor)', (v: string) => {
      if (v !== 'heuristic' && v !== 'typed') throw new RagError('RAG_INVALID_INPUT', `--extractor: "${v}" is not heuristic or typed`);
      return v;
    }, 'typed')
    .option('--typed-options <json>', 'options of the typed extractor as JSON, e.g. \'{"maxCooccurrence":2}\' (see TypedTripleExtractorOptions)', parseTypedOptions)
    .action(async (opts: KgOptions) => {
      const gold = await loadGold(resolve(io.cwd, opts.gold));
      if (opts.typedOptions && opts.extractor !== 'typed') throw new RagError('RAG_INVALID_INPUT', '--typed-options: needs --extractor typed');
      const options = graphOnly(opts.extractor, opts.typedOptions);
      const score = scorePassages(gold, await graphsOfGold(gold, options));
      io.stdout.write(renderKgReport({ gold: score }));
      const datasets = [];
      for (const d of opts.dataset ?? []) {
        const stats = await datasetGraphStats(resolve(io.cwd, d), options);
        datasets.push(stats);
        io.stdout.write(renderKgReport({ gold: score, dataset: stats }).split('\n').slice(4).join('\n'));
      }
      if (opts.samples) {
        io.stdout.write(`\nunmatched typed edges:\n${score.samples.falsePositives.join('\n')}\n\nmissed gold facts:\n${score.samples.misses.join('\n')}\n\nentities typed differently from the gold:\n${score.samples.typing.join('\n')}\n`);
      }
      if (opts.out) await writeFile(resolve(io.cwd, opts.out), JSON.stringify({ gold: score, datasets }, null, 2) + '\n');
    });
}
