// Small hand-written evidence used by the unit tests (invented text, not from any dataset).
import type { Evidence } from '@rag/core';

export function evidenceOf(...texts: string[]): Evidence {
  return {
    query: '',
    chunks: texts.map((text, i) => ({ chunkId: `c${i + 1}`, docId: `d${i + 1}`, score: 1 / (i + 1), text })),
    trace: [],
  };
}

export const MARIE = evidenceOf(
  'Marie Lindqvist is a Swedish chemist. She was born in Uppsala on 3 March 1961 and won the Nordic Chemistry Prize in 1998.',
  'The Nordic Chemistry Prize has been awarded since 1950. Lindqvist later directed the Uppsala Institute of Catalysis, which has 240 staff.',
);

export const OFF_TOPIC = evidenceOf(
  'The Danube flows through ten countries and empties into the Black Sea.',
  'Basalt is an igneous rock formed from the rapid cooling of lava.',
);
