// Plugins chosen by configuration: a rag.config.json in a project OUTSIDE the workspace names a
// plugin package by name (installed in that project's node_modules); the CLI's backend indexes and
// answers with it, and reopening the store rebuilds the plugin's empty keyword index from the
// stored chunks (the persistence contract). Bad configs fail naming the file and the key.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RagError } from '@rag/core';
import { findRagConfig, loadRagConfig, loadStackConfig, takeConfigFlag, type EvalStack } from '@rag/eval';
import { runRagCli, type CliIo } from '../src/commands/rag-cli.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';

let project: string;

const write = (name: string, value: unknown) => writeFileSync(join(project, name), typeof value === 'string' ? value : JSON.stringify(value));

async function cli(stack: EvalStack, ...argv: string[]) {
  let out = '';
  let err = '';
  const sink = (f: (s: string) => void) => new Writable({ write: (c, _e, cb) => (f(String(c)), cb()) });
  const io: CliIo = { stdout: sink((s) => (out += s)), stderr: sink((s) => (err += s)), env: {}, cwd: project };
  const code = await runRagCli(argv, io, { backend: createIndexerBackend({ env: {}, stack }) });
  return { code, out, err };
}

async function configError(config: unknown, file = 'bad.config.json'): Promise<RagError> {
  write(file, config);
  try {
    await loadStackConfig({ cwd: project, env: {}, config: file });
  } catch (e) {
    expect(RagError.isInstance(e, 'RAG_CONFIG')).toBe(true);
    return e as RagError;
  }
  throw new Error('expected a RAG_CONFIG error');
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'rag-config-'));
  // the plugin is installed in the user's project, as `npm i rag-plugin-fixture` would
  cpSync(join(import.meta.dirname, 'fixtures/plugin-pkg'), join(project, 'node_modules/rag-plugin-fixture'), { recursive: true });
  mkdirSync(join(project, 'docs'));
  writeFileSync(join(project, 'docs/curie.md'), '# Marie Curie\n\nMarie Curie was born in Warsaw and won two Nobel Prizes.\n');
  writeFileSync(join(project, 'docs/eiffel.md'), '# Gustave Eiffel\n\nGustave Eiffel was a French engineer born in Dijon.\n');
  write('rag.config.json', {
    keywordIndex: { module: 'rag-plugin-fixture', export: 'createTermCountIndex', options: { label: 'cfg' } },
    embedder: { module: 'rag-plugin-fixture', options: { dimensions: 32 } },
  });
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('rag.config.json plugins, loaded by package name', () => {
  it('finds rag.config.json in the working directory and instantiates the named exports with their options', async () => {
    expect(findRagConfig(project)).toBe(join(project, 'rag.config.json'));
    const stack = await loadStackConfig({ cwd: project, env: {} });
    expect(stack.keyword?.id).toBe('term-count:cfg');
    expect(stack.embedder?.id).toBe('trigram-hash:32');
    expect(stack.describe).toContain('keywordIndex rag-plugin-fixture#createTermCountIndex');
    expect(stack.configKey).toContain('term-count:cfg');
  });

  it('rag index / ask use the plugins, and reopening rebuilds the plugin keyword index from the stored chunks', async () => {
    const stack = await loadStackConfig({ cwd: project, env: {} });
    const idx = await cli(stack, 'index', 'docs', '--store', 'store');
    expect(idx.code, idx.err).toBe(0);
    expect(idx.out).toContain('Preflight');
    expect(await stack.keyword!.size()).toBeGreaterThan(0);

    // a new process: fresh plugin instances, empty until the store is opened
    const again = await loadStackConfig({ cwd: project, env: {} });
    expect(again.keyword).not.toBe(stack.keyword);
    expect(await again.keyword!.size()).toBe(0);
    const ask = await cli(again, 'ask', 'Where was Marie Curie born?', '--store', 'store', '--method', 'bm25', '--json');
    expect(ask.code).toBe(0);
    expect(await again.keyword!.size()).toBe(await stack.keyword!.size());
    const result = JSON.parse(ask.out) as { citations: { docId: string }[] };
    expect(result.citations[0]?.docId).toBe('curie.md');
  });

  it('a .mjs config (default export function) and an explicit --config path work the same', async () => {
    mkdirSync(join(project, 'conf'), { recursive: true });
    writeFileSync(join(project, 'conf/rag.config.mjs'), "export default () => ({ keywordIndex: { module: 'rag-plugin-fixture', export: 'createTermCountIndex', options: { label: 'mjs' } } });\n");
    const stack = await loadStackConfig({ cwd: project, env: {}, config: 'conf/rag.config.mjs' });
    expect(stack.keyword?.id).toBe('term-count:mjs');
    expect(stack.embedder).toBeUndefined();
  });

  it('no config file: the env stack unchanged', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'rag-noconfig-'));
    try {
      const stack = await loadStackConfig({ cwd: empty, env: {} });
      expect(stack.keyword).toBeUndefined();
      expect(stack.describe).not.toContain('plugins');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('bad configuration: clear errors naming the file and the key', () => {
  it('an unknown key', async () => {
    const e = await configError({ embeder: { module: 'x' } });
    expect(e.message).toContain(join(project, 'bad.config.json'));
    expect(e.message).toContain('embeder');
  });
  it('a plugin reference without a module, or with an unknown field', async () => {
    expect((await configError({ chatModel: { options: {} } })).message).toMatch(/chatModel\.module/);
    expect((await configError({ vectorStore: { module: 'x', opts: {} } })).message).toMatch(/vectorStore.*opts/);
  });
  it('a module that is not installed', async () => {
    const e = await configError({ keywordIndex: { module: 'no-such-rag-plugin' } });
    expect(e.message).toMatch(/bad\.config\.json: keywordIndex\.module "no-such-rag-plugin": cannot be resolved/);
  });
  it('an export that is not a factory, and a factory that returns the wrong thing', async () => {
    expect((await configError({ extractor: { module: 'rag-plugin-fixture', export: 'notAFactory' } })).message).toMatch(/extractor\.module .*export "notAFactory" is a number, not a factory function/);
    expect((await configError({ keywordIndex: { module: 'rag-plugin-fixture', export: 'createBrokenIndex' } })).message).toMatch(/did not return a keywordIndex \(remove\(\), search\(\), size\(\) missing\)/);
  });
  it('invalid JSON, a missing --config file, a wrong extension', async () => {
    expect((await configError('{ "embedder": ')).message).toMatch(/bad\.config\.json: not valid JSON/);
    await expect(loadStackConfig({ cwd: project, env: {}, config: 'nope.json' })).rejects.toThrow(/--config nope\.json: file does not exist/);
    write('rag.config.yaml', 'embedder: x');
    await expect(loadRagConfig(join(project, 'rag.config.yaml'))).rejects.toThrow(/\.json or \.mjs/);
  });
});

describe('takeConfigFlag', () => {
  it('removes --config FILE / --config=FILE and keeps the rest', () => {
    expect(takeConfigFlag(['--config', 'a.json', 'index', 'docs'])).toEqual({ argv: ['index', 'docs'], config: 'a.json' });
    expect(takeConfigFlag(['eval', '--config=b.mjs', '--k', '2'])).toEqual({ argv: ['eval', '--k', '2'], config: 'b.mjs' });
    expect(takeConfigFlag(['ask', 'q'])).toEqual({ argv: ['ask', 'q'] });
    expect(() => takeConfigFlag(['--config'])).toThrow(/needs a file/);
  });
});
