// Reads the shared development datasets (../shared/datasets, see its README for sources and
// licences). Nothing is copied into the repository.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const PassageSchema = z.object({ id: z.string(), title: z.string(), text: z.string() });
const QuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  answers: z.array(z.string()),
  supporting_ids: z.array(z.string()),
  type: z.string().optional(),
});
export type Passage = z.infer<typeof PassageSchema>;
export type Question = z.infer<typeof QuestionSchema>;

export interface Dataset {
  name: string;
  passages: Passage[];
  questions: Question[];
}

const here = dirname(fileURLToPath(import.meta.url));

export function datasetsRoot(): string {
  return process.env.RAG_DATASETS ?? resolve(here, '../../../../shared/datasets');
}

export function loadDataset(name: string): Dataset {
  const dir = join(datasetsRoot(), name);
  if (!existsSync(dir)) throw new Error(`dataset not found: ${dir} (set RAG_DATASETS)`);
  const lines = (file: string) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((l) => l.trim().length > 0)
      .map((l) => JSON.parse(l) as unknown);
  return {
    name,
    passages: lines('corpus.jsonl').map((x) => PassageSchema.parse(x)),
    questions: lines('questions.jsonl').map((x) => QuestionSchema.parse(x)),
  };
}

/** Recall@K = |gold ∩ top-K| / |gold|, averaged over questions (the datasets README's definition). */
export function recallAtK(ranked: string[][], questions: Question[], k: number): number {
  let sum = 0;
  questions.forEach((q, i) => {
    const top = new Set(ranked[i]!.slice(0, k));
    const gold = new Set(q.supporting_ids);
    let hit = 0;
    for (const g of gold) if (top.has(g)) hit++;
    sum += gold.size === 0 ? 0 : hit / gold.size;
  });
  return (100 * sum) / questions.length;
}

export const DATASETS = ['hotpotqa-train100', 'musique-train100'] as const;
