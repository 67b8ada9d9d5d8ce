// Entity mentions by surface form: runs of capitalised words (allowing "of", "the", "de" …
// inside), quoted titles, and years/numbers. A rule-based stand-in for NER that needs no model.
import { tokenEndsSentence } from '@rag/core';
import { isStopWord } from './normalize.js';

// "and" is not a connector: "Are X and Y both …" names two entities far more often than one.
const CONNECTORS = new Set(['of', 'the', 'de', 'la', 'le', 'von', 'van', 'der', 'du', 'da', 'del']);
const SENTENCE_STARTERS = new Set([
  'who', 'whom', 'whose', 'what', 'which', 'when', 'where', 'why', 'how', 'is', 'are', 'was', 'were', 'do', 'does',
  'did', 'the', 'a', 'an', 'in', 'on', 'at', 'of', 'for', 'from', 'by', 'this', 'that', 'these', 'those', 'it',
  'he', 'she', 'they', 'has', 'have', 'had', 'can', 'could', 'will', 'would', 'and', 'but', 'if', 'as', 'between',
  'both', 'under', 'after', 'before', 'during', 'since', 'among', 'according', 'besides', 'which', 'while', 'although',
  // Modals and the imperatives a question opens its second sentence with ("Give the default.").
  'may', 'should', 'must', 'shall', 'give', 'name', 'list', 'state', 'say', 'tell', 'explain', 'describe',
]);

const MONTH = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?$/;

export interface Mention {
  text: string;
  start: number;
  end: number;
  kind: 'name' | 'quoted' | 'number';
}

export function extractMentions(text: string): Mention[] {
  const out: Mention[] = [];
  for (const m of text.matchAll(/["“]([^"”]{2,80})["”]/g)) {
    const inner = m[1] ?? '';
    const start = (m.index ?? 0) + 1;
    out.push({ text: inner, start, end: start + inner.length, kind: 'quoted' });
  }
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.&-]*/gu)];
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    const word = w[0];
    const atSentenceStart = i === 0 || tokenEndsSentence(words[i - 1]![0]) || /[.!?:]\s*$/.test(text.slice(words[i - 1]!.index! + words[i - 1]![0].length, w.index));
    const capital = /^\p{Lu}/u.test(word);
    if (capital && !(atSentenceStart && SENTENCE_STARTERS.has(word.toLowerCase()))) {
      let j = i;
      let end = i;
      while (j + 1 < words.length) {
        const next = words[j + 1]![0];
        const gap = text.slice(words[j]!.index! + words[j]![0].length, words[j + 1]!.index);
        if (/[,;:()!?]|\.\s/.test(gap) || tokenEndsSentence(words[j]![0])) break;
        // A date after a name ends it: "Guyana 1 August 1973", "Haiti July 2, 2002" are a name and a date.
        const after = words[j + 2]?.[0] ?? '';
        if ((/^\d{1,2}$/.test(next) && MONTH.test(after)) || (MONTH.test(next) && /^\d/.test(after))) break;
        // … and a date ends before the name after it: "1 May 1974 Dominica".
        if (/^\d/.test(words[j]![0]) && j > i && MONTH.test(words[j - 1]![0])) break;
        if (/^\p{Lu}/u.test(next) || /^\d/.test(next)) { j++; end = j; continue; }
        if (CONNECTORS.has(next.toLowerCase()) && j + 2 < words.length && /^\p{Lu}/u.test(words[j + 2]![0])) { j++; continue; }
        break;
      }
      const s = w.index!;
      const e = words[end]!.index! + words[end]![0].length;
      const phrase = text.slice(s, e).replace(/[.'’]+$/, '');
      if (!(end === i && isStopWord(word.toLowerCase()))) out.push({ text: phrase, start: s, end: s + phrase.length, kind: 'name' });
      i = end + 1;
      continue;
    }
    if (/^\d/.test(word)) out.push({ text: word.replace(/[.,]+$/, ''), start: w.index!, end: w.index! + word.replace(/[.,]+$/, '').length, kind: 'number' });
    i++;
  }
  // Drop names inside quoted mentions.
  return out.filter((m) => m.kind === 'quoted' || !out.some((q) => q.kind === 'quoted' && q.start <= m.start && m.end <= q.end));
}
