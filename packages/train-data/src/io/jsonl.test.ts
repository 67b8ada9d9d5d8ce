import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readDataset, writeDataset } from '../dataset/dataset-files.js';
import { parseJsonl, toJsonl } from './jsonl.js';

describe('JSONL and the dataset shape', () => {
  const S = z.object({ id: z.string() });
  it('round-trips and names the file and line of a bad record', () => {
    expect(parseJsonl(toJsonl([{ id: 'a' }, { id: 'b' }]) + '\n\n', 'f', S)).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(() => parseJsonl('{"id":"a"}\n{"id":', 'x.jsonl', S)).toThrow(/x\.jsonl:2: not valid JSON/);
    expect(() => parseJsonl('{"id":1}', 'x.jsonl', S)).toThrow(/x\.jsonl:1:/);
  });
  it('refuses questions citing passages the corpus does not have, and duplicate passage ids', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ds-'));
    await expect(writeDataset(dir, { corpus: [{ id: 'a', text: 't' }], questions: [{ id: 'q', question: 'q?', answers: ['x'], supporting_ids: ['b'] }] })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await writeDataset(dir, { corpus: [{ id: 'a', text: 't' }, { id: 'a', text: 'u' }], questions: [] });
    await expect(readDataset(dir)).rejects.toThrow(/duplicate passage id "a"/);
    await expect(readDataset(join(dir, 'missing'))).rejects.toMatchObject({ code: 'RAG_NOT_FOUND' });
  });
});
