// Uploaded files → documents through the indexer's own loaders (@rag/indexer `loadFiles`), the
// ones `rag index` uses: each file is staged under its own name in a private temporary
// directory and loaded from there, so an upload of `agents.md` gets the id `agents.md`, exactly
// as `rag index agents.md` does, and PDF, HTML, Markdown, text, JSON and JSONL are read the same
// way. All or nothing: when any file is unusable the whole upload is refused, naming each bad
// file and what is wrong with it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { RagError, type DocInput } from '@rag/core';
import { assertValidDocs, loadFiles, type LoadProblem } from '@rag/indexer';

export interface UploadedFile {
  /** The file's base name as sent (validated by the caller; checked again here before any write). */
  name: string;
  bytes: Uint8Array;
}

export interface UploadProblem {
  file: string;
  reason: LoadProblem['reason'] | 'duplicate' | 'name';
  message: string;
  /** 1-based line of a .jsonl record. */
  line?: number;
}

export interface LoadedUpload {
  files: string[];
  docs: DocInput[];
}

const describe = (p: UploadProblem) => `${p.file}${p.line !== undefined ? ` line ${p.line}` : ''}: ${p.message}`;

/** A name that is one path segment and nothing else (defence in depth: the route validated it). */
const isPlainName = (name: string) => name.length > 0 && basename(name) === name && name !== '.' && name !== '..' && !/[/\\\0]/.test(name);

/** Load uploaded files into documents, or throw one RAG_INVALID_INPUT naming every bad file. */
export async function loadUploadedFiles(files: readonly UploadedFile[]): Promise<LoadedUpload> {
  if (files.length === 0) throw new RagError('RAG_INVALID_INPUT', 'upload: no files', { details: { input: 'file' } });
  const problems: UploadProblem[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    if (!isPlainName(f.name)) problems.push({ file: f.name, reason: 'name', message: 'not a plain file name' });
    else if (seen.has(f.name)) problems.push({ file: f.name, reason: 'duplicate', message: 'sent twice in one upload' });
    seen.add(f.name);
  }
  if (problems.length > 0) throw refusal(problems);

  const dir = await mkdtemp(join(tmpdir(), 'rag-upload-'));
  try {
    const byPath = new Map<string, string>();
    for (const f of files) {
      const path = join(dir, f.name);
      byPath.set(path, f.name);
      await writeFile(path, f.bytes, { mode: 0o600 });
    }
    // idBase = the staging directory: a document's id is its file name, as for `rag index <file>`.
    const loaded = await loadFiles([...byPath.keys()], {}, { idBase: dir });
    for (const p of loaded.problems)
      problems.push({ file: byPath.get(p.path) ?? basename(p.path), reason: p.reason, message: p.message, ...(p.line !== undefined ? { line: p.line } : {}) });
    if (problems.length > 0) throw refusal(problems);
    // The loaders record where a document came from; the staging path means nothing later.
    const docs = loaded.docs.map((d) => {
      const source = d.metadata?.source;
      const name = typeof source === 'string' ? byPath.get(source) : undefined;
      return name === undefined ? d : { ...d, metadata: { ...d.metadata, source: name } };
    });
    // the document rules (ids, titles, text, metadata) before the 202: a job never starts on a refused upload
    try {
      assertValidDocs(docs, (i) => `file ${JSON.stringify(docs[i]!.id)}`);
    } catch (error) {
      if (RagError.isInstance(error)) throw new RagError(error.code, `upload refused, nothing was indexed: ${error.message}`, { details: error.details });
      throw error;
    }
    return { files: files.map((f) => f.name), docs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function refusal(problems: UploadProblem[]): RagError {
  const shown = problems.slice(0, 5).map(describe).join('; ');
  const more = problems.length > 5 ? `; and ${problems.length - 5} more` : '';
  return new RagError('RAG_INVALID_INPUT', `upload refused, nothing was indexed: ${shown}${more}`, { details: { input: 'file', problems } });
}
