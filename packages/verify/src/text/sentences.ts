// Sentence ranges from @rag/core (the sentence-splitter library), further cut at semicolons:
// "X won A; she also won B" holds two claims that need separate support.
import { sentenceSpans } from '@rag/core';

export function splitSentences(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const s of sentenceSpans(text)) {
    let start = s.start;
    for (const m of text.slice(s.start, s.end).matchAll(/;\s+/g)) {
      const cut = s.start + (m.index ?? 0) + 1;
      if (cut > start) out.push({ start, end: cut });
      start = cut + m[0].length - 1;
    }
    if (s.end > start) out.push({ start, end: s.end });
  }
  return out;
}
