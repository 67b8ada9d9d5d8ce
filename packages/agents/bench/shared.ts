// Bench helpers: read a shared dataset (../shared/datasets, never copied into the repo) and build
// its embedded index once, cached under the OS temp dir so repeated bench runs reuse it.
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { createIndexer, openIndex, type RagIndex } from '@rag/indexer';

/** The shared datasets: $RAG_DATASETS, else the nearest `shared/datasets` above this directory (never copied into the repo). */
export const DATASETS_DIR = findDatasetsDir();

function findDatasetsDir(): string {
  if (process.env.RAG_DATASETS) return resolve(process.env.RAG_DATASETS);
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'datasets');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return resolve(import.meta.dirname, '../../../../shared/datasets');
  }
}

const CorpusLine = z.object({ id: z.string(), title: z.string().default(''), text: z.string() });
const QuestionLine = z.object({ id: z.string(), question: z.string(), answers: z.array(z.string()), supporting_ids: z.array(z.string()), type: z.string().optional() });
export type BenchQuestion = z.infer<typeof QuestionLine>;

function readJsonl<T>(file: string, schema: z.ZodType<T>): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      const r = schema.safeParse(JSON.parse(l));
      if (!r.success) throw new Error(`${file}:${i + 1}: ${r.error.message}`);
      return r.data;
    });
}

export function readDataset(name: string) {
  const dir = join(DATASETS_DIR, name);
  return { corpus: readJsonl(join(dir, 'corpus.jsonl'), CorpusLine), questions: readJsonl(join(dir, 'questions.jsonl'), QuestionLine) };
}

export async function benchIndex(name: string): Promise<RagIndex> {
  const dir = join(tmpdir(), 'rag-agents-bench', name);
  if (existsSync(join(dir, 'built'))) return openIndex(dir);
  const { corpus } = readDataset(name);
  const indexer = createIndexer({ dir });
  await indexer.ingest(corpus.map((d) => ({ id: d.id, title: d.title, text: d.text })));
  await indexer.save();
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(dir, 'built'), new Date().toISOString());
  return indexer;
}
