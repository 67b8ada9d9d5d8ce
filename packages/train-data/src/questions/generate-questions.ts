// Question–answer–evidence generation for a user's own corpus with a teacher model: single-hop
// questions from one chunk, and two-hop questions joining two chunks of different documents
// through an entity the graph says both mention. A question is kept only when its quoted
// evidence is in the source text, its answer is in that evidence and not in the question, and
// @rag/verify's Triple-Check passes on (question, answer, source chunks). Output rows follow
// the shared dataset shape so `rag-eval` can score any method on them.
import { RagError, UNTRUSTED_DATA_NOTICE, generateObject, quoteUntrusted, type Chunk, type ChatModel, type RunContext } from '@rag/core';
import { mulberry32 } from '@rag/graph-store';
import type { RagIndex } from '@rag/indexer';
import { createTripleCheck, type TripleCheck } from '@rag/verify';
import { z } from 'zod';
import type { CorpusLine, QuestionLine } from '../dataset/dataset-files.js';
import { citeQuote, containsNormalized, evidenceOf, shuffled } from './source-text.js';

export const SingleHopReplySchema = z.object({
  question: z.string().trim().min(5),
  answer: z.string().trim().min(1).max(200),
  evidence: z.string().trim().min(1).describe('The sentence of the passage that contains the answer, quoted exactly'),
});

export const TwoHopReplySchema = z.object({
  question: z.string().trim().min(5),
  answer: z.string().trim().min(1).max(200),
  evidence_a: z.string().trim().min(1).describe('The sentence of passage A the question relies on, quoted exactly'),
  evidence_b: z.string().trim().min(1).describe('The sentence of passage B the question relies on, quoted exactly'),
});

export interface QuestionRejection {
  kind: 'single-hop' | 'two-hop';
  chunkIds: string[];
  reason: 'invalid-output' | 'evidence-not-found' | 'answer-not-in-evidence' | 'answer-in-question' | 'answer-is-bridge' | 'verification-failed' | 'teacher-error';
  detail: string;
}

export interface GenerateQuestionsOptions {
  index: RagIndex;
  teacher: ChatModel;
  /** Verifier (default: @rag/verify's embedded lexical Triple-Check). */
  tripleCheck?: TripleCheck;
  /** Single-hop questions wanted (default 20). */
  singleHop?: number;
  /** Two-hop questions wanted (default 20). */
  twoHop?: number;
  /** Candidates tried per wanted question before giving up (default 3). */
  attemptsPerQuestion?: number;
  /** Bridge entities mentioned by more documents than this are skipped as too generic (default 8). */
  maxBridgeDocs?: number;
  seed?: number;
  context?: RunContext;
  /** Prefix of generated question ids (default "gen"). */
  idPrefix?: string;
}

export interface GeneratedQuestions {
  questions: QuestionLine[];
  rejected: QuestionRejection[];
  stopped?: string;
}

const SINGLE_SYSTEM = [
  'You write one factual question that the passage answers on its own.',
  'The answer is a short span copied from the passage (a name, date, number or short phrase). The question must not contain the answer.',
  'Reply with JSON only: {"question":"…","answer":"…","evidence":"<the passage sentence containing the answer, quoted exactly>"}.',
  UNTRUSTED_DATA_NOTICE,
].join('\n');

const TWO_HOP_SYSTEM = [
  'You write one two-hop question that needs BOTH passages: passage A and passage B both mention a bridge entity.',
  'The question refers to the bridge entity only through a fact from one passage, and asks for a fact the other passage states about it. Do not name the bridge entity in the question.',
  'The answer is a short span copied from one passage. The question must not contain the answer.',
  'Reply with JSON only: {"question":"…","answer":"…","evidence_a":"<sentence of passage A, quoted exactly>","evidence_b":"<sentence of passage B, quoted exactly>"}.',
  UNTRUSTED_DATA_NOTICE,
].join('\n');

/** Every document of the index as corpus.jsonl rows (the distractors stay in). */
export function corpusOf(index: RagIndex): CorpusLine[] {
  return index.docs().map((d) => ({ id: d.id, ...(d.title !== undefined ? { title: d.title } : {}), text: d.text }));
}

export async function generateQuestions(options: GenerateQuestionsOptions): Promise<GeneratedQuestions> {
  if (!options.teacher || typeof options.teacher.chat !== 'function') throw new RagError('RAG_CONFIG', 'teacher: a ChatModel is required to generate questions', { details: { input: 'teacher' } });
  const { index } = options;
  const check = options.tripleCheck ?? createTripleCheck();
  const wantSingle = options.singleHop ?? 20;
  const wantTwo = options.twoHop ?? 20;
  const attempts = options.attemptsPerQuestion ?? 3;
  const maxBridgeDocs = options.maxBridgeDocs ?? 8;
  const prefix = options.idPrefix ?? 'gen';
  const random = mulberry32(options.seed ?? 1);
  const questions: QuestionLine[] = [];
  const rejected: QuestionRejection[] = [];
  const asked = new Set<string>();
  const ctx = options.context ? { context: options.context } : {};
  const titled = (c: Chunk) => index.getDoc(c.docId)?.title;

  const ask = async <S extends z.ZodType>(schema: S, system: string, user: string, kind: QuestionRejection['kind'], chunkIds: string[]) => {
    try {
      return (await generateObject({ model: options.teacher, schema, messages: [{ role: 'system', content: system }, { role: 'user', content: user }], retries: 1, name: `question-${kind}`, ...ctx })).object;
    } catch (error) {
      if (RagError.isInstance(error, 'RAG_BUDGET_EXCEEDED') || RagError.isInstance(error, 'RAG_ABORTED')) throw error;
      rejected.push({ kind, chunkIds, reason: RagError.isInstance(error, 'RAG_MODEL_OUTPUT_INVALID') ? 'invalid-output' : 'teacher-error', detail: error instanceof Error ? error.message.slice(0, 500) : String(error) });
      return undefined;
    }
  };

  const keep = async (kind: QuestionRejection['kind'], chunks: Chunk[], q: { question: string; answer: string }, quotes: string[], extra: Record<string, unknown>) => {
    const chunkIds = chunks.map((c) => c.id);
    const reject = (reason: QuestionRejection['reason'], detail: string) => (rejected.push({ kind, chunkIds, reason, detail }), false);
    for (const [i, quote] of quotes.entries()) if (!containsNormalized(chunks[i]!.text, quote)) return reject('evidence-not-found', `quoted evidence ${i + 1} is not in its passage`);
    if (!quotes.some((quote) => containsNormalized(quote, q.answer))) return reject('answer-not-in-evidence', `answer "${q.answer}" is not in the quoted evidence`);
    if (containsNormalized(q.question, q.answer)) return reject('answer-in-question', `the question contains the answer "${q.answer}"`);
    const citations = quotes.map((quote, i) => citeQuote(chunks[i]!, quote));
    const verdict = await check.check(q.question, { text: q.answer, citations }, evidenceOf(q.question, chunks), options.context);
    if (!verdict.pass) return reject('verification-failed', `Triple-Check failed at ${verdict.failure}: ${verdict.verdicts.find((v) => v.outcome !== 'pass')?.reason ?? ''}`);
    const key = q.question.trim().toLowerCase();
    if (asked.has(key)) return reject('invalid-output', 'the same question was already generated');
    asked.add(key);
    questions.push({
      id: `${prefix}-${kind}-${questions.filter((x) => x.type === kind).length + 1}`,
      question: q.question,
      answers: [q.answer],
      supporting_ids: [...new Set(chunks.map((c) => c.docId))],
      type: kind,
      meta: { generator: `teacher:${options.teacher.id}`, verified: 'triple-check', chunkIds, evidence: citations, ...extra },
    });
    return true;
  };

  try {
    // Single-hop: one chunk each, in a seeded order.
    let made = 0;
    for (const chunk of shuffled(index.chunks(), random).slice(0, wantSingle * attempts)) {
      if (made >= wantSingle) break;
      const title = titled(chunk);
      const q = await ask(SingleHopReplySchema, SINGLE_SYSTEM, `Passage:\n${quoteUntrusted(chunk.text, { id: chunk.id, ...(title ? { source: title } : {}) })}`, 'single-hop', [chunk.id]);
      if (q && (await keep('single-hop', [chunk], q, [q.evidence], {}))) made++;
    }
    // Two-hop: bridge entities mentioned by chunks of 2..maxBridgeDocs different documents.
    made = 0;
    let tried = 0;
    for (const node of shuffled([...index.graph.nodes()], random)) {
      if (made >= wantTwo || tried >= wantTwo * attempts) break;
      const byDoc = new Map<string, Chunk>();
      for (const id of index.graph.chunksOfNode(node.id)) {
        const c = index.getChunk(id);
        if (c && !byDoc.has(c.docId)) byDoc.set(c.docId, c);
      }
      if (byDoc.size < 2 || byDoc.size > maxBridgeDocs) continue;
      const [a, b] = shuffled([...byDoc.values()], random) as [Chunk, Chunk];
      if (!containsNormalized(a.text, node.name) || !containsNormalized(b.text, node.name)) continue;
      tried++;
      const ta = titled(a);
      const tb = titled(b);
      const user = [
        `Bridge entity: ${JSON.stringify(node.name)}`,
        `Passage A:\n${quoteUntrusted(a.text, { id: a.id, ...(ta ? { source: ta } : {}) })}`,
        `Passage B:\n${quoteUntrusted(b.text, { id: b.id, ...(tb ? { source: tb } : {}) })}`,
      ].join('\n');
      const q = await ask(TwoHopReplySchema, TWO_HOP_SYSTEM, user, 'two-hop', [a.id, b.id]);
      if (!q) continue;
      if (containsNormalized(node.name, q.answer) && containsNormalized(q.answer, node.name)) {
        rejected.push({ kind: 'two-hop', chunkIds: [a.id, b.id], reason: 'answer-is-bridge', detail: `the answer is the bridge entity "${node.name}"` });
        continue;
      }
      if (await keep('two-hop', [a, b], q, [q.evidence_a, q.evidence_b], { bridge: node.name })) made++;
    }
  } catch (error) {
    if (RagError.isInstance(error, 'RAG_BUDGET_EXCEEDED') || RagError.isInstance(error, 'RAG_ABORTED')) return { questions, rejected, stopped: `${error.code}: ${error.message}` };
    throw error;
  }
  return { questions, rejected };
}
