// Load files and directories into docs. Never throws for one bad file: unreadable, binary,
// empty, oversized and malformed files are reported by name with the reason and skipped.
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, relative, resolve, sep } from 'node:path';
import { invalidInput, type DocInput } from '@rag/core';
import ignore from 'ignore';
import { decodeUtf8, looksBinary } from './detect-binary.js';
import { loadHtml } from './html-loader.js';
import { loadJson, loadJsonl } from './json-loader.js';
import { loadPdf } from './pdf-loader.js';
import { loadMarkdown, loadText } from './text-loader.js';
import { DEFAULT_MAX_BYTES, SUPPORTED_EXTENSIONS, type LoadOptions, type LoadProblem, type LoadResult } from './load-types.js';

const ALWAYS_IGNORED = ['node_modules/', '.git/'];

/** Load one file or a directory (recursively, honouring `ignore` patterns). */
export async function loadPath(path: string, options: LoadOptions = {}): Promise<LoadResult> {
  if (typeof path !== 'string' || path.length === 0) throw invalidInput('path', 'must be a non-empty string');
  const abs = resolve(path);
  let info;
  try {
    info = await stat(abs);
  } catch (e) {
    return { docs: [], problems: [{ path, reason: 'unreadable', message: (e as Error).message }] };
  }
  if (!info.isDirectory()) return loadFiles([abs], options, { idBase: resolve(abs, '..') });
  const ig = ignore().add(ALWAYS_IGNORED).add(options.ignore ?? []);
  const exts = new Set((options.extensions ?? SUPPORTED_EXTENSIONS).map((e) => (e.startsWith('.') ? e : `.${e}`).toLowerCase()));
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = join(dir, entry.name);
      const rel = relative(abs, full).split(sep).join('/');
      if (ig.ignores(entry.isDirectory() ? `${rel}/` : rel)) continue;
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && exts.has(extname(entry.name).toLowerCase())) files.push(full);
    }
  };
  try {
    await walk(abs);
  } catch (e) {
    return { docs: [], problems: [{ path, reason: 'unreadable', message: (e as Error).message }] };
  }
  return loadFiles(files, options, { idBase: abs });
}

/** Load a list of files; ids are paths relative to `idBase` (default: the current directory). */
export async function loadFiles(paths: string[], options: LoadOptions = {}, at: { idBase?: string } = {}): Promise<LoadResult> {
  const docs: DocInput[] = [];
  const problems: LoadProblem[] = [];
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const idBase = at.idBase ?? process.cwd();
  for (const p of paths) {
    const abs = resolve(p);
    const id = relative(idBase, abs).split(sep).join('/') || basename(abs);
    const ext = extname(abs).toLowerCase();
    const problem = (reason: LoadProblem['reason'], message: string) => problems.push({ path: p, reason, message });
    if (!(SUPPORTED_EXTENSIONS as readonly string[]).includes(ext)) {
      problem('unsupported', `unsupported file type "${ext || '(none)'}"`);
      continue;
    }
    let bytes: Uint8Array;
    try {
      const s = await stat(abs);
      if (s.size > maxBytes) {
        problem('oversized', `${s.size} bytes exceeds the limit of ${maxBytes}`);
        continue;
      }
      bytes = await readFile(abs);
    } catch (e) {
      problem('unreadable', (e as Error).message);
      continue;
    }
    if (bytes.byteLength === 0) {
      problem('empty', 'file is empty');
      continue;
    }
    if (ext === '.pdf') {
      try {
        const doc = await loadPdf(id, bytes, p);
        if (!doc.text.trim()) problem('empty', 'PDF has no extractable text');
        else docs.push(doc);
      } catch (e) {
        problem('malformed', `not a readable PDF: ${(e as Error).message}`);
      }
      continue;
    }
    if (looksBinary(bytes)) {
      problem('binary', 'file is binary or not UTF-8 text');
      continue;
    }
    const text = decodeUtf8(bytes);
    if (!text.trim()) {
      problem('empty', 'file has no text');
      continue;
    }
    if (ext === '.jsonl' || ext === '.ndjson' || ext === '.json') {
      const res = ext === '.json' ? loadJson(text, p, options.json ?? {}, id) : loadJsonl(text, p, options.json ?? {}, id);
      docs.push(...res.docs);
      problems.push(...res.problems);
      if (res.docs.length === 0 && res.problems.length === 0) problem('empty', 'no records');
      continue;
    }
    const doc = ext === '.html' || ext === '.htm' ? loadHtml(id, text, p) : ext === '.txt' ? loadText(id, text, p) : loadMarkdown(id, text, p);
    if (!doc.text.trim()) problem('empty', 'no text after conversion');
    else docs.push(doc);
  }
  return { docs, problems };
}
