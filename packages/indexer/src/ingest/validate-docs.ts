// The one check every document passes before anything is stored, shared by every entry point
// (HTTP, MCP, `rag index`, ingest jobs, the library's ingest): a pure step that reads the
// input and returns the documents as they will be stored (ids and titles in NFC), or the
// problems, each naming its input (`docs[1].text: …`). Nothing here touches the store.
//
// Rules: a document is an object with exactly `id`, `text`, and optionally `title` and
// `metadata` (unknown fields refused); the id follows @rag/core's id rules (checkId), the title
// its title rules (checkTitle), the text the text rules (assertValidText: valid UTF-8, no
// unpaired surrogates, not blank, at most 20 MB), metadata strings the text rules, and the
// metadata at most 64 KB of JSON.
import {
  assertValidText,
  checkId,
  checkTitle,
  contentHash,
  MetadataSchema,
  RagError,
  textProblem,
  type Doc,
  type DocInput,
  type Metadata,
  type RagErrorCode,
} from '@rag/core';
import { z } from 'zod';
import type { IngestReport } from '../types.js';

/** Largest metadata object of one document, as JSON bytes. */
export const MAX_METADATA_BYTES = 64 * 1024;

/** A document as a request hands it in: exactly these fields. */
export const StrictDocInputSchema = z.strictObject({
  id: z.string(),
  title: z.string().optional(),
  text: z.string(),
  metadata: MetadataSchema.optional(),
});

export interface DocProblem {
  /** Position in the input. */
  index: number;
  /** The document's id as given (or `#index` when it has none). */
  id: string;
  /** The input refused, e.g. `docs[1].text`. */
  input: string;
  code: RagErrorCode;
  /** `docs[1].text: contains U+FFFD …` */
  message: string;
}

const problem = (index: number, id: string, input: string, what: string, code: RagErrorCode = 'RAG_INVALID_INPUT'): DocProblem => ({
  index,
  id,
  input,
  code: /U\+FFFD|surrogates/.test(what) ? 'RAG_INVALID_TEXT' : code,
  message: `${input}: ${what}`,
});

function metadataProblem(metadata: Metadata): string | undefined {
  const json = JSON.stringify(metadata);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > MAX_METADATA_BYTES) return `is ${bytes} bytes of JSON, over the ${MAX_METADATA_BYTES}-byte limit`;
  for (const [key, value] of Object.entries(metadata)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return `key ${JSON.stringify(key)} ${keyProblem}`;
    for (const v of Array.isArray(value) ? value : [value]) {
      const p = typeof v === 'string' ? textProblem(v) : undefined;
      if (p) return `${key}: ${p}`;
    }
  }
  return undefined;
}

/** One document checked: the stored form, or every problem found (each naming `${name}.field`). */
export function checkDocInput(raw: unknown, index: number, name = `docs[${index}]`): { doc: Doc } | { problems: DocProblem[] } {
  const givenId = typeof (raw as { id?: unknown } | null)?.id === 'string' ? (raw as { id: string }).id : `#${index}`;
  const parsed = StrictDocInputSchema.safeParse(raw);
  if (!parsed.success)
    return { problems: parsed.error.issues.map((x) => problem(index, givenId, [name, ...x.path].join('.'), x.message)) };
  const d = parsed.data;
  const problems: DocProblem[] = [];
  const id = checkId(d.id);
  if ('problem' in id) problems.push(problem(index, givenId, `${name}.id`, id.problem));
  const title = d.title === undefined ? { value: undefined } : checkTitle(d.title);
  if ('problem' in title) problems.push(problem(index, givenId, `${name}.title`, title.problem));
  try {
    assertValidText(`${name}.text`, d.text);
  } catch (error) {
    if (!RagError.isInstance(error)) throw error;
    problems.push({ index, id: givenId, input: `${name}.text`, code: error.code, message: error.message });
  }
  const meta = d.metadata === undefined ? undefined : metadataProblem(d.metadata);
  if (meta) problems.push(problem(index, givenId, `${name}.metadata`, meta));
  if (problems.length > 0 || 'problem' in id || 'problem' in title) return { problems };
  const doc: Doc = { id: id.value, ...(title.value !== undefined ? { title: title.value } : {}), text: d.text, metadata: d.metadata ?? {}, contentHash: contentHash(title.value, d.text) };
  return { doc };
}

/**
 * The whole request checked at once, before any write: the documents as they will be stored,
 * or a RagError listing every problem (the first one's code: RAG_INVALID_TEXT for text that is
 * not valid UTF-8, RAG_TOO_LARGE for an oversized text, else RAG_INVALID_INPUT). A duplicate
 * id (after NFC) in one request is refused too: the request must say which document it means.
 */
export function assertValidDocs(input: unknown, nameOf: (index: number) => string = (i) => `docs[${i}]`): Doc[] {
  if (!Array.isArray(input)) throw new RagError('RAG_INVALID_INPUT', 'docs: must be an array of documents', { details: { input: 'docs' } });
  const docs: Doc[] = [];
  const problems: DocProblem[] = [];
  const seen = new Map<string, number>();
  input.forEach((raw, i) => {
    const r = checkDocInput(raw, i, nameOf(i));
    if ('problems' in r) return void problems.push(...r.problems);
    const first = seen.get(r.doc.id);
    if (first !== undefined) problems.push(problem(i, r.doc.id, `${nameOf(i)}.id`, `duplicates ${nameOf(first)}.id ${JSON.stringify(r.doc.id)}`));
    else seen.set(r.doc.id, i);
    docs.push(r.doc);
  });
  if (problems.length === 0) return docs;
  const shown = problems.slice(0, 10).map((p) => p.message);
  const more = problems.length > shown.length ? `; and ${problems.length - shown.length} more` : '';
  throw new RagError(problems[0]!.code, `${shown.join('; ')}${more}; nothing was stored`, {
    details: { input: problems[0]!.input, problems: problems.slice(0, 100).map(({ input, id, message }) => ({ input, id, message })) },
  });
}

/**
 * The library's lenient form (Indexer.ingest): bad documents are reported in `failed` and
 * skipped, never stored; a duplicate id in one call keeps the later document. Same rules as
 * {@link assertValidDocs}.
 */
export function validateDocs(input: DocInput[], failed: IngestReport['failed']): Doc[] {
  const todo: Doc[] = [];
  const seen = new Map<string, number>();
  input.forEach((raw, i) => {
    const r = checkDocInput(raw, i);
    if ('problems' in r) {
      failed.push({ id: r.problems[0]!.id, reason: `invalid document: ${r.problems.map((p) => p.message).join('; ')}` });
      return;
    }
    const doc = r.doc;
    const prev = seen.get(doc.id);
    if (prev !== undefined) {
      failed.push({ id: doc.id, reason: 'duplicate id in this batch; the later one is used' });
      todo[prev] = doc;
      return;
    }
    seen.set(doc.id, todo.length);
    todo.push(doc);
  });
  return todo;
}
