import type { Evidence } from '@rag/core';
import type { Indexer } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureIndex } from '../../test/fixture.js';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { bridgePassages } from './bridge-fetch.js';
import { sentencesOf } from './test-passages.js';

let index: Indexer;
beforeAll(async () => {
  index = await fixtureIndex();
});

const Q = 'What is the population of the city where Gustave Eiffel was born?';
const only = (docId: string): Evidence => ({ query: 'q', chunks: index.chunksOfDoc(docId).map((c) => ({ chunkId: c.id, docId: c.docId, score: 1, text: c.text })), trace: [] });

describe('bridgePassages', () => {
  it('follows the graph from a bridge named in the evidence to its own passage', () => {
    const eiffel = index.chunksOfDoc('eiffel')[0]!.text;
    const extra = bridgePassages(Q, sentencesOf(Q, eiffel), index);
    expect(extra.map((c) => c.docId)).toEqual(['dijon']);
  });

  it('adds nothing without a graph that maps nodes to chunks', () => {
    const eiffel = index.chunksOfDoc('eiffel')[0]!.text;
    expect(bridgePassages(Q, sentencesOf(Q, eiffel), { getChunk: (id) => index.getChunk(id) })).toEqual([]);
  });
});

describe('second hop read from the index', () => {
  it('answers from the bridge passage the evidence lacked, and cites it', async () => {
    const a = await createExtractiveAnswerGenerator({ index }).generate({ query: Q, evidence: only('eiffel') });
    expect(a.text).toBe('156,920');
    expect(a.citations[0]?.docId).toBe('dijon');
    // Without the index there is no second hop to read.
    const plain = await createExtractiveAnswerGenerator().generate({ query: Q, evidence: only('eiffel') });
    expect(plain.text).not.toBe('156,920');
  });
});
