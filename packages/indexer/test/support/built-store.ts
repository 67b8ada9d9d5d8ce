// A store built once per test file from the first passages of the HotpotQA fixture, in a
// temporary directory removed after the file's tests; each test works on its own copy.
import { cpSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocInput } from '@rag/core';
import { afterAll, beforeAll } from 'vitest';
import { createIndexer } from '../../src/indexer.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'hotpotqa-60.jsonl');

/** The first `n` passages of the fixture. */
export const fixtureCorpus = (n = 30): DocInput[] =>
  readFileSync(FIXTURE, 'utf8').trim().split('\n').slice(0, n).map((l) => JSON.parse(l) as DocInput);

export interface BuiltStore {
  /** The temporary directory holding the built store and every copy. */
  readonly root: string;
  /** The built store's directory (do not change it; copy it). */
  readonly built: string;
  /** A fresh copy of the built store, named `name` under the root. */
  copy(name: string): string;
}

/** Registers beforeAll/afterAll that build the store and remove it. */
export function useBuiltStore(prefix: string, corpus: DocInput[] = fixtureCorpus()): BuiltStore {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), prefix));
    await createIndexer({ dir: join(root, 'built'), gearHeads: 1 }).ingest(corpus);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  return {
    get root() {
      return root;
    },
    get built() {
      return join(root, 'built');
    },
    copy(name) {
      const d = join(root, name);
      cpSync(join(root, 'built'), d, { recursive: true });
      return d;
    },
  };
}
