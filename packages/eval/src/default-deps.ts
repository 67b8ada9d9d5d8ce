// Production wiring of the CLI: the built-in methods, the env-selected stack, @rag/indexer
// as the index backend and graph-store's extraction-loss simulation for --kg-deletion.
import { RagError } from '@rag/core';
import { createIndexer, createLlmTripleExtractor, INDEXER_VERSION, openIndex, type Indexer } from '@rag/indexer';
import type { CliDeps } from './cli/main.js';
import type { IndexBackend } from './index-cache.js';
import { withKgDeletion } from './kg-deletion.js';
import { BUILTIN_METHODS } from './methods/builtin-methods.js';
import { createMethodRegistry } from './methods/registry.js';
import { createStackFromEnv, type EvalStack } from './stack.js';

/**
 * @rag/indexer with the stack's collaborators (embedded defaults where the stack has none).
 * `withModel`: the stack's chat model extracts the graph (the LLM extractor, which routes each
 * chunk to its TAdaRAG domain template) and writes the document summaries s_j of the A2RAG gate.
 */
export function createIndexerBackend(stack: EvalStack, options: { withModel?: boolean } = {}): IndexBackend {
  const model = options.withModel ? stack.chat : undefined;
  if (options.withModel && !model) throw new RagError('RAG_CONFIG', '--index-with-model: needs a chat model (a service, or --chat scripted|messy)', { details: { input: 'index-with-model' } });
  const collaborators = {
    ...(stack.embedder ? { embedder: stack.embedder } : {}),
    ...(stack.vectors ? { vectors: stack.vectors } : {}),
    ...(stack.keyword ? { keyword: stack.keyword } : {}),
    ...(stack.extractor ? { extractor: stack.extractor } : model ? { extractor: createLlmTripleExtractor({ model }) } : {}),
    ...(model ? { summaryModel: model } : {}),
  };
  const built = new WeakSet<object>();
  return {
    configKey: JSON.stringify({ stack: stack.configKey, indexer: INDEXER_VERSION, ...(model ? { model: model.id } : {}) }),
    async build(docs, onProgress) {
      const indexer = createIndexer(collaborators);
      const report = await indexer.ingest(docs, onProgress ? { onProgress: (p) => onProgress(p.done, p.total, p.stage) } : {});
      // A benchmark on a partly indexed corpus would be silently wrong: refuse it.
      if (report.failed.length > 0)
        throw new RagError('RAG_EVAL_INDEX_FAILED', `indexing failed for ${report.failed.length} documents, e.g. ${report.failed[0]!.id}: ${report.failed[0]!.reason}`, {
          details: { input: 'corpus', failed: report.failed.slice(0, 10) },
        });
      built.add(indexer);
      return indexer;
    },
    async save(index, dir) {
      if (!built.has(index)) throw new RagError('RAG_INVALID_INPUT', 'save: the index was not built by this backend', { details: { input: 'index' } });
      await (index as Indexer).save(dir);
    },
    open: (dir) => openIndex(dir, collaborators),
  };
}

/** `stack`: a stack already composed (e.g. by loadStackConfig from rag.config.*); default: from env. */
export function createDefaultCliDeps(options: { stack?: EvalStack } = {}): CliDeps {
  return {
    registry: createMethodRegistry(BUILTIN_METHODS),
    createStack: options.stack ? () => options.stack! : createStackFromEnv,
    createBackend: createIndexerBackend,
    withKgDeletion,
  };
}
