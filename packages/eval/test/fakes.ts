// Test doubles: a word-overlap "retriever", a scripted staged agent and a graph-reading
// method over a fake index, so runner, CLI and reports are tested without @rag/indexer.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocInput } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import type { IndexBackend } from '../src/index-cache.js';
import { createMethodRegistry } from '../src/methods/registry.js';
import type { EvalMethod } from '../src/types.js';

export interface FakeIndex {
  docs: DocInput[];
  /** Doc ids that still have a "graph node". */
  graphNodes: string[];
}

export const asFake = (index: RagIndex): FakeIndex => index as unknown as FakeIndex;

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9]+/g) ?? []);

function overlapRanking(fake: FakeIndex, question: string, allowed?: Set<string>) {
  const q = words(question);
  return fake.docs
    .filter((d) => !allowed || allowed.has(d.id))
    .map((d) => ({ d, s: [...words(`${d.title ?? ''} ${d.text}`)].filter((w) => q.has(w)).length }))
    .sort((a, b) => b.s - a.s || (a.d.id < b.d.id ? -1 : 1))
    .map(({ d, s }, i) => ({ chunkId: `${d.id}#${i % 2}`, docId: d.id, score: s }));
}

export const overlapMethod: EvalMethod = {
  name: 'overlap',
  kind: 'retriever',
  description: 'word overlap (test double)',
  usesGraph: false,
  create: (stack) => ({
    run: async (question, { k }) => ({ ranked: overlapRanking(asFake(stack.index), question).slice(0, k), llmCalls: 0, tokensIn: 0, tokensOut: 0 }),
  }),
};

/** Answers with the first word of the best passage title; stage by question length. */
export const stagedAgentMethod: EvalMethod = {
  name: 'staged-agent',
  kind: 'agent',
  description: 'scripted staged agent (test double)',
  usesGraph: false,
  options: { answerPrefix: 'string prepended to every answer' },
  create: (stack, options) => ({
    run: async (question, { k }) => {
      const ranked = overlapRanking(asFake(stack.index), question).slice(0, k);
      const best = asFake(stack.index).docs.find((d) => d.id === ranked[0]?.docId);
      const stage = question.length < 40 ? 'local' : question.length < 60 ? 'bridge' : 'ppr';
      return {
        ranked,
        answer: `${options.answerPrefix ?? ''}${best?.title ?? ''}`,
        status: 'answered',
        stage,
        retries: stage === 'ppr' ? 1 : 0,
        llmCalls: 2,
        tokensIn: 100,
        tokensOut: 10,
      };
    },
  }),
};

/** Only ranks documents that still have a graph node, then the rest. */
export const graphMethod: EvalMethod = {
  name: 'graphy',
  kind: 'retriever',
  description: 'graph-gated overlap (test double)',
  usesGraph: true,
  create: (stack) => ({
    run: async (question, { k }) => {
      const fake = asFake(stack.index);
      const alive = new Set(fake.graphNodes);
      const first = overlapRanking(fake, question, alive);
      const rest = fake.docs.filter((d) => !alive.has(d.id)).map((d) => ({ chunkId: `${d.id}#0`, docId: d.id, score: -1 }));
      return { ranked: [...first, ...rest].slice(0, k), llmCalls: 0, tokensIn: 0, tokensOut: 0 };
    },
  }),
};

export const fakeRegistry = () => createMethodRegistry([overlapMethod, stagedAgentMethod, graphMethod]);

export function fakeBackend(counter = { builds: 0, opens: 0 }): IndexBackend & { counter: typeof counter } {
  return {
    counter,
    configKey: 'fake-backend-v1',
    async build(docs, onProgress) {
      counter.builds += 1;
      onProgress?.(docs.length, docs.length);
      return { docs, graphNodes: docs.map((d) => d.id) } as unknown as RagIndex;
    },
    async save(index, dir) {
      await writeFile(join(dir, 'fake.json'), JSON.stringify(index));
    },
    async open(dir) {
      counter.opens += 1;
      return JSON.parse(await readFile(join(dir, 'fake.json'), 'utf8')) as RagIndex;
    },
  };
}

/** A copy without the first `percent`% of graph nodes in a seeded order. */
export function fakeWithKgDeletion(index: RagIndex, percent: number, seed: number): RagIndex {
  const fake = asFake(index);
  const n = Math.round((fake.graphNodes.length * percent) / 100);
  const order = [...fake.graphNodes].sort((a, b) => ((hash(a + seed) - hash(b + seed)) || (a < b ? -1 : 1)));
  const drop = new Set(order.slice(0, n));
  return { ...fake, graphNodes: fake.graphNodes.filter((id) => !drop.has(id)) } as unknown as RagIndex;
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const FIXTURE_CORPUS = [
  { id: 'p1', title: 'Gallu', text: 'Gallu is a demon of the Mesopotamian underworld.' },
  { id: 'p2', title: 'Lilu', text: 'Lilu is a spirit, a masculine demon.' },
  { id: 'p3', title: 'Nolan', text: 'Christopher Nolan is a film director.' },
  { id: 'p4', title: 'Kalathil', text: 'Sathish Kalathil is an Indian film director.' },
  { id: 'p5', title: 'Dice', text: 'Demon Dice is a collectible dice game.' },
];

export const FIXTURE_QUESTIONS = [
  { id: 'q1', question: 'If Gallu is a demon Lilu is what?', answers: ['a spirit'], supporting_ids: ['p1', 'p2'], type: 'bridge' },
  { id: 'q2', question: 'Are Christopher Nolan and Sathish Kalathil both film directors?', answers: ['yes'], supporting_ids: ['p3', 'p4'], type: 'comparison' },
  { id: 'q3', question: 'Which game is Demon Dice?', answers: ['Dice'], supporting_ids: ['p5'], type: 'bridge' },
];

export async function writeFixtureDataset(dir: string): Promise<void> {
  await writeFile(join(dir, 'corpus.jsonl'), FIXTURE_CORPUS.map((x) => JSON.stringify(x)).join('\n') + '\n');
  await writeFile(join(dir, 'questions.jsonl'), FIXTURE_QUESTIONS.map((x) => JSON.stringify(x)).join('\n') + '\n');
}
