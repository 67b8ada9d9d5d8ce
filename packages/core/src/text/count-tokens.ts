// Token counter for budgets, without shipping a model's vocabulary. BPE tokenizers of current
// chat models average about 4 characters per token on English prose and about 1.3 tokens per
// word; either estimate alone drifts on unusual text (code, numbers, long names), so we take
// the mean of the two, and count each CJK character (≈ one token each) separately. Expect
// roughly ±20% against a real tokenizer on English; it is meant for budgeting, not billing.

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const SYMBOL = /[^\p{L}\p{M}\p{N}\s]/gu;

/** Approximate number of model tokens in `text` (0 for empty text). */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = cjk > 0 ? text.replace(CJK, ' ') : text;
  const words = rest.match(WORD)?.length ?? 0;
  const symbols = rest.match(SYMBOL)?.length ?? 0;
  const byChars = rest.length / 4;
  const byWords = words * 1.3 + symbols;
  const estimate = (byChars + byWords) / 2 + cjk;
  return Math.max(1, Math.ceil(estimate));
}

/** Tokens of a chat transcript: content plus a small per-message overhead (role, separators). */
export function countMessageTokens(messages: readonly { content: string }[]): number {
  let n = 0;
  for (const m of messages) n += countTokens(m.content) + 4;
  return n;
}
