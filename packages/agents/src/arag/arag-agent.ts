// The A-RAG agent loop (A-RAG Section 3.3, Appendix C Algorithm 1): at most `maxSteps`
// iterations of one tool call each over keyword_search / semantic_search / chunk_read, with the
// context tracker; when the steps run out, a forced "answer now" synthesis. Tool arguments are
// schema-validated: an invalid or unknown call is returned to the policy as an error
// observation and never executed. Retrieved corpus tokens per question are traced (Table 3).
import { invalidInput, RagError, type AgentPolicy, type AgentStep, type AnswerForm, type AnswerGenerator, type ChatModel, type Evidence, type RankedChunk } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { z } from 'zod';
import { mergeRanked, refsOf } from '../internal/evidence.js';
import { labelAnswer } from '../internal/label-answer.js';
import type { TripleCheck } from '@rag/verify';
import { runAgent } from '../internal/run-agent.js';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { citeAnswer } from '../strategies/locate-quote.js';
import type { Agent } from '../types.js';
import { createScriptedAgentPolicy } from './scripted-policy.js';
import { createToolCallingPolicy, type ToolCallingPolicy } from './tool-calling-policy.js';
import { aragSystemPrompt } from '../prompts/arag-prompt.js';
import { ARAG_FULL_TOOLS, ARAG_NAIVE_TOOLS, ARAG_TOOL_SCHEMAS, createAgentAragTools, type AragToolName, type AragToolset, type ToolHit } from './tools.js';

export interface AragAgentOptions {
  /** Labels the answer verified / unsure / failed (default: the embedded Triple-Check, no model calls). */
  tripleCheck?: TripleCheck;
  index: RagIndex;
  /** Service mode: the model drives the loop through native tool calls. */
  model?: ChatModel;
  /** Embedded default: createScriptedAgentPolicy(). */
  policy?: AgentPolicy;
  /** L, the maximum tool-calling iterations (default 8). */
  maxSteps?: number;
  tools?: AragToolset;
  /** Answer from the read chunks when the policy gives no answer text (default extractive). */
  generator?: AnswerGenerator;
  /** Ranked chunks reported for Recall@K (default 10). */
  k?: number;
  /** "full" (default): keyword, semantic search and chunk_read; "naive": A-RAG (Naive), one embedding search tool and chunk_read. */
  variant?: 'full' | 'naive';
  /** Tools removed, the ablations of A-RAG Table 2 (e.g. ["keyword_search"]). */
  without?: readonly AragToolName[];
  name?: string;
}

const AnswerTextSchema = z.string().max(4000);

export function createAragAgent(options: AragAgentOptions): Agent {
  const index = options?.index;
  if (!index || typeof index.getChunk !== 'function') throw invalidInput('createAragAgent(options.index)', 'must be a RagIndex');
  const maxSteps = options.maxSteps ?? 8;
  if (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > 50) throw invalidInput('createAragAgent(options.maxSteps)', 'must be an integer in 1..50', { value: maxSteps });
  const k = options.k ?? 10;
  const variant = options.variant ?? 'full';
  if (variant !== 'full' && variant !== 'naive') throw invalidInput('createAragAgent(options.variant)', 'must be "full" or "naive"', { value: variant });
  const without = new Set(options.without ?? []);
  const offered = (variant === 'naive' ? ARAG_NAIVE_TOOLS : ARAG_FULL_TOOLS).filter((t) => !without.has(t));
  const tools = options.tools ?? createAgentAragTools({ index, tools: offered });
  const toolNames = tools.definitions.map((d) => d.name);
  const modelPolicy: ToolCallingPolicy | undefined =
    !options.policy && options.model ? createToolCallingPolicy({ model: options.model, tools: tools.definitions, systemPrompt: aragSystemPrompt(toolNames) }) : undefined;
  const policy: AgentPolicy = options.policy ?? modelPolicy ?? createScriptedAgentPolicy();
  // A policy with `synthesize` speaks for a model: its answer text is the answer.
  const speaking: ToolCallingPolicy | undefined = typeof (policy as Partial<ToolCallingPolicy>).synthesize === 'function' ? (policy as ToolCallingPolicy) : undefined;
  const generator = options.generator ?? createExtractiveAnswerGenerator({ index });
  const name = options.name ?? 'arag';

  return {
    name,
    answer: (question, answerOptions) =>
      runAgent(name, question, answerOptions, async (q, context, partial) => {
        const { trace } = context;
        const session = tools.session();
        const steps: AgentStep[] = [];
        const searchRankings: ToolHit[][] = [];
        const readOrder: string[] = [];
        let retrievedTokens = 0;
        let finalText: string | undefined;
        const ranked = (): RankedChunk[] => {
          const toRanked = (h: ToolHit): RankedChunk => ({ chunkId: h.chunkId, docId: h.docId, score: h.score, text: index.getChunk(h.chunkId)?.text ?? '' });
          const read = readOrder.map((id) => toRanked({ chunkId: id, docId: index.getChunk(id)?.docId ?? '', score: 1 }));
          return mergeRanked(read, ...searchRankings.map((r) => r.map(toRanked)));
        };
        const summary = (stoppedBy: string) =>
          trace.decision('arag-loop', `${steps.length} step(s), ${readOrder.length} chunk(s) read, ${retrievedTokens} retrieved tokens: ${stoppedBy}`, {
            steps: steps.length,
            read: readOrder.length,
            retrievedTokens,
          });

        let stoppedBy = 'steps exhausted: forced synthesis';
        for (let step = 1; step <= maxSteps; step++) {
          const action = await policy.next({ question: q, steps, tools: toolNames, stepsLeft: maxSteps - step + 1 }, context);
          if (action.type === 'answer') {
            if (speaking) finalText = action.thought ?? '';
            stoppedBy = 'policy answered';
            break;
          }
          let observation: string;
          const schema = (ARAG_TOOL_SCHEMAS as Record<string, z.ZodType>)[action.tool];
          const parsed = schema?.safeParse(action.args);
          if (!schema) observation = `Error: unknown tool "${action.tool}". Available tools: ${toolNames.join(', ')}.`;
          else if (!parsed?.success) observation = `Error: invalid arguments for ${action.tool}: ${z.prettifyError(parsed!.error)}. The call was not executed.`;
          else {
            const result = await trace.stage(`tool:${action.tool}`, async (e) => {
              const r = await session.execute(action.tool as AragToolName, parsed.data, context);
              e.data = { args: parsed.data as Record<string, unknown>, hits: r.hits.length, read: r.read.length, retrievedTokens: r.retrievedTokens };
              return r;
            });
            observation = result.observation;
            retrievedTokens += result.retrievedTokens;
            if (action.tool === 'chunk_read') readOrder.push(...result.read);
            else searchRankings.push(result.hits);
          }
          if (!schema || !parsed?.success) trace.add({ kind: 'tool', name: 'invalid-tool-call', data: { tool: action.tool, observation: observation.slice(0, 300) } });
          steps.push({ tool: action.tool, args: action.args, observation, ...(action.thought ? { thought: action.thought } : {}) });
          partial.evidence = refsOf(ranked());
        }
        const chunks = ranked();
        const readChunks = chunks.filter((c) => session.read.has(c.chunkId));
        const evidence: Evidence = { query: q, chunks: readChunks.length ? readChunks : chunks, trace: [] };
        if (finalText === undefined && stoppedBy !== 'policy answered' && speaking) finalText = await trace.stage('synthesize', () => speaking.synthesize({ question: q, steps }, context));
        // No model answer text (a fallback step answered, or synthesis fell back): the embedded generator answers.
        if (finalText !== undefined && !finalText.trim()) finalText = undefined;
        summary(stoppedBy);
        let text: string;
        let citations;
        let form: AnswerForm | undefined;
        if (finalText !== undefined) {
          const checked = AnswerTextSchema.safeParse(finalText);
          if (!checked.success) throw new RagError('RAG_MODEL_OUTPUT_INVALID', 'arag: the model answer is longer than 4000 characters', { details: { length: finalText.length } });
          text = checked.data.trim();
          citations = citeAnswer(evidence, text, index);
        } else {
          const g = await trace.stage('generate', () => generator.generate({ query: q, evidence }, context));
          text = g.abstain ? '' : g.text;
          citations = g.citations;
          form = g.form;
        }
        // Fill policy for Recall@K: chunks read (in reading order), then search hits, then BM25
        // hits for the question ("fill", free: no model, no embedding) until k are listed.
        let reported = chunks;
        if (reported.length < k) {
          const fill = (await index.keyword.search(q, k)).flatMap((h) => {
            const c = index.getChunk(h.id);
            return c ? [{ chunkId: c.id, docId: c.docId, score: h.score, text: c.text, source: 'fill:bm25' }] : [];
          });
          reported = mergeRanked(chunks, fill);
        }
        const label = await labelAnswer({ query: q, text, citations, evidence, ...(form ? { form } : {}), ...(options.tripleCheck ? { check: options.tripleCheck } : {}) }, context);
        return { status: text ? 'answered' : 'abstained', text, citations, ...label, evidence: refsOf(reported), stage: `steps:${steps.length}`, retries: 0 };
      }),
  };
}

/** Retrieved corpus tokens of an answer (A-RAG Table 3), read from its trace. */
export function retrievedTokensOf(trace: readonly { name: string; data?: Record<string, unknown> }[]): number {
  const e = [...trace].reverse().find((x) => x.name === 'arag-loop' && typeof x.data?.retrievedTokens === 'number');
  return (e?.data?.retrievedTokens as number | undefined) ?? 0;
}
