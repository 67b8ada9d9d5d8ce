// IRCoT baseline (Trivedi et al., 2023; the iterative baseline of A2RAG Tables II–III):
// retrieve with the question, then alternate one reasoning step with one retrieval whose query
// is that step, until the chain states an answer or the step limit is reached.
// Embedded mode has no model, so a reasoning step is a policy, not reasoning: the best new
// evidence sentence for the question, and the next query is the new names it contains (the
// entities a chain of thought would hop through). Each step counts as one strategy call in the
// trace (`strategy-call` events), the embedded analogue of IRCoT's LLM calls.
import { decideText, invalidInput, type AnswerForm, type AnswerGenerator, type ChatModel, type RankedChunk, type Retriever, type RunContext } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { createBm25Retriever } from '@rag/retrievers';
import { mergeRanked, refsOf } from '../internal/evidence.js';
import { labelAnswer } from '../internal/label-answer.js';
import type { TripleCheck } from '@rag/verify';
import { runAgent } from '../internal/run-agent.js';
import { chunkSentences } from '../internal/sentences.js';
import { contentTerms, nameSpans, phraseKey } from '../internal/spans.js';
import { buildIrcotMessages, finalAnswerOf } from '../prompts/ircot-prompt.js';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { createLlmAnswerGenerator } from '../strategies/llm-answer-generator.js';
import { citeAnswer } from '../strategies/locate-quote.js';
import type { Agent } from '../types.js';

export interface IrcotAgentOptions {
  /** Labels the answer verified / unsure / failed (default: the embedded Triple-Check, no model calls). */
  tripleCheck?: TripleCheck;
  index: RagIndex;
  model?: ChatModel;
  /** Retrieval per step (default BM25, as in the IRCoT paper). */
  retriever?: Retriever;
  /** Final answer from the gathered paragraphs (embedded: extractive; with a model: unused unless the chain ends without an answer). */
  generator?: AnswerGenerator;
  /** Reasoning steps after the first retrieval (default 4). */
  maxSteps?: number;
  /** Paragraphs retrieved per step (default 4). */
  kPerStep?: number;
  /** Ranked chunks reported for Recall@K (default 10). */
  k?: number;
  /**
   * With a model: who gives the final answer. "separate" (default; IRCoT QA, §3.2 of the IRCoT
   * paper): the retrieval loop ends when the chain states an answer or the step limit is
   * reached, then the QA reader (the answer generator) reads every collected paragraph and
   * answers, one more model call. "chain": the answer the chain stated is the answer, and the
   * reader runs only when the chain stated none. Without a model the chain never states an
   * answer and the extractive reader always answers.
   */
  reader?: 'separate' | 'chain';
  /** With a model: cap on collected paragraphs (default 15, the IRCoT paper's cap); the embedded loop keeps all. */
  maxParagraphs?: number;
  name?: string;
}

function strategyCall(context: RunContext, what: string): void {
  context.trace.add({ kind: 'info', name: 'strategy-call', calls: 1, data: { what } });
}

export function createIrcotAgent(options: IrcotAgentOptions): Agent {
  const index = options?.index;
  if (!index || typeof index.getChunk !== 'function') throw invalidInput('createIrcotAgent(options.index)', 'must be a RagIndex');
  const maxSteps = options.maxSteps ?? 4;
  if (!Number.isInteger(maxSteps) || maxSteps < 0 || maxSteps > 20) throw invalidInput('createIrcotAgent(options.maxSteps)', 'must be an integer in 0..20', { value: maxSteps });
  const kPerStep = options.kPerStep ?? 4;
  const k = options.k ?? 10;
  const retriever = options.retriever ?? createBm25Retriever({ index });
  const model = options.model;
  const reader = options.reader ?? 'separate';
  if (reader !== 'separate' && reader !== 'chain') throw invalidInput('createIrcotAgent(options.reader)', 'must be "separate" or "chain"', { value: reader });
  const maxParagraphs = model ? (options.maxParagraphs ?? 15) : Infinity;
  if (!(maxParagraphs >= 1)) throw invalidInput('createIrcotAgent(options.maxParagraphs)', 'must be a positive integer', { value: options.maxParagraphs });
  // The reader reads all collected paragraphs (its prompt cut is the paragraph cap, not its own default).
  const generator =
    options.generator ?? (model ? createLlmAnswerGenerator({ model, index, maxChunks: Number.isFinite(maxParagraphs) ? maxParagraphs : 15 }) : createExtractiveAnswerGenerator({ index }));
  const name = options.name ?? 'ircot';

  return {
    name,
    answer: (question, answerOptions) =>
      runAgent(name, question, answerOptions, async (q, context, partial) => {
        const { trace } = context;
        strategyCall(context, 'retrieve');
        const first = await retriever.retrieve(q, { k: Math.max(k, kPerStep), context });
        let gathered: RankedChunk[] = first.chunks.slice(0, kPerStep);
        let ranking = first.chunks;
        partial.evidence = refsOf(ranking);
        const thoughts: string[] = [];
        const seenNames = new Set(nameSpans(q).map((s) => phraseKey(s.text)));
        const usedSentences = new Set<string>();
        let stated: string | undefined;
        for (let step = 1; step <= maxSteps; step++) {
          context.meter.checkTime();
          let thought: string;
          let nextQuery: string;
          let modelThought: string | undefined;
          if (model) {
            // One reasoning sentence; an empty reply, a refusal or a model error is re-asked once,
            // then this step reasons the embedded way (below) and the fallback is traced.
            modelThought = (
              await decideText({
                decision: 'ircot-reason',
                model,
                request: { messages: buildIrcotMessages(q, gathered, thoughts), temperature: 0, maxTokens: 120 },
                context,
                accept: (text) => text.split('\n').map((l) => l.trim()).find(Boolean),
                fallback: () => undefined,
              })
            ).value;
          }
          if (modelThought !== undefined) {
            thought = modelThought;
            nextQuery = thought;
          } else {
            strategyCall(context, 'reason');
            const best = bestNewSentence(q, gathered, usedSentences);
            if (!best) {
              trace.decision('ircot', `step ${step}: no new evidence sentence: stop`);
              break;
            }
            usedSentences.add(best);
            const fresh = nameSpans(best).map((s) => s.text).filter((n) => !seenNames.has(phraseKey(n)) && contentTerms(n).length > 0);
            for (const n of fresh) seenNames.add(phraseKey(n));
            thought = best;
            nextQuery = fresh.join(' ');
            if (!nextQuery) {
              trace.decision('ircot', `step ${step}: the step names nothing new: stop`);
              thoughts.push(thought);
              break;
            }
          }
          thoughts.push(thought);
          stated = finalAnswerOf(thought);
          trace.decision('ircot', stated ? `step ${step}: chain states the answer: stop` : `step ${step}: retrieve with "${nextQuery.slice(0, 80)}"`, { step });
          if (stated || !nextQuery.trim()) break;
          strategyCall(context, 'retrieve');
          const more = await retriever.retrieve(nextQuery, { k: Math.max(k, kPerStep), context });
          gathered = mergeRanked(gathered, more.chunks.slice(0, kPerStep)).slice(0, maxParagraphs);
          // Reported ranking: the first retrieval's top, then each step's new paragraphs.
          ranking = mergeRanked(gathered, ranking);
          partial.evidence = refsOf(ranking);
        }
        const evidence = { query: q, chunks: gathered, trace: [] };
        let text: string;
        let citations;
        let form: AnswerForm | undefined;
        if (stated && (reader === 'chain' || !model)) {
          text = stated;
          citations = citeAnswer(evidence, stated, index);
        } else {
          strategyCall(context, 'answer');
          const g = await trace.stage('generate', () => generator.generate({ query: q, evidence }, context));
          text = g.abstain ? '' : g.text;
          citations = g.citations;
          form = g.form;
        }
        const label = await labelAnswer({ query: q, text, citations, evidence, ...(form ? { form } : {}), ...(options.tripleCheck ? { check: options.tripleCheck } : {}) }, context);
        return { status: text ? 'answered' : 'abstained', text, citations, ...label, evidence: refsOf(ranking), stage: `steps:${thoughts.length}`, retries: 0 };
      }),
  };
}

/** The gathered sentence that best matches the question and was not used as a step yet. */
function bestNewSentence(question: string, chunks: readonly RankedChunk[], used: ReadonlySet<string>): string | undefined {
  const q = new Set(contentTerms(question));
  let best: { text: string; score: number } | undefined;
  chunks.forEach((c, rank) => {
    for (const s of chunkSentences(c.text)) {
      if (used.has(s.text)) continue;
      const hit = [...s.terms].filter((t) => q.has(t)).length;
      const score = hit / Math.sqrt(1 + s.terms.size) + 0.1 / (1 + rank);
      if (!best || score > best.score) best = { text: s.text, score };
    }
  });
  return best?.text;
}
