// Service-mode AgentPolicy: the model's native tool calling (ChatRequest.tools, e.g. Ollama
// tools). The message history is rebuilt from the step list on every call, so one policy object
// serves concurrent questions. Tool results go back quoted as data. A reply without a tool call
// is the model's answer (A-RAG Algorithm 1, line 13); it is returned as the action's `thought`.
import { chatWithBudget, decideText, invalidInput, isFatalForDecision, looksLikeRefusal, parseJsonLoose, quoteUntrusted, recordFallback, stripReasoning, type AgentAction, type AgentPolicy, type AgentStep, type ChatMessage, type ChatModel, type RunContext, type ToolDefinition } from '@rag/core';
import { ARAG_SYSTEM_PROMPT, FORCED_ANSWER_PROMPT } from '../prompts/arag-prompt.js';
import { createScriptedAgentPolicy } from './scripted-policy.js';

export interface ToolCallingPolicyOptions {
  model: ChatModel;
  tools: ToolDefinition[];
  systemPrompt?: string;
  temperature?: number;
  /** Takes the step when the model errors, refuses or replies with nothing (default: the scripted policy). */
  fallback?: AgentPolicy;
}

export interface ToolCallingPolicy extends AgentPolicy {
  /** Forced synthesis when the steps run out (Algorithm 1, lines 16–17). */
  synthesize(input: { question: string; steps: AgentStep[] }, context?: RunContext): Promise<string>;
}

export function stepMessages(system: string, question: string, steps: AgentStep[]): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: `Question: ${question}` },
  ];
  steps.forEach((s, i) => {
    const id = `step_${i + 1}`;
    // The assistant's own text (its reasoning between calls) stays in the history, as A-RAG's loop keeps it.
    messages.push({ role: 'assistant', content: s.thought ?? '', toolCalls: [{ id, name: s.tool, arguments: s.args }] });
    messages.push({ role: 'tool', toolCallId: id, name: s.tool, content: quoteUntrusted(s.observation, { source: s.tool }) });
  });
  return messages;
}

export function createToolCallingPolicy(options: ToolCallingPolicyOptions): ToolCallingPolicy {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  const system = options.systemPrompt ?? ARAG_SYSTEM_PROMPT;
  const fallback = options.fallback ?? createScriptedAgentPolicy();
  return {
    async next(input, context) {
      const { question, steps, tools } = input;
      const defs = options.tools.filter((t) => tools.includes(t.name));
      try {
        const res = await chatWithBudget(options.model, { messages: stepMessages(system, question, steps), tools: defs, temperature: options.temperature ?? 0 }, context, { name: 'arag-step' });
        const call = res.toolCalls[0];
        if (call) {
          if (res.toolCalls.length > 1) context?.trace.decision('arag-policy', `model asked for ${res.toolCalls.length} tool calls; one call per step: running the first`);
          // Small models send the arguments object as a JSON string: parse it (the agent validates it).
          const args = typeof call.arguments === 'string' ? (parseJsonLoose(call.arguments) ?? call.arguments) : call.arguments;
          const thought = stripReasoning(res.text);
          return { type: 'tool', tool: call.name, args, ...(thought ? { thought } : {}) } satisfies AgentAction;
        }
        const text = stripReasoning(res.text);
        if (text && !looksLikeRefusal(text)) return { type: 'answer', thought: text };
        throw new Error(text ? 'the model refused' : 'the model replied with neither a tool call nor text');
      } catch (error) {
        if (isFatalForDecision(error)) throw error;
        recordFallback(context, 'tool-choice', error);
        const action = await fallback.next(input, context);
        // The fallback's answer has no model text: '' lets the agent's generator answer.
        return action.type === 'answer' ? { type: 'answer', thought: '' } : action;
      }
    },
    async synthesize({ question, steps }, context) {
      const messages = [...stepMessages(system, question, steps), { role: 'user' as const, content: FORCED_ANSWER_PROMPT }];
      // '' (after a fallback) tells the agent to answer with its embedded generator.
      const { value } = await decideText({
        decision: 'arag-synthesize',
        model: options.model,
        request: { messages, temperature: options.temperature ?? 0 },
        ...(context ? { context } : {}),
        accept: (text) => text,
        fallback: () => '',
      });
      return value;
    },
  };
}
