import type { Evidence } from '@rag/core';
import type { Indexer } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureIndex } from '../../test/fixture.js';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { bridgePassages, ownPassages, titledBy } from './bridge-fetch.js';
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

describe('ownPassages', () => {
  it('reads a title as the name\'s own, with a qualifier after a comma or in brackets', () => {
    expect(titledBy('Walden, Nova Scotia', 'Walden')).toBe(true);
    expect(titledBy('Mercury (planet)', 'Mercury')).toBe(true);
    expect(titledBy('Kassel Airport', 'Kassel')).toBe(false);
    expect(titledBy(undefined, 'Kassel')).toBe(false);
  });
  it('finds the pages titled by the name through a keyword search', async () => {
    const chunks: Record<string, { id: string; docId: string; text: string }> = {
      c1: { id: 'c1', docId: 'd1', text: 'The city is bisected by the Tamsin River.' },
      c2: { id: 'c2', docId: 'd2', text: 'Harlow City Rapids is a river park.' },
    };
    const titles: Record<string, string> = { d1: 'Harlow City', d2: 'Harlow City Rapids' };
    const got = await ownPassages('Harlow City', {
      getChunk: (id) => chunks[id],
      getDoc: (id) => ({ title: titles[id]! }),
      keyword: { search: async () => [{ id: 'c2' }, { id: 'c1' }] },
    });
    expect(got.map((c) => c.chunkId)).toEqual(['c1']);
  });
});
