// IRCoT (Trivedi et al., 2023) reasoning-step prompt: write the next sentence of a chain of
// thought over the paragraphs so far; "So the answer is: X." ends the chain.
import { quoteUntrusted, UNTRUSTED_DATA_NOTICE, type ChatMessage, type RankedChunk } from '@rag/core';

export const IRCOT_SYSTEM_PROMPT = [
  'You answer multi-hop questions by reasoning one step at a time over retrieved paragraphs.',
  UNTRUSTED_DATA_NOTICE,
  'Write exactly ONE next sentence of reasoning. When you know the answer, write: So the answer is: <short answer>.',
].join('\n');

export function buildIrcotMessages(question: string, chunks: readonly RankedChunk[], thoughts: readonly string[]): ChatMessage[] {
  const paragraphs = chunks.map((c) => quoteUntrusted(c.text, { id: c.chunkId })).join('\n');
  return [
    { role: 'system', content: IRCOT_SYSTEM_PROMPT },
    { role: 'user', content: `Paragraphs:\n${paragraphs}\n\nQuestion: ${question}\nReasoning so far: ${thoughts.join(' ') || '(none)'}\nNext sentence:` },
  ];
}

export function finalAnswerOf(thought: string): string | undefined {
  const m = /so the answer is:?\s*(.+?)\.?\s*$/i.exec(thought.trim());
  return m ? m[1]!.trim() : undefined;
}
