// Service-mode AgentPolicy: the model's native tool calling (ChatRequest.tools, e.g. Ollama
// tools). The message history is rebuilt from the step list on every call, so one policy object
// serves concurrent questions. Tool results go back quoted as data. A reply without a tool call
// is the model's answer (A-RAG Algorithm 1, line 13); it is returned as the action's `thought`.
import { chatWithBudget, invalidInput, quoteUntrusted, type AgentAction, type AgentPolicy, type AgentStep, type ChatMessage, type ChatModel, type RunContext, type ToolDefinition } from '@rag/core';
import { ARAG_SYSTEM_PROMPT, FORCED_ANSWER_PROMPT } from '../prompts/arag-prompt.js';

export interface ToolCallingPolicyOptions {
  model: ChatModel;
  tools: ToolDefinition[];
  systemPrompt?: string;
  temperature?: number;
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
    messages.push({ role: 'assistant', content: '', toolCalls: [{ id, name: s.tool, arguments: s.args }] });
    messages.push({ role: 'tool', toolCallId: id, name: s.tool, content: quoteUntrusted(s.observation, { source: s.tool }) });
  });
  return messages;
}

export function createToolCallingPolicy(options: ToolCallingPolicyOptions): ToolCallingPolicy {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  const system = options.systemPrompt ?? ARAG_SYSTEM_PROMPT;
  return {
    async next({ question, steps, tools }, context) {
      const defs = options.tools.filter((t) => tools.includes(t.name));
      const res = await chatWithBudget(options.model, { messages: stepMessages(system, question, steps), tools: defs, temperature: options.temperature ?? 0 }, context, { name: 'arag-step' });
      const call = res.toolCalls[0];
      if (call) {
        if (res.toolCalls.length > 1) context?.trace.decision('arag-policy', `model asked for ${res.toolCalls.length} tool calls; one call per step: running the first`);
        return { type: 'tool', tool: call.name, args: call.arguments, ...(res.text ? { thought: res.text } : {}) } satisfies AgentAction;
      }
      return { type: 'answer', thought: res.text };
    },
    async synthesize({ question, steps }, context) {
      const messages = [...stepMessages(system, question, steps), { role: 'user' as const, content: FORCED_ANSWER_PROMPT }];
      const res = await chatWithBudget(options.model, { messages, temperature: options.temperature ?? 0 }, context, { name: 'arag-synthesize' });
      return res.text;
    },
  };
}
