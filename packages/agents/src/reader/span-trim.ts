// Span trimming: a candidate is cut to the words an answer would name. A possessive ending
// ("India's", "Deep Purple’s") belongs to the sentence, not to the name.
import type { TextSpan } from '../internal/spans.js';

const POSSESSIVE = /['’]s?$/u;

/** The span without a possessive ending; the same span when there is none. */
export function trimSpan(span: TextSpan): TextSpan {
  const m = POSSESSIVE.exec(span.text);
  if (!m || m.index === 0) return span;
  const text = span.text.slice(0, m.index);
  // "It's", "Let's": a contraction, not a name.
  if (/^(?:it|let|that|there|here|what|who|he|she)$/i.test(text)) return { ...span, text: '', end: span.start };
  return { ...span, text, end: span.start + text.length };
}
