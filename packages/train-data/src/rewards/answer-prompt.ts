// The prompts whose answer likelihood is scored: x = reference text + question, and the same
// with the candidate graph g inserted (TAdaRAG eqs. 5–6). The answer is the continuation.
import type { KnowledgeGraph } from '../sft/graph-schema.js';

/** One line per relation ("head —relation→ tail"), then entities no relation mentions. */
export function linearizeGraph(graph: KnowledgeGraph): string {
  const used = new Set<string>();
  const lines = graph.relations.map((r) => {
    used.add(r.head.toLowerCase());
    used.add(r.tail.toLowerCase());
    return `${r.head} —${r.relation}→ ${r.tail}`;
  });
  for (const e of graph.entities) if (!used.has(e.name.toLowerCase())) lines.push(`${e.name} (${e.type})`);
  return lines.join('\n');
}

export function answerPrompt(input: { question: string; reference: string }, graph?: KnowledgeGraph): string {
  return [
    'Answer the question from the reference text.',
    '',
    'Reference text:',
    input.reference,
    '',
    ...(graph ? ['Knowledge graph:', linearizeGraph(graph), ''] : []),
    `Question: ${input.question}`,
    'Answer:',
  ].join('\n');
}

/** The continuation scored: a leading space keeps the answer's first token off the prompt. */
export function answerContinuation(answer: string): string {
  return ` ${answer.trim()}`;
}
