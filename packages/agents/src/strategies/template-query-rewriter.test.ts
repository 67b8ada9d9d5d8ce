import type { Evidence } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { parseInstructions } from './instructions.js';
import { createTemplateQueryRewriter } from './template-query-rewriter.js';

const evidence: Evidence = {
  query: 'q',
  chunks: [{ chunkId: 'c1', docId: 'd1', score: 1, text: 'Gustave Eiffel was born in Dijon. His company built the Eiffel Tower.' }],
  trace: [],
};

describe('createTemplateQueryRewriter', () => {
  const rw = createTemplateQueryRewriter();
  const q = 'What is the population of the city where Gustave Eiffel was born?';

  it('rel: focuses the query on entities and relation words, without question words', async () => {
    const r = await rw.rewrite({ query: q, failure: 'rel', evidence });
    expect(r.query).toContain('Gustave Eiffel');
    expect(r.query).not.toMatch(/\bwhat\b/i);
    expect(r.instructions).toBeUndefined();
  });

  it('grd: keeps the query and demands strictly grounded answering, excluding the rejected answer', async () => {
    const r = await rw.rewrite({ query: q, failure: 'grd', evidence, answer: 'Paris' });
    expect(r.query).toBe(q);
    expect(parseInstructions(r.instructions)).toEqual({ strict: true, exclude: ['Paris'] });
  });

  it('ans: adds the implied answer-type constraint and next-hop names from the evidence', async () => {
    const r = await rw.rewrite({ query: 'When was the engineer of the Eiffel Tower born?', failure: 'ans', evidence, answer: 'Dijon' });
    expect(r.query).toMatch(/year date/);
    expect(r.query).toContain('Gustave Eiffel');
    expect(r.instructions).toMatch(/must be a date/);
    expect(parseInstructions(r.instructions).exclude).toEqual(['Dijon']);
  });

  it('rejects an unknown failure type', async () => {
    await expect(rw.rewrite({ query: q, failure: 'nope' as 'rel' })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
  });
});
