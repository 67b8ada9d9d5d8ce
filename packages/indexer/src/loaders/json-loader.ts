// JSON / JSONL records → docs through a field mapping. Each record is validated; a bad record
// is reported with its line and skipped, the others load.
import { MetadataSchema, type DocInput, type Metadata } from '@rag/core';
import { z } from 'zod';
import type { JsonFieldMapping, LoadProblem } from './load-types.js';

const RecordSchema = z.record(z.string(), z.unknown());
const IdSchema = z.union([z.string().min(1), z.number()]).transform((v) => String(v));
const TextSchema = z.string().refine((s) => s.trim().length > 0, 'is empty');

function getPath(record: Record<string, unknown>, path: string): unknown {
  let cur: unknown = record;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function toMetadata(value: unknown): Metadata {
  const parsed = MetadataSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

export function recordToDoc(
  raw: unknown,
  mapping: JsonFieldMapping,
  fallbackId: string,
): { doc: DocInput } | { error: string } {
  const rec = RecordSchema.safeParse(raw);
  if (!rec.success) return { error: 'record is not a JSON object' };
  const r = rec.data;
  const textField = mapping.text ?? 'text';
  const text = TextSchema.safeParse(getPath(r, textField));
  if (!text.success) return { error: `field "${textField}" must be a non-empty string` };
  const idRaw = getPath(r, mapping.id ?? 'id');
  const id = idRaw === undefined ? { success: true as const, data: fallbackId } : IdSchema.safeParse(idRaw);
  if (!id.success) return { error: `field "${mapping.id ?? 'id'}" must be a string or number` };
  const titleRaw = getPath(r, mapping.title ?? 'title');
  const title = typeof titleRaw === 'string' && titleRaw.trim() ? titleRaw : undefined;
  let metadata: Metadata = {};
  if (Array.isArray(mapping.metadata)) {
    for (const f of mapping.metadata) {
      const v = MetadataSchema.safeParse({ [f]: getPath(r, f) });
      if (v.success) Object.assign(metadata, v.data);
    }
  } else {
    metadata = toMetadata(getPath(r, mapping.metadata ?? 'metadata'));
  }
  return { doc: { id: id.data, ...(title ? { title } : {}), text: text.data, metadata } };
}

export function loadJsonl(text: string, source: string, mapping: JsonFieldMapping, idPrefix: string) {
  const docs: DocInput[] = [];
  const problems: LoadProblem[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      problems.push({ path: source, line: i + 1, reason: 'malformed', message: `invalid JSON: ${(e as Error).message}` });
      continue;
    }
    const res = recordToDoc(value, mapping, `${idPrefix}#${i + 1}`);
    if ('error' in res) problems.push({ path: source, line: i + 1, reason: 'malformed', message: res.error });
    else docs.push(withSource(res.doc, source));
  }
  return { docs, problems };
}

export function loadJson(text: string, source: string, mapping: JsonFieldMapping, idPrefix: string) {
  const docs: DocInput[] = [];
  const problems: LoadProblem[] = [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    problems.push({ path: source, reason: 'malformed', message: `invalid JSON: ${(e as Error).message}` });
    return { docs, problems };
  }
  const records = Array.isArray(value) ? value : [value];
  records.forEach((rec, i) => {
    const res = recordToDoc(rec, mapping, records.length === 1 ? idPrefix : `${idPrefix}#${i}`);
    if ('error' in res) problems.push({ path: source, reason: 'malformed', message: `record ${i}: ${res.error}` });
    else docs.push(withSource(res.doc, source));
  });
  return { docs, problems };
}

function withSource(doc: DocInput, source: string): DocInput {
  return { ...doc, metadata: { source, ...(doc.metadata ?? {}) } };
}
