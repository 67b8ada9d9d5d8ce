// Native MuSiQue (JSONL or a JSON array) → EvalDataset. Mapping (documented in docs/eval.md):
// every paragraph {title, paragraph_text} becomes one passage (deduplicated across
// questions); supporting_ids = paragraphs with is_supporting; answers = [answer,
// ...answer_aliases]; type = the id's hop prefix ("2hop", "3hop1", ...). Unanswerable
// records (answerable: false, MuSiQue-Full) are dropped: they have no gold answer to score.
import { basename } from 'node:path';
import type { EvalDataset, EvalQuestion } from '../types.js';
import { readNativeRecords } from './native-records.js';
import { createPassagePool } from './passage-pool.js';
import { MusiqueRecordSchema } from './schemas.js';
import type { z } from 'zod';

export async function loadMusique(file: string): Promise<EvalDataset> {
  return convertMusique(await readNativeRecords(file, MusiqueRecordSchema), file);
}

export function convertMusique(records: z.infer<typeof MusiqueRecordSchema>[], file: string): EvalDataset {
  const pool = createPassagePool('mq');
  const questions: EvalQuestion[] = [];
  for (const r of records) {
    if (r.answerable === false) continue;
    const supporting: string[] = [];
    for (const p of r.paragraphs) {
      const id = pool.idOf(p.title, p.paragraph_text);
      if (p.is_supporting && !supporting.includes(id)) supporting.push(id);
    }
    const hop = /^(\d+hop\d*)__/.exec(r.id)?.[1];
    questions.push({
      id: r.id,
      question: r.question,
      answers: [r.answer, ...r.answer_aliases],
      supportingIds: supporting,
      ...(hop !== undefined ? { type: hop } : {}),
    });
  }
  return { name: basename(file), source: file, format: 'musique', corpus: pool.corpus(), questions };
}
