// Text a model wraps around its answer: reasoning blocks (`<think>…</think>`, also an unclosed
// one at the start) that small reasoning models emit before the reply. Stripped before any
// JSON repair so braces inside the reasoning are not mistaken for the answer.

const CLOSED = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi;
const UNCLOSED_AT_START = /^\s*<(think|thinking|reasoning)>[\s\S]*$/i;

/** The reply without reasoning blocks; an unterminated block at the start leaves nothing. */
export function stripReasoning(text: string): string {
  const out = text.replace(CLOSED, '');
  return UNCLOSED_AT_START.test(out) ? '' : out.trim();
}

const REFUSAL = /^\s*(?:i['’]m sorry|i am sorry|sorry,|i can(?:not|['’]t) (?:help|assist|answer|comply)|as an ai\b)/i;

/** Whether a reply is a refusal rather than an answer (checked on the first sentence only). */
export function looksLikeRefusal(text: string): boolean {
  return REFUSAL.test(text);
}
