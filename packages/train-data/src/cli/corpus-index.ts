// Inputs of the CLI commands: an index to read chunks and the graph from (an existing store
// directory, or one built in memory from a dataset directory or corpus files with the embedded
// defaults), and the questions to build instructions from.
import { RagError } from '@rag/core';
import { createIndexer, openIndex, type Indexer } from '@rag/indexer';
import { QuestionLineSchema, readDataset, type QuestionLine } from '../dataset/dataset-files.js';
import { readJsonl } from '../io/jsonl.js';

export interface CorpusInputOptions {
  /** Dataset directory (corpus.jsonl, optional questions.jsonl). */
  dataset?: string;
  /** Files or directories of documents. */
  corpus?: string;
  /** An index directory built by `rag index` / createIndexer. */
  store?: string;
  /** questions.jsonl to use instead of the dataset's. */
  questions?: string;
}

export interface CorpusInput {
  index: Indexer;
  questions: QuestionLine[];
  source: string;
}

export async function loadCorpusInput(options: CorpusInputOptions, openStore: (dir: string) => Promise<Indexer> = (dir) => openIndex(dir)): Promise<CorpusInput> {
  const given = [options.dataset, options.corpus, options.store].filter(Boolean).length;
  if (given !== 1) throw new RagError('RAG_INVALID_INPUT', 'give exactly one of --dataset DIR, --corpus PATH or --store DIR', { details: { input: 'corpus' } });
  let index: Indexer;
  let questions: QuestionLine[] = [];
  let source: string;
  if (options.store) {
    index = await openStore(options.store);
    source = options.store;
  } else {
    // Embedded defaults; GEAR views and communities are not needed for data generation.
    index = createIndexer({ gearHeads: 0, communities: false });
    if (options.dataset) {
      const data = await readDataset(options.dataset, { requireQuestions: false });
      await index.ingest(data.corpus.map((c) => ({ id: c.id, ...(c.title !== undefined ? { title: c.title } : {}), text: c.text })));
      questions = data.questions;
      source = options.dataset;
    } else {
      const report = await index.ingestPaths([options.corpus!]);
      if (report.added.length === 0) throw new RagError('RAG_INVALID_INPUT', `--corpus: no documents could be loaded from ${options.corpus}`, { details: { input: 'corpus', problems: report.problems.slice(0, 5) } });
      source = options.corpus!;
    }
  }
  if (options.questions) questions = await readJsonl(options.questions, QuestionLineSchema);
  return { index, questions, source };
}
