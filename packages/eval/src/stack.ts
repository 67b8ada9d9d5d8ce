// The collaborators a run uses. Embedded defaults unless OLLAMA_HOST / QDRANT_URL are set
// (then the service adapters; QDRANT_KEYWORD_COLLECTION also puts keyword search in Qdrant); selected by configuration, never by code (ARCHITECTURE.md,
// "Two modes, one code path"). A stack may mix: Qdrant vectors with embedded strategies.
import type { ChatModel, Embedder, KeywordIndex, TripleExtractor, VectorStore } from '@rag/core';
import { ollamaFromEnv } from '@rag/ollama';
import { openaiFromEnv } from '@rag/openai';
import { qdrantFromEnv, qdrantKeywordIndexFromEnv } from '@rag/qdrant';
import type { StackMode } from './types.js';

export interface EvalStack {
  mode: StackMode;
  /** Chat model for agents and the judge; absent in embedded mode (heuristic strategies). */
  chat?: ChatModel;
  /** Absent: the indexer's deterministic embedded embedder. */
  embedder?: Embedder;
  /** Absent: the indexer's in-memory exact-search store. */
  vectors?: VectorStore;
  /** Absent: the indexer's BM25 index. Set by QDRANT_KEYWORD_COLLECTION or a config plugin (rag.config.*). */
  keyword?: KeywordIndex;
  /** Absent: the indexer's default extractor. Set by a config plugin (rag.config.*). */
  extractor?: TripleExtractor;
  /** One line for stderr: which mode and which services. */
  describe: string;
  /** Identity of what shapes a built index (embedder, vector backend), for the index cache key. */
  configKey: string;
}

export function createStackFromEnv(env: Record<string, string | undefined> = process.env): EvalStack {
  // OLLAMA_HOST wins when both are set; OPENAI_BASE_URL / OPENAI_API_KEY select an
  // OpenAI-compatible server (vLLM, llama.cpp, LM Studio, Ollama /v1, OpenAI).
  const ollama = ollamaFromEnv(env) ?? openaiFromEnv(env);
  const qdrant = qdrantFromEnv(env);
  const keyword = qdrantKeywordIndexFromEnv(env);
  const mode: StackMode = ollama || qdrant ? 'service' : 'embedded';
  const parts: string[] = [];
  parts.push(ollama ? ollama.describe : 'embedded embedder and heuristic strategies');
  parts.push(qdrant ? `qdrant vectors (${qdrant.id})` : 'in-memory vectors');
  if (keyword) parts.push(`qdrant keyword search (${keyword.id})`);
  return {
    mode,
    ...(ollama ? { chat: ollama.chat, embedder: ollama.embedder } : {}),
    ...(qdrant ? { vectors: qdrant } : {}),
    ...(keyword ? { keyword } : {}),
    describe: `${mode} mode: ${parts.join(', ')}`,
    configKey: JSON.stringify({ embedder: ollama?.embedder.id ?? 'embedded', vectors: qdrant?.id ?? 'memory', ...(keyword ? { keyword: keyword.id } : {}) }),
  };
}
