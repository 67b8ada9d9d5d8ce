// The question a chat request asks: the text of its last user message. Earlier turns and
// system prompts are not used: every request is answered from the store alone, so a chat client
// cannot steer the evidence with instructions (the agents' prompts quote evidence as data).
import { questionProblem, RagError } from '@rag/core';

/** A chat message reduced to its role and text (OpenAI content parts joined, images dropped). */
export interface PlainMessage {
  role: string;
  content: string;
}

/** The maximum question length, as for POST /api/ask. */
export const MAX_QUESTION_CHARS = 2000;

export function questionOf(messages: readonly PlainMessage[]): string {
  const i = messages.findLastIndex((m) => m.role === 'user');
  if (i < 0) throw new RagError('RAG_INVALID_INPUT', 'messages: no message with role "user" (the last user message is the question)', { details: { input: 'messages' } });
  const question = messages[i]!.content.trim();
  if (question === '') throw new RagError('RAG_INVALID_INPUT', `messages.${i}.content: the last user message is empty`, { details: { input: `messages.${i}.content` } });
  const problem = questionProblem(question);
  if (problem) throw new RagError('RAG_INVALID_INPUT', `messages.${i}.content: the question ${problem}`, { details: { input: `messages.${i}.content` } });
  if (question.length > MAX_QUESTION_CHARS)
    throw new RagError('RAG_INVALID_INPUT', `messages.${i}.content: the question must be at most ${MAX_QUESTION_CHARS} characters (got ${question.length})`, { details: { input: `messages.${i}.content` } });
  return question;
}
