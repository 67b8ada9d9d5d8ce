// The agents of @rag/agents (issue 8). Each runs through `agentInstance`, so EM/F1/Contain-Acc
// score its answer text and Recall@K its `Answer.evidence` ranking. In service mode the stack's
// chat model drives the agent's LLM strategies; in embedded mode the heuristic ones run.
import { DEFAULT_ANSWER_TOKENS, createA2ragAgent, createAcademicAgent, createAragAgent, createIrcotAgent, createNaiveRagAgent, createNoragAgent, createTadaragAgent } from '@rag/agents';
import type { EvalMethod } from '../types.js';
import { agentInstance } from './adapters.js';
import { RagError } from '@rag/core';
import { booleanOption, numberOption, stringOption } from './method-options.js';

export const a2ragAgentMethod: EvalMethod = {
  name: 'a2rag-agent',
  kind: 'agent',
  description: 'A2RAG controller (Algorithm 1): summary gate → staged retrieval → answer → Triple-Check → failure-aware rewrite, bounded retries',
  usesGraph: true,
  options: {
    maxRetries: 'integer, I_max rewrite–retry rounds (default 2)',
    gate: 'boolean, false skips the summarized-KB gate (default true)',
    gateThreshold: 'number in [0, 1], τ_g (default the agents package default)',
    llmAnalysis: 'boolean, with a model: the model extracts the seeds (one call per attempt) instead of the phrase extractor (default false, as in the paper)',
    lexicalFirst: 'boolean, with a model: a pass of all three lexical validators is accepted without the model Triple-Check call (default false)',
    sufficiency: 'heuristic | cascade | model, with a model: who decides stage-wise sufficiency (default heuristic: no model call; cascade: the model inside the heuristic uncertainty band; model: every stage)',
    answerTokens: 'integer, with a model: tokens of top-ranked passages the answer call is shown (default 1000); 0 = the generator\'s first 8 passages plus every graph fact',
    graphTokens: 'integer, with a model: tokens of the first graph facts (seed-incident triples first) the answer call is also shown (default 0)',
    checkEvidence: 'cited | shown | retrieved, with a model: what Triple-Check is shown (default cited: the cited sentences with one neighbour each side)',
    rewriteEvidence: 'lead | excerpt, with a model: what the rewrite is shown of each top passage (default lead: its opening sentence; excerpt: 600 characters)',
    retryWithoutNewEvidence: 'boolean, with a model: true puts the same evidence to the answer call again after it said the evidence does not answer (default false: an attempt whose rewrite retrieves no passage the answer call has not seen fails without an answer call; two in a row end the loop)',
    rewriteInAnswerCall: 'boolean, with a model: after "cannot answer" the answer call also writes the next query (followUp), so that retry costs no rewrite call (default true; false: a rewrite call after every failure)',
    unsureAnswer: 'boolean, true answers with the best unverified attempt (labelled unsure) instead of FAIL/ABSTAIN when the retries run out (default: true on the embedded default, whose heuristic checks cannot show an answer wrong, false with a chat model, as in Algorithm 1)',
  },
  create: (stack, options) => {
    const maxRetries = numberOption(options, 'a2rag-agent', 'maxRetries');
    const unsureAnswer = booleanOption(options, 'a2rag-agent', 'unsureAnswer');
    const llmAnalysis = booleanOption(options, 'a2rag-agent', 'llmAnalysis');
    const lexicalFirst = booleanOption(options, 'a2rag-agent', 'lexicalFirst');
    const retryWithoutNewEvidence = booleanOption(options, 'a2rag-agent', 'retryWithoutNewEvidence');
    const rewriteInAnswerCall = booleanOption(options, 'a2rag-agent', 'rewriteInAnswerCall');
    const gate = booleanOption(options, 'a2rag-agent', 'gate');
    const threshold = numberOption(options, 'a2rag-agent', 'gateThreshold');
    const sufficiency = stringOption(options, 'sufficiency');
    const answerTokens = numberOption(options, 'a2rag-agent', 'answerTokens');
    const graphTokens = numberOption(options, 'a2rag-agent', 'graphTokens');
    const checkEvidence = stringOption(options, 'checkEvidence');
    const rewriteEvidence = stringOption(options, 'rewriteEvidence');
    return agentInstance(
      createA2ragAgent({
        index: stack.index,
        ...(stack.chat ? { model: stack.chat } : {}),
        ...(maxRetries !== undefined ? { maxRetries } : {}),
        gate: gate === false ? false : threshold !== undefined ? { threshold } : {},
        ...(unsureAnswer !== undefined ? { onExhausted: unsureAnswer ? ('unsure-answer' as const) : ('fail' as const) } : {}),
        ...(llmAnalysis ? { llmAnalysis } : {}),
        ...(lexicalFirst ? { lexicalFirst } : {}),
        ...(retryWithoutNewEvidence !== undefined ? { retryWithoutNewEvidence } : {}),
        ...(rewriteInAnswerCall !== undefined ? { rewriteInAnswerCall } : {}),
        ...(sufficiency !== undefined ? { sufficiency: sufficiency as 'heuristic' } : {}),
        ...(answerTokens !== undefined || graphTokens !== undefined
          ? { answerEvidence: answerTokens === 0 ? ('all' as const) : { maxTokens: answerTokens ?? DEFAULT_ANSWER_TOKENS, ...(graphTokens !== undefined ? { graphTokens } : {}) } }
          : {}),
        ...(checkEvidence !== undefined ? { checkEvidence: checkEvidence as 'cited' } : {}),
        ...(rewriteEvidence !== undefined ? { rewriteEvidence: rewriteEvidence as 'lead' } : {}),
      }),
    );
  },
};

export const aragMethod: EvalMethod = {
  name: 'arag',
  kind: 'agent',
  description: 'A-RAG agent loop over keyword_search / semantic_search / chunk_read (scripted policy in embedded mode, native tool calls with a model)',
  usesGraph: false,
  options: {
    maxSteps: 'integer, the iteration budget L (default 8)',
    tools: 'tools removed, A-RAG Table 2 ablations: -keyword, -semantic or -read, comma-separated (e.g. arag.tools=-keyword)',
  },
  create: (stack, options) => {
    const maxSteps = numberOption(options, 'arag', 'maxSteps');
    const without = toolAblations(stringOption(options, 'tools'));
    return agentInstance(
      createAragAgent({ index: stack.index, ...(stack.chat ? { model: stack.chat } : {}), ...(maxSteps !== undefined ? { maxSteps } : {}), ...(without.length ? { without } : {}) }),
    );
  },
};

const ABLATIONS = { '-keyword': 'keyword_search', '-semantic': 'semantic_search', '-read': 'chunk_read' } as const;

function toolAblations(text: string | undefined): (typeof ABLATIONS)[keyof typeof ABLATIONS][] {
  if (text === undefined) return [];
  return text
    .split(/[,+]/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => {
      const tool = (ABLATIONS as Record<string, (typeof ABLATIONS)[keyof typeof ABLATIONS]>)[t];
      if (!tool) throw new RagError('RAG_INVALID_INPUT', `--method-option arag.tools: unknown ablation "${t}" (${Object.keys(ABLATIONS).join(', ')})`, { details: { input: 'method-option' } });
      return tool;
    });
}

export const aragNaiveMethod: EvalMethod = {
  name: 'arag-naive',
  kind: 'agent',
  description: 'A-RAG (Naive): the agent loop with one embedding search tool over chunks plus chunk_read',
  usesGraph: false,
  options: { maxSteps: 'integer, the iteration budget L (default 8)' },
  create: (stack, options) => {
    const maxSteps = numberOption(options, 'arag-naive', 'maxSteps');
    return agentInstance(createAragAgent({ index: stack.index, variant: 'naive', name: 'arag-naive', ...(stack.chat ? { model: stack.chat } : {}), ...(maxSteps !== undefined ? { maxSteps } : {}) }));
  },
};

export const academicMethod: EvalMethod = {
  name: 'academic',
  kind: 'agent',
  description: 'agentic heterogeneous-graph QA (plan → typed traversal → S_suf expansion → S_cons validation); scholarly planner on Author–Paper–Venue graphs, typed-graph planner on any other typed graph',
  usesGraph: true,
  create: (stack) => agentInstance(createAcademicAgent({ index: stack.index, ...(stack.embedder ? { embedder: stack.embedder } : {}), ...(stack.chat ? { model: stack.chat } : {}) })),
};

export const tadaragMethod: EvalMethod = {
  name: 'tadarag',
  kind: 'agent',
  description: 'TAdaRAG inference: intent → domain template → typed KG extracted on the fly from retrieved text → KG-augmented answer',
  usesGraph: false,
  options: { extractChunks: 'integer, retrieved chunks the on-the-fly graph is built from (default 5)' },
  create: (stack, options) => {
    const extractChunks = numberOption(options, 'tadarag', 'extractChunks');
    return agentInstance(createTadaragAgent({ index: stack.index, ...(stack.chat ? { model: stack.chat } : {}), ...(extractChunks !== undefined ? { extractChunks } : {}) }));
  },
};

export const ircotMethod: EvalMethod = {
  name: 'ircot',
  kind: 'agent',
  description: 'IRCoT baseline: interleaved retrieve-and-reason steps with a step limit (embedded: entity-hop policy)',
  usesGraph: false,
  options: {
    maxSteps: 'integer, reasoning steps after the first retrieval (default 4)',
    reader: 'separate | chain, with a model: the QA reader reads the collected paragraphs after the loop (default separate, IRCoT QA as in the IRCoT paper) or the answer the chain stated is kept (chain)',
  },
  create: (stack, options) => {
    const maxSteps = numberOption(options, 'ircot', 'maxSteps');
    const reader = stringOption(options, 'reader');
    return agentInstance(
      createIrcotAgent({
        index: stack.index,
        ...(stack.chat ? { model: stack.chat } : {}),
        ...(maxSteps !== undefined ? { maxSteps } : {}),
        ...(reader !== undefined ? { reader: reader as 'separate' } : {}),
      }),
    );
  },
};

export const noragMethod: EvalMethod = {
  name: 'norag',
  kind: 'agent',
  description: 'no retrieval: the model answers from what it knows, one call (embedded: abstains, there is nothing to answer from)',
  usesGraph: false,
  create: (stack) => agentInstance(createNoragAgent({ ...(stack.chat ? { model: stack.chat } : {}) })),
};

export const naiveRagMethod: EvalMethod = {
  name: 'naive-rag',
  kind: 'agent',
  description: 'naive RAG: top-k chunks by embedding search, one generation (embedded: the extractive reader)',
  usesGraph: false,
  options: { k: 'integer, chunks given to the generator (default 5)' },
  create: (stack, options) => {
    const k = numberOption(options, 'naive-rag', 'k');
    return agentInstance(createNaiveRagAgent({ index: stack.index, ...(stack.chat ? { model: stack.chat } : {}), ...(k !== undefined ? { k } : {}) }));
  },
};
