// Write-ahead journal of an index directory: an intent record before a batch touches the
// index, a commit record after its snapshot generation is current. A begin without a commit
// is a batch that crashed; its docs are simply ingested again (content hashes make the
// committed ones no-ops), so resuming never duplicates anything.
import { appendFile, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RagError } from '@rag/core';
import { z } from 'zod';

export const JournalRecordSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('begin'), txn: z.number().int(), op: z.enum(['ingest', 'remove']), docs: z.array(z.string()), at: z.string() }),
  z.object({ t: z.literal('commit'), txn: z.number().int(), generation: z.string(), at: z.string() }),
]);
export type JournalRecord = z.infer<typeof JournalRecordSchema>;

export const JOURNAL_FILE = 'journal.jsonl';

export async function appendJournal(dir: string, record: JournalRecord): Promise<void> {
  const path = join(dir, JOURNAL_FILE);
  try {
    await appendFile(path, `${JSON.stringify(record)}\n`);
    const fh = await open(path, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (cause) {
    throw new RagError('RAG_IO', `could not append to the journal ${path}`, { cause, details: { path } });
  }
}

/** Read the journal; a torn last line (crash mid-append) is ignored. */
export async function readJournal(dir: string): Promise<JournalRecord[]> {
  let text: string;
  try {
    text = await readFile(join(dir, JOURNAL_FILE), 'utf8');
  } catch {
    return [];
  }
  const out: JournalRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JournalRecordSchema.safeParse(JSON.parse(line));
      if (r.success) out.push(r.data);
    } catch {
      // torn write
    }
  }
  return out;
}

/** Batches begun but never committed: the work a crash interrupted. */
export function uncommitted(records: JournalRecord[]): { txn: number; op: string; docs: string[] }[] {
  const committed = new Set(records.filter((r) => r.t === 'commit').map((r) => r.txn));
  return records.filter((r): r is Extract<JournalRecord, { t: 'begin' }> => r.t === 'begin' && !committed.has(r.txn)).map((r) => ({ txn: r.txn, op: r.op, docs: r.docs }));
}
