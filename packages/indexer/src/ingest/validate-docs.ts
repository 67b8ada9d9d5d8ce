// Validate the documents of an ingest call: bad ones are reported in `failed` and skipped,
// never stored; a duplicate id in one call keeps the later document.
import { DocInputSchema, contentHash, type Doc, type DocInput } from '@rag/core';
import type { IngestReport } from '../types.js';

export function validateDocs(input: DocInput[], failed: IngestReport['failed']): Doc[] {
  const todo: Doc[] = [];
  const seen = new Map<string, number>();
  input.forEach((raw, i) => {
    const parsed = DocInputSchema.safeParse(raw);
    if (!parsed.success) {
      const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : `#${i}`;
      failed.push({ id, reason: `invalid document: ${parsed.error.issues.map((x) => `${x.path.join('.') || '(doc)'}: ${x.message}`).join('; ')}` });
      return;
    }
    const d = parsed.data;
    if (!d.text.trim()) {
      failed.push({ id: d.id, reason: 'empty text' });
      return;
    }
    const doc: Doc = { id: d.id, ...(d.title !== undefined ? { title: d.title } : {}), text: d.text, metadata: d.metadata ?? {}, contentHash: contentHash(d.title, d.text) };
    const prev = seen.get(d.id);
    if (prev !== undefined) {
      failed.push({ id: d.id, reason: 'duplicate id in this batch; the later one is used' });
      todo[prev] = doc;
      return;
    }
    seen.set(d.id, todo.length);
    todo.push(doc);
  });
  return todo;
}
