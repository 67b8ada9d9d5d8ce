// The shared dataset shape (a directory with corpus.jsonl and questions.jsonl), as read by
// `rag-eval` and as the dev sets in ../shared/datasets are laid out.
import { join } from 'node:path';
import { CorpusLineSchema, QuestionLineSchema, RagError, type CorpusLine, type QuestionLine } from '@rag/core';
import { readJsonl, writeJsonl } from '../io/jsonl.js';

export { CorpusLineSchema, QuestionLineSchema };
export type { CorpusLine, QuestionLine };

export interface DatasetFiles {
  corpus: CorpusLine[];
  questions: QuestionLine[];
}

/** Read a dataset directory; questions.jsonl is optional when `requireQuestions` is false. */
export async function readDataset(dir: string, options: { requireQuestions?: boolean } = {}): Promise<DatasetFiles> {
  const corpus = await readJsonl(join(dir, 'corpus.jsonl'), CorpusLineSchema);
  let questions: QuestionLine[] = [];
  try {
    questions = await readJsonl(join(dir, 'questions.jsonl'), QuestionLineSchema);
  } catch (error) {
    if (!(RagError.isInstance(error, 'RAG_NOT_FOUND') && options.requireQuestions === false)) throw error;
  }
  const ids = new Set<string>();
  for (const c of corpus) {
    if (ids.has(c.id)) throw new RagError('RAG_INVALID_INPUT', `${join(dir, 'corpus.jsonl')}: duplicate passage id "${c.id}"`, { details: { input: dir, id: c.id } });
    ids.add(c.id);
  }
  return { corpus, questions };
}

/** Write a dataset directory; every supporting id must name a passage of the corpus. */
export async function writeDataset(dir: string, data: DatasetFiles): Promise<void> {
  const ids = new Set(data.corpus.map((c) => c.id));
  for (const q of data.questions) {
    const missing = q.supporting_ids.find((id) => !ids.has(id));
    if (missing !== undefined)
      throw new RagError('RAG_INVALID_INPUT', `questions: "${q.id}" cites "${missing}", which is not in the corpus`, { details: { input: 'questions', id: q.id, missing } });
  }
  await writeJsonl(join(dir, 'corpus.jsonl'), data.corpus);
  await writeJsonl(join(dir, 'questions.jsonl'), data.questions);
}
