// Finds and reads the rag configuration: `--config FILE`, else rag.config.json or rag.config.mjs
// in the working directory. JSON is parsed; .mjs/.js is imported and its default export (an object,
// or a function returning one) used. Either way the result is validated with RagConfigSchema and
// every problem is reported with the file and the key.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RagError } from '@rag/core';
import { RagConfigSchema, type LoadedRagConfig } from './config-schema.js';

export const CONFIG_FILE_NAMES = ['rag.config.json', 'rag.config.mjs'] as const;

/** The config file to use: `explicit` (must exist), else the first of CONFIG_FILE_NAMES in `cwd`, else undefined. */
export function findRagConfig(cwd: string, explicit?: string): string | undefined {
  if (explicit !== undefined) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new RagError('RAG_CONFIG', `--config ${explicit}: file does not exist`, { details: { input: '--config', file } });
    return file;
  }
  const found = CONFIG_FILE_NAMES.map((n) => join(cwd, n)).filter((f) => existsSync(f));
  if (found.length > 1) throw new RagError('RAG_CONFIG', `${cwd}: both ${CONFIG_FILE_NAMES.join(' and ')} exist; keep one or pass --config`, { details: { input: 'config', found } });
  return found[0];
}

async function readRaw(file: string): Promise<unknown> {
  const ext = extname(file).toLowerCase();
  if (ext === '.json') {
    const text = await readFile(file, 'utf8');
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new RagError('RAG_CONFIG', `${file}: not valid JSON (${(e as Error).message})`, { details: { input: file }, cause: e });
    }
  }
  if (ext === '.mjs' || ext === '.js') {
    let mod: { default?: unknown };
    try {
      mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    } catch (e) {
      throw new RagError('RAG_CONFIG', `${file}: could not be imported (${(e as Error).message})`, { details: { input: file }, cause: e });
    }
    const value = typeof mod.default === 'function' ? await (mod.default as () => unknown)() : mod.default;
    if (value === undefined) throw new RagError('RAG_CONFIG', `${file}: has no default export (export default { embedder: { module: … } })`, { details: { input: file } });
    return value;
  }
  throw new RagError('RAG_CONFIG', `${file}: a config file is .json or .mjs, not ${ext || 'extension-less'}`, { details: { input: file } });
}

/** Reads and validates one config file. */
export async function loadRagConfig(file: string): Promise<LoadedRagConfig> {
  const raw = await readRaw(file);
  const parsed = RagConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => {
      const key = i.path.length ? i.path.join('.') : '(top level)';
      const keys = i.code === 'unrecognized_keys' ? ` ${i.keys.map((k) => (i.path.length ? `${key}.${k}` : k)).join(', ')}` : '';
      return `${key}: ${i.message}${keys && i.code === 'unrecognized_keys' ? ` (${keys.trim()})` : ''}`;
    });
    throw new RagError('RAG_CONFIG', `${file}: ${issues.join('; ')}`, { details: { input: file, issues } });
  }
  return { file, config: parsed.data };
}

/**
 * Removes `--config FILE` / `--config=FILE` from argv (for CLIs that pre-load the config before
 * parsing their commands). Returns the remaining arguments and the file, if given.
 */
export function takeConfigFlag(argv: readonly string[]): { argv: string[]; config?: string } {
  const rest: string[] = [];
  let config: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === '--config') {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('-')) throw new RagError('RAG_CONFIG', '--config: needs a file (rag.config.json or rag.config.mjs)', { details: { input: '--config' } });
      config = next;
      i++;
    } else if (a.startsWith('--config=')) config = a.slice('--config='.length);
    else rest.push(a);
  }
  return config === undefined ? { argv: rest } : { argv: rest, config };
}
