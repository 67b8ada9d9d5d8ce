// Native HotpotQA / 2WikiMultiHopQA JSON → EvalDataset. Mapping (documented in docs/eval.md):
// every context paragraph [title, sentences] becomes one passage {title, text: sentences
// joined by " "} (deduplicated across questions); supporting_ids = the passages whose titles
// appear in supporting_facts; answers = [answer, ...answer_aliases].
import { basename } from 'node:path';
import type { DatasetFormat, EvalDataset, EvalQuestion } from '../types.js';
import { readNativeRecords } from './native-records.js';
import { createPassagePool } from './passage-pool.js';
import { HotpotRecordSchema, TwoWikiRecordSchema } from './schemas.js';
import { datasetLineError } from './parse-error.js';
import type { z } from 'zod';

type HotpotRecord = z.infer<typeof TwoWikiRecordSchema>;

export async function loadHotpotQa(file: string): Promise<EvalDataset> {
  return convertHotpotStyle(await readNativeRecords(file, HotpotRecordSchema), file, 'hotpotqa', 'hp');
}

export async function load2WikiMultiHopQa(file: string): Promise<EvalDataset> {
  return convertHotpotStyle(await readNativeRecords(file, TwoWikiRecordSchema), file, '2wikimultihopqa', '2wiki');
}

export function convertHotpotStyle(records: HotpotRecord[], file: string, format: DatasetFormat, prefix: string): EvalDataset {
  const pool = createPassagePool(prefix);
  const questions: EvalQuestion[] = records.map((r, i) => {
    const idByTitle = new Map<string, string>();
    for (const [title, sentences] of r.context) idByTitle.set(title, pool.idOf(title, sentences.join(' ')));
    const supporting: string[] = [];
    for (const [title] of r.supporting_facts) {
      const id = idByTitle.get(title);
      if (id === undefined)
        throw datasetLineError(file, i + 1, `supporting_facts: title "${title}" is not in this record's context`, 'record');
      if (!supporting.includes(id)) supporting.push(id);
    }
    return {
      id: r._id,
      question: r.question,
      answers: [r.answer, ...(r.answer_aliases ?? [])],
      supportingIds: supporting,
      ...(r.type !== undefined ? { type: r.type } : {}),
    };
  });
  return { name: basename(file), source: file, format, corpus: pool.corpus(), questions };
}
