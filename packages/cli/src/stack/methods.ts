// The question-answering methods the app offers, by the same stable names as `rag-eval`.
// Agents (@rag/agents) return cited, verified answers; retrievers return ranked evidence.
import type { ChatModel, Embedder, Retriever } from '@rag/core';
import { createA2ragAgent, createAcademicAgent, createAragAgent, createIrcotAgent, createTadaragAgent, type Agent, type TripleProposalSink } from '@rag/agents';
import { createLlmTripleExtractor, type RagIndex } from '@rag/indexer';
import { createA2ragRetriever, createBm25Retriever, createDenseRetriever, createHybridRetriever } from '@rag/retrievers';
import type { MethodRunner } from '../types.js';

export function retrieverRunner(retriever: Retriever, description: string): MethodRunner {
  return {
    name: retriever.name,
    description,
    kind: 'retriever',
    run: (query, { k, context }) => retriever.retrieve(query, { k, context }),
  };
}

/** What every agent in @rag/agents exposes. */
export type AnsweringAgent = Pick<Agent, 'answer'>;

export function agentRunner(name: string, description: string, agent: AnsweringAgent): MethodRunner {
  return {
    name,
    description,
    kind: 'agent',
    async run(query, { context }) {
      // The agent meters its own run under the request's limits; its trace events are
      // forwarded live into the request's trace so the SSE stream shows them as they happen.
      return agent.answer(query, {
        budget: context.meter.limits,
        onEvent: (e) => void context.trace.add(e),
        ...(context.onToken ? { onToken: context.onToken } : {}),
        ...(context.signal ? { signal: context.signal } : {}),
      });
    },
  };
}

export interface MethodRunnersOptions {
  /** Service mode: the chat model drives the agents' LLM strategies (heuristic ones otherwise). */
  chat?: ChatModel;
  /** Service-mode embedder for the academic agent's attribute matching. */
  embedder?: Embedder;
  /** HITL: where the A2RAG controller proposes triples from verified answers. */
  proposals?: TripleProposalSink;
}

/** All methods available on an index, keyed by name; agents first, the default (a2rag-agent) leading. */
/**
 * A runner whose agent or retriever is built on its first question: building one can index the
 * whole graph (the academic agent's provenance map, say), and a question asks only one method.
 */
export function deferredRunner(name: string, description: string, kind: MethodRunner['kind'], make: () => MethodRunner): MethodRunner {
  let real: MethodRunner | undefined;
  return { name, description, kind, run: (query, options) => (real ??= make()).run(query, options) };
}

export function createMethodRunners(index: RagIndex, options: MethodRunnersOptions = {}): Map<string, MethodRunner> {
  const model = options.chat ? { model: options.chat } : {};
  const agent = (name: string, description: string, make: () => AnsweringAgent) => deferredRunner(name, description, 'agent', () => agentRunner(name, description, make()));
  const retriever = (name: string, description: string, make: () => Retriever) => deferredRunner(name, description, 'retriever', () => retrieverRunner(make(), description));
  const runners: MethodRunner[] = [
    agent('a2rag-agent', 'A2RAG controller: summary gate → staged retrieval → cited answer → Triple-Check → failure-aware rewrite, bounded retries', () =>
      createA2ragAgent({
        index,
        ...model,
        ...(options.proposals ? { proposals: options.proposals } : {}),
        // Proposals are facts the graph lacks; with a model, read them with the LLM extractor.
        ...(options.chat ? { extractor: createLlmTripleExtractor({ model: options.chat }) } : {}),
      }),
    ),
    agent('arag', 'A-RAG agent loop over keyword_search / semantic_search / chunk_read', () => createAragAgent({ index, ...model })),
    agent('academic', 'typed-graph QA: plan → typed traversal → sufficiency expansion → consistency check (built for Author–Paper–Venue graphs)', () =>
      createAcademicAgent({ index, ...model, ...(options.embedder ? { embedder: options.embedder } : {}) }),
    ),
    agent('tadarag', 'TAdaRAG: intent → domain template → on-the-fly typed KG from retrieved text → KG-augmented answer', () => createTadaragAgent({ index, ...model })),
    agent('ircot', 'IRCoT baseline: interleaved retrieve-and-reason steps', () => createIrcotAgent({ index, ...model })),
    retriever('a2rag', 'A2RAG staged retrieval: local → bridge → PPR with provenance map-back', () => createA2ragRetriever({ index })),
    retriever('hybrid', 'BM25 + dense vectors fused by reciprocal rank', () => createHybridRetriever({ index })),
    retriever('bm25', 'lexical baseline (BM25)', () => createBm25Retriever({ index })),
    retriever('dense', 'dense-vector baseline', () => createDenseRetriever({ index })),
  ];
  return new Map(runners.map((r) => [r.name, r]));
}
