// Agentic RAG over a heterogeneous scholarly graph (agentic heterogeneous-graph paper,
// Sections 3.2–3.4): plan Q(q) → start node v* = argmax sim(φ(q), φ(v)) among nodes of the
// start type (eq. 3) → hop-bounded traversal G_q → sufficiency S_suf (eq. 4, @rag/verify) with
// at most two expansions → answer from the linearised subgraph → graph-grounded validation
// S_cons (eq. 5, @rag/verify) with at most two regenerations, else an uncertainty signal.
// On a graph without the scholarly schema (an encyclopedic graph from the typed extractor) the
// same loop runs with the typed-graph planner and executor (typed-graph-plan.ts,
// typed-graph-executor.ts): schema relations instead of writes / published_in. With a model the
// typed plan is the LLM planner's over the graph's own schema (typed-llm-planner.ts), so the
// paper's prompted planner runs on any typed graph, not only on Author–Paper–Venue.
import {
  createHashingEmbedder,
  decide,
  invalidInput,
  recordFallback,
  type Citation,
  type ChatModel,
  type Embedder,
  type RunContext,
  type Verdict,
} from '@rag/core';
import type { GraphStore } from '@rag/graph-store';
import type { RagIndex } from '@rag/indexer';
import { consistencyScore, createLlmAnswerTagger, createSurfaceTagger, sufficiencyScore, type AnswerTagger } from '@rag/verify';
import { z } from 'zod';
import { runAgent } from '../internal/run-agent.js';
import { buildSubgraphAnswerMessages } from '../prompts/academic-prompt.js';
import type { Agent } from '../types.js';
import { labelAcademicAnswer } from './academic-label.js';
import { executePlan, type Execution, type SubgraphView } from './graph-executor.js';
import { createHeuristicQueryPlanner, createLlmQueryPlanner, type QueryPlan, type QueryPlanner } from './query-plan.js';
import { executeTypedPlan } from './typed-graph-executor.js';
import { createTypedGraphPlanner } from './typed-graph-plan.js';
import { readTypedGraphSchema, typedFactPredicate } from './typed-graph-schema.js';
import { createLlmTypedGraphPlanner } from './typed-llm-planner.js';

const SCHOLARLY_TYPES = new Set(['Author', 'Paper', 'Venue']);
const LITERAL_TYPES = new Set(['Date', 'Number']);

export interface AcademicAgentOptions {
  /** The scholarly graph or any typed graph (or give `index` and its graph is used). */
  graph?: GraphStore;
  index?: RagIndex;
  /** φ for start-node lookup and S_suf/S_cons embedding matching (default: hashing embedder). */
  embedder?: Embedder;
  /** Service mode: LLM planner (scholarly or typed, one call per question) and LLM answer generation from the linearised subgraph. */
  model?: ChatModel;
  /**
   * Default: on an Author–Paper–Venue graph the scholarly planner, on any other graph the typed
   * planner over the graph's own schema; each is the LLM planner with a model (falling back to
   * the rule planner when the model's plan stays invalid) and the rule planner without one.
   */
  planner?: QueryPlanner;
  /** S_suf: α (default 0.5) and threshold τ (default 0.5). */
  sufficiency?: { alpha?: number; tau?: number };
  /** S_cons threshold γ (default 0.6) and β weights. */
  consistency?: { gamma?: number; betas?: [number, number, number] };
  maxExpansions?: number;
  maxRegenerations?: number;
  /**
   * Tags the entities, relations and attributes of an answer for S_cons. Default: with a model,
   * the paper's LLM tagging prompt (one call per generated answer; the surface tagger when its
   * reply stays unusable, recorded as a fallback); without one, the surface tagger.
   */
  tagger?: AnswerTagger;
  name?: string;
}

const LlmAnswerSchema = z.object({ answer: z.array(z.string().min(1).max(500)).max(50) });

function cosine(a: Float32Array, b: Float32Array): number {
  let d = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) (d += a[i]! * b[i]!, (na += a[i]! * a[i]!), (nb += b[i]! * b[i]!));
  return na && nb ? d / Math.sqrt(na * nb) : 0;
}

export function createAcademicAgent(options: AcademicAgentOptions): Agent {
  const graph = options?.graph ?? options?.index?.graph;
  if (!graph || typeof graph.nodes !== 'function') throw invalidInput('createAcademicAgent(options.graph)', 'give a GraphStore as `graph` or a RagIndex as `index`');
  const embedder = options.embedder ?? createHashingEmbedder();
  const model = options.model;
  const scholarlyPlanner = options.planner ?? (model ? createLlmQueryPlanner({ model }) : createHeuristicQueryPlanner());
  const typedPlanner = options.planner ?? (model ? createLlmTypedGraphPlanner({ model, graph }) : createTypedGraphPlanner({ graph }));
  const tagger = options.tagger ?? (model ? llmTaggerWithFallback(model) : undefined);
  let schema: { version: number; scholarly: boolean } | undefined;
  const isScholarly = () => {
    if (!schema || schema.version !== graph.version) {
      let scholarly = false;
      for (const n of graph.nodes())
        if (SCHOLARLY_TYPES.has(n.type)) {
          scholarly = true;
          break;
        }
      schema = { version: graph.version, scholarly };
    }
    return schema.scholarly;
  };
  const docOf = (chunkId: string) => options.index?.getChunk(chunkId)?.docId ?? chunkId;
  const alpha = options.sufficiency?.alpha ?? 0.5;
  const tau = options.sufficiency?.tau ?? 0.5;
  const gamma = options.consistency?.gamma ?? 0.6;
  const maxExpansions = options.maxExpansions ?? 2;
  const maxRegenerations = options.maxRegenerations ?? 2;
  for (const [k, v] of [['sufficiency.tau', tau], ['sufficiency.alpha', alpha], ['consistency.gamma', gamma]] as const)
    if (!Number.isFinite(v) || v < 0 || v > 1) throw invalidInput(`createAcademicAgent(options.${k})`, 'must be a number in [0, 1]', { value: v });
  for (const [k, v] of [['maxExpansions', maxExpansions], ['maxRegenerations', maxRegenerations]] as const)
    if (!Number.isInteger(v) || v < 0 || v > 5) throw invalidInput(`createAcademicAgent(options.${k})`, 'must be an integer in 0..5', { value: v });
  const name = options.name ?? 'academic';

  // Node vectors per start type, rebuilt when the graph changes.
  let cache: { version: number; byType: Map<string, { ids: string[]; vectors: Float32Array[] }> } | undefined;
  const nodeVectors = async (type: string, context: RunContext) => {
    if (!cache || cache.version !== graph.version) cache = { version: graph.version, byType: new Map() };
    let entry = cache.byType.get(type);
    if (!entry) {
      const nodes = [...graph.nodes()].filter((n) => (type === '*' ? !LITERAL_TYPES.has(n.type) : n.type === type));
      context.meter.assertCanSpend('embedding');
      const vectors = nodes.length ? await embedder.embed(nodes.map((n) => n.name), { kind: 'document' }) : [];
      context.meter.recordEmbedding(1);
      entry = { ids: nodes.map((n) => n.id), vectors };
      cache.byType.set(type, entry);
    }
    return entry;
  };

  const findStart = async (plan: QueryPlan, q: string, context: RunContext): Promise<{ id: string; similarity: number } | undefined> => {
    const mention = plan.entities[0] ?? q;
    const exact = graph.findByName(mention).find((n) => n.type === plan.startType);
    if (exact) return { id: exact.id, similarity: 1 };
    const { ids, vectors } = await nodeVectors(plan.startType, context);
    if (ids.length === 0) return undefined;
    context.meter.assertCanSpend('embedding');
    const [qv] = await embedder.embed([mention], { kind: 'query' });
    context.meter.recordEmbedding(1);
    let best = -1, at = -1;
    vectors.forEach((v, i) => {
      const s = cosine(qv!, v);
      if (s > best) (best = s), (at = i);
    });
    return { id: ids[at]!, similarity: best };
  };

  /** Typed graph: every mention resolved to a node (exact name, else the most similar name); the first is v*. */
  const findNamed = async (plan: QueryPlan, q: string, context: RunContext): Promise<{ id: string; similarity: number }[]> => {
    const out: { id: string; similarity: number }[] = [];
    // a plan that names the start type (the LLM planner's s) prefers nodes of that type
    const pick = (mention: string) =>
      graph
        .findByName(mention)
        .filter((n) => !LITERAL_TYPES.has(n.type))
        .sort((a, b) => Number(b.type === plan.startType) - Number(a.type === plan.startType) || b.provenance.length - a.provenance.length)[0];
    for (const mention of plan.entities) {
      const n = pick(mention);
      if (n && !out.some((o) => o.id === n.id)) out.push({ id: n.id, similarity: 1 });
    }
    if (out.length > 0 || plan.entities.length === 0) return out;
    const { ids, vectors } = await nodeVectors('*', context);
    if (ids.length === 0) return out;
    context.meter.assertCanSpend('embedding');
    const [qv] = await embedder.embed([plan.entities[0] ?? q], { kind: 'query' });
    context.meter.recordEmbedding(1);
    let best = -1, at = -1;
    vectors.forEach((v, i) => {
      const s = cosine(qv!, v);
      if (s > best) (best = s), (at = i);
    });
    if (at >= 0) out.push({ id: ids[at]!, similarity: best });
    return out;
  };

  const traverse = (start: string, hops: number): SubgraphView => {
    const nodes = new Set([start]);
    const edges = new Set<string>();
    let frontier = [start];
    for (let h = 0; h < hops; h++) {
      const next: string[] = [];
      for (const id of frontier)
        for (const e of graph.edgesOf(id, { direction: 'both' })) {
          edges.add(e.id);
          const o = e.source === id ? e.target : e.source;
          if (!nodes.has(o)) (nodes.add(o), next.push(o));
        }
      frontier = next;
    }
    return { start, nodes, edges };
  };

  const linearise = (g: SubgraphView) =>
    [...g.edges]
      .slice(0, 300)
      .map((id) => {
        const e = graph.getEdge(id)!;
        const s = graph.getNode(e.source)!, t = graph.getNode(e.target)!;
        const attrs = (n: typeof s) => (n.type === 'Paper' ? ` (year ${n.attributes.year}, ${n.attributes.citations} citations)` : '');
        return `${s.name}${attrs(s)} —${e.relation}→ ${t.name}${attrs(t)}`;
      })
      .join('\n');

  /** Typed graph: the chunks of the supporting edges, then of the named nodes, then of G_q's other typed neighbours. */
  const typedEvidence = (g: SubgraphView, exec: Execution | undefined, named: string[]) => {
    const out = new Map<string, { chunkId: string; docId: string; score: number }>();
    const add = (chunkId: string, score: number) => {
      if (!out.has(chunkId)) out.set(chunkId, { chunkId, docId: docOf(chunkId), score });
    };
    for (const id of exec?.support ?? []) for (const p of graph.getEdge(id)?.provenance ?? []) add(p.chunkId, 1);
    for (const id of named) for (const c of graph.chunksOfNode(id).slice(0, 3)) add(c, 0.9);
    for (const e of [...g.edges].map((id) => graph.getEdge(id)).filter((e) => e !== undefined)) {
      if (out.size >= 20) break;
      if (e.relation === 'co_occurs_with' || e.relation === 'mentions') continue;
      for (const p of e.provenance.slice(0, 1)) add(p.chunkId, 0.5);
    }
    return [...out.values()];
  };

  const citationsOf = (g: SubgraphView, support: string[]): Citation[] => {
    const out: Citation[] = [];
    const provs = support.length ? support.flatMap((id) => graph.getEdge(id)?.provenance ?? []) : (graph.getNode(g.start)?.provenance ?? []);
    for (const p of provs.slice(0, 10)) out.push({ chunkId: p.chunkId, docId: docOf(p.chunkId), start: p.start, end: p.end });
    return out;
  };

  return {
    name,
    answer: (question, answerOptions) =>
      runAgent(name, question, answerOptions, async (q, context, partial) => {
        const { trace } = context;
        const scholarly = isScholarly();
        const planner = scholarly ? scholarlyPlanner : typedPlanner;
        const plan = await trace.stage('plan', async (e) => {
          const p = await planner.plan(q, context);
          e.data = { ...p };
          return p;
        });
        trace.decision('plan', `Q(q) = (${plan.type}, ${plan.startType}, h=${plan.hops}, E=[${plan.entities.join('; ')}], π=${plan.steps.join(' → ')})`);
        const named = scholarly ? [] : await trace.stage('start-node', () => findNamed(plan, q, context));
        const start = scholarly ? await trace.stage('start-node', () => findStart(plan, q, context)) : named[0];
        if (!scholarly && start) plan.startType = graph.getNode(start.id)?.type ?? '';
        if (!start) return { status: 'abstained', text: '', citations: [], evidence: [], stage: 'no-start-node', retries: 0 };
        trace.decision('start-node', `v* = ${graph.getNode(start.id)?.name} (sim ${start.similarity.toFixed(3)})`, { id: start.id });

        let hops = plan.hops;
        let g = traverse(start.id, hops);
        let exec: Execution | undefined;
        let expansions = 0;
        const verdicts: Verdict[] = [];
        for (;;) {
          context.meter.checkTime();
          const sub = graph.subgraph([...g.nodes].slice(0, 500), [...g.edges].slice(0, 1000));
          const suf = await sufficiencyScore({ query: q, subgraph: sub, alpha, entities: plan.entities, embedder, context });
          exec = scholarly
            ? plan.target === 'relation' || plan.target === 'relation-count' || plan.target === 'compare'
              ? undefined
              : executePlan(graph, plan.target, g)
            : executeTypedPlan({ graph, plan, g, named: named.map((n) => n.id), question: q, isFact: typedFactPredicate(readTypedGraphSchema(graph)) });
          const sufficient = suf.score >= tau && exec !== undefined;
          trace.decision('sufficiency', `S_suf = ${suf.score.toFixed(3)} (Cov ${suf.coverage.toFixed(2)}, Rel ${suf.relevance.toFixed(2)}), h=${hops}, ${exec ? 'plan executable' : 'plan not executable'}: ${sufficient ? 'stop' : expansions < maxExpansions ? 'expand' : 'expansion budget spent'}`, {
            score: suf.score,
            hops,
          });
          verdicts.splice(0, verdicts.length, { check: 'sufficiency', outcome: sufficient ? 'pass' : 'fail', score: suf.score, reason: `S_suf with τ = ${tau}`, spans: [] });
          if (sufficient || expansions >= maxExpansions) break;
          expansions++;
          hops++;
          g = traverse(start.id, hops);
        }
        const evidence = scholarly
          ? [...g.nodes]
              .map((id) => graph.getNode(id)!)
              .filter((n) => n.type === 'Paper')
              .flatMap((n) => n.provenance.slice(0, 1).map((p) => ({ chunkId: p.chunkId, docId: p.chunkId, score: n.id === start.id ? 1 : 0.5 })))
          : typedEvidence(g, exec, named.map((n) => n.id));
        partial.evidence = evidence;
        partial.stage = `h=${hops}`;

        // Answer: the plan executed over G_q (embedded), or the model reading linearised G_q.
        const generate = async (attempt: number): Promise<string[]> => {
          if (!model) return exec?.items ?? [];
          // The model reads linearised G_q; when it fails validation twice or errors, the plan
          // executed over G_q (the embedded path) answers, and the fallback is traced.
          const { value } = await decide({
            decision: 'academic-answer',
            model,
            schema: LlmAnswerSchema,
            messages: buildSubgraphAnswerMessages(q, linearise(g), attempt > 0),
            context,
            temperature: 0,
            map: (object) => object.answer,
            fallback: () => exec?.items ?? [],
          });
          return value;
        };
        let items: string[] = [];
        let consistent = false;
        let lastScore: number | undefined;
        let regenerations = 0;
        for (let attempt = 0; attempt <= maxRegenerations; attempt++) {
          regenerations = attempt;
          if (attempt > 0) trace.add({ kind: 'retry', name: 'academic-regenerate', data: { attempt } });
          items = await trace.stage('generate', () => generate(attempt));
          if (items.length === 0) break;
          // Aggregates are numbers no node stores: validate what they were computed from.
          const checked = plan.type === 'agg' && exec && !model ? exec.basis.join('; ') : items.join('; ');
          const sub = graph.subgraph([...g.nodes].slice(0, 500), [...g.edges].slice(0, 1000));
          const cons = await consistencyScore({ answer: checked, subgraph: sub, graph, embedder, context, ...(tagger ? { tagger } : {}) });
          lastScore = cons.score;
          consistent = cons.score === undefined || cons.score >= gamma;
          trace.decision('consistency', `S_cons = ${cons.score === undefined ? 'n/a (no checkable claim)' : cons.score.toFixed(3)} ${consistent ? '≥' : '<'} γ = ${gamma}: ${consistent ? 'accept' : attempt < maxRegenerations && model ? 'regenerate' : 'uncertain'}`);
          // The embedded executor is deterministic: regenerating would repeat the same answer.
          if (consistent || !model) break;
        }
        verdicts.push({
          check: 'consistency',
          outcome: items.length === 0 ? 'unknown' : consistent ? 'pass' : 'fail',
          score: lastScore ?? 0,
          reason: consistent ? `S_cons ≥ γ = ${gamma}` : 'uncertain: S_cons below γ after the allowed regenerations',
          spans: [],
        });
        if (items.length === 0) return { status: 'abstained', text: '', citations: [], verdicts, evidence, stage: `h=${hops}`, retries: regenerations };
        const text = items.join(', ');
        const citations = citationsOf(g, exec?.support ?? []);
        const label = await trace.stage('triple-check', () => labelAcademicAnswer({ query: q, text, citations, evidence, index: options.index, verdicts, consistent }, context));
        return { status: 'answered', text, citations, ...label, evidence, stage: `h=${hops}`, retries: regenerations };
      }),
  };
}

/** The LLM answer tagger, with the surface tagger deciding when the model's tags stay unusable. */
function llmTaggerWithFallback(model: ChatModel): AnswerTagger {
  const llm = createLlmAnswerTagger({ model });
  const surface = createSurfaceTagger();
  return {
    id: llm.id,
    async tag(answer, context) {
      const tags = await llm.tag(answer, context);
      if (tags) return tags;
      recordFallback(context, 'answer-tags', 'no usable tags from the model');
      return surface.tag(answer, context);
    },
  };
}
