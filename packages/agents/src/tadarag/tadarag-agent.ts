// TAdaRAG inference (TAdaRAG, Methodology: intention detection → domain template → typed KG
// extracted on the fly → KG-augmented generation). The graph is built from the RETRIEVED TEXT
// of this question only — never read from the index's pre-built graph — and is kept in the
// trace (an `on-the-fly-kg` event with its triples) and in the evidence given to the answerer.
// The routed template shapes the graph in both modes: the LLM extractor is prompted with it;
// the embedded extractor down-weights the relations it does not list (@rag/indexer's
// template-weighting.ts). The embedded default stays the heuristic extractor: on
// hotpotqa-train100 it scores above the typed one here (docs/notes/2026-11-28-typed-planner-templates.md).
// Training stages (SFT, REINFORCE over p parallel subgraphs) are @rag/train-data's concern.
import { invalidInput, RagError, type AnswerGenerator, type ChatModel, type Evidence, type IntentRouter, type Retriever, type Triple, type TripleExtractor } from '@rag/core';
import { createGraphStore } from '@rag/graph-store';
import { createHeuristicTripleExtractor, createKeywordIntentRouter, createLlmIntentRouter, createLlmTripleExtractor, DOMAIN_TEMPLATES, templateFor, type RagIndex } from '@rag/indexer';
import type { DomainTemplate } from '@rag/core';
import { createBm25Retriever } from '@rag/retrievers';
import { refsOf } from '../internal/evidence.js';
import { labelAnswer } from '../internal/label-answer.js';
import type { TripleCheck } from '@rag/verify';
import { runAgent } from '../internal/run-agent.js';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { createLlmAnswerGenerator } from '../strategies/llm-answer-generator.js';
import type { Agent } from '../types.js';
import { answerFromGraph } from './graph-answer.js';

export interface TadaragAgentOptions {
  /** Labels the answer verified / unsure / failed (default: the embedded Triple-Check, no model calls). */
  tripleCheck?: TripleCheck;
  index: RagIndex;
  model?: ChatModel;
  intentRouter?: IntentRouter;
  /** Default: the LLM extractor with a model, else the embedded heuristic extractor; either is given the routed template. */
  extractor?: TripleExtractor;
  templates?: readonly DomainTemplate[];
  retriever?: Retriever;
  generator?: AnswerGenerator;
  /** Retrieved chunks the on-the-fly graph is extracted from (default 5). */
  extractChunks?: number;
  /** Ranked chunks retrieved and reported (default 10). */
  k?: number;
  name?: string;
}

export function createTadaragAgent(options: TadaragAgentOptions): Agent {
  const index = options?.index;
  if (!index || typeof index.getChunk !== 'function') throw invalidInput('createTadaragAgent(options.index)', 'must be a RagIndex');
  const model = options.model;
  const templates = options.templates ?? DOMAIN_TEMPLATES;
  const router = options.intentRouter ?? (model ? createLlmIntentRouter({ model }) : createKeywordIntentRouter());
  const extractor = options.extractor ?? (model ? createLlmTripleExtractor({ model, templates }) : createHeuristicTripleExtractor());
  const retriever = options.retriever ?? createBm25Retriever({ index });
  const generator = options.generator ?? (model ? createLlmAnswerGenerator({ model, index }) : createExtractiveAnswerGenerator({ index }));
  const m = options.extractChunks ?? 5;
  if (!Number.isInteger(m) || m < 1 || m > 50) throw invalidInput('createTadaragAgent(options.extractChunks)', 'must be an integer in 1..50', { value: m });
  const k = options.k ?? 10;
  const name = options.name ?? 'tadarag';

  return {
    name,
    answer: (question, answerOptions) =>
      runAgent(name, question, answerOptions, async (q, context, partial) => {
        const { trace } = context;
        const retrieved = await retriever.retrieve(q, { k, context });
        partial.evidence = refsOf(retrieved.chunks);
        const top = retrieved.chunks.slice(0, m);
        // Intention detection on the query together with its external knowledge r.
        const route = await trace.stage('intent', () => router.route(`${q}\n${top.map((c) => c.text).join('\n')}`, context));
        const template = templateFor(route.domain, templates);
        trace.decision('template', `intent "${route.domain}" (${route.confidence.toFixed(2)}) → template "${template.domain}"`, { entityTypes: template.entityTypes });
        const kg = createGraphStore();
        const triples: Triple[] = await trace.stage('on-the-fly-extract', async (e) => {
          const all: Triple[] = [];
          let skipped = 0;
          for (const c of top) {
            const chunk = index.getChunk(c.chunkId);
            if (!chunk) continue;
            const title = index.getDoc(chunk.docId)?.title;
            const ex = await extractor.extract({ chunk, template, ...(title ? { docTitle: title } : {}) }, context);
            for (const t of ex.triples) {
              // model output can type one name two ways the store cannot hold as one node: that triple is skipped, and counted
              try {
                kg.addTriple(t);
              } catch (error) {
                if (!RagError.isInstance(error, 'RAG_CONFLICT')) throw error;
                skipped++;
                continue;
              }
              all.push(t);
            }
          }
          if (skipped > 0) trace.add({ kind: 'warning', name: 'on-the-fly-kg', data: { skippedTriples: skipped, reason: 'conflicting entity types for one name' } });
          e.data = { chunks: top.length, triples: all.length, skipped };
          return all;
        });
        const strong = triples.filter((t) => t.relation !== 'co_occurs_with' && t.relation !== 'mentions');
        const graphText = strong.slice(0, 80).map((t) => `${t.head} —${t.relation}→ ${t.tail}`).join('\n');
        trace.add({
          kind: 'info',
          name: 'on-the-fly-kg',
          data: { domain: template.domain, nodes: kg.nodeCount, edges: kg.edgeCount, triples: strong.slice(0, 200).map((t) => ({ head: t.head, relation: t.relation, tail: t.tail, headType: t.headType, tailType: t.tailType, provenance: t.provenance })) },
        });
        const evidence: Evidence = { query: q, chunks: retrieved.chunks, triples: strong, graphText, stage: 'on-the-fly-kg', trace: [] };
        if (!model && !options.generator) {
          const fromGraph = answerFromGraph(q, kg);
          if (fromGraph) {
            trace.decision('answer', `from the on-the-fly graph: ${fromGraph.path}`);
            const label = await labelAnswer({ query: q, text: fromGraph.text, citations: fromGraph.citations, evidence, ...(options.tripleCheck ? { check: options.tripleCheck } : {}) }, context);
            return { status: 'answered', text: fromGraph.text, citations: fromGraph.citations, ...label, evidence: refsOf(retrieved.chunks), stage: 'graph', retries: 0 };
          }
        }
        const g = await trace.stage('generate', () => generator.generate({ query: q, evidence }, context));
        const text = g.abstain ? '' : g.text;
        const label = await labelAnswer({ query: q, text, citations: g.citations, evidence, ...(g.form ? { form: g.form } : {}), ...(options.tripleCheck ? { check: options.tripleCheck } : {}) }, context);
        return { status: text ? 'answered' : 'abstained', text, citations: g.citations, ...label, evidence: refsOf(retrieved.chunks), stage: 'text', retries: 0 };
      }),
  };
}
