// Loader for the repository's dataset shape: a directory with corpus.jsonl ({id,title,text})
// and questions.jsonl ({id,question,answers,supporting_ids,type}), as in ../shared/datasets.
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { RagError } from '@rag/core';
import type { DocInput } from '@rag/core';
import type { EvalDataset, EvalQuestion } from '../types.js';
import { parseJsonl } from './jsonl.js';
import { datasetLineError } from './parse-error.js';
import { CorpusLineSchema, QuestionLineSchema } from './schemas.js';

export async function loadJsonlDataset(dir: string): Promise<EvalDataset> {
  const root = resolve(dir);
  const corpusFile = join(root, 'corpus.jsonl');
  const questionsFile = join(root, 'questions.jsonl');
  const [corpusText, questionsText] = await Promise.all([readText(corpusFile), readText(questionsFile)]);
  return parseJsonlDataset({ name: basename(root), source: root, corpusText, questionsText, corpusFile, questionsFile });
}

/** Parses and cross-checks both files; every problem names its file and line. */
export function parseJsonlDataset(input: {
  name: string;
  source: string;
  corpusText: string;
  questionsText: string;
  corpusFile: string;
  questionsFile: string;
}): EvalDataset {
  const corpusLines = parseJsonl(input.corpusText, input.corpusFile, CorpusLineSchema);
  const questionLines = parseJsonl(input.questionsText, input.questionsFile, QuestionLineSchema);

  const corpus: DocInput[] = [];
  const ids = new Set<string>();
  const lineOf = lineNumbers(input.corpusText);
  corpusLines.forEach((c, i) => {
    if (ids.has(c.id)) throw datasetLineError(input.corpusFile, lineOf[i]!, `duplicate passage id "${c.id}"`);
    ids.add(c.id);
    corpus.push({ id: c.id, ...(c.title !== undefined ? { title: c.title } : {}), text: c.text });
  });

  const qLineOf = lineNumbers(input.questionsText);
  const qIds = new Set<string>();
  const questions: EvalQuestion[] = questionLines.map((q, i) => {
    const line = qLineOf[i]!;
    if (qIds.has(q.id)) throw datasetLineError(input.questionsFile, line, `duplicate question id "${q.id}"`);
    qIds.add(q.id);
    const missing = q.supporting_ids.find((id) => !ids.has(id));
    if (missing !== undefined)
      throw datasetLineError(input.questionsFile, line, `supporting_ids: "${missing}" is not a passage id in corpus.jsonl`);
    return {
      id: q.id,
      question: q.question,
      answers: q.answers,
      supportingIds: q.supporting_ids,
      ...(q.type !== undefined ? { type: q.type } : {}),
    };
  });
  if (corpus.length === 0) throw new RagError('RAG_INVALID_INPUT', `${input.corpusFile}: the corpus is empty`, { details: { input: input.corpusFile } });
  if (questions.length === 0)
    throw new RagError('RAG_INVALID_INPUT', `${input.questionsFile}: there are no questions`, { details: { input: input.questionsFile } });
  return { name: input.name, source: input.source, format: 'jsonl-dir', corpus, questions };
}

/** 1-based line numbers of the non-blank lines, in order (matches parseJsonl's output order). */
function lineNumbers(text: string): number[] {
  const out: number[] = [];
  text.split('\n').forEach((l, i) => {
    if (l.trim() !== '') out.push(i + 1);
  });
  return out;
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (cause) {
    throw new RagError('RAG_IO', `${file}: cannot read dataset file`, { cause, details: { input: file, file } });
  }
}
