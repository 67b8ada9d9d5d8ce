// Locate an answer inside evidence text at token level: an exact (normalised) span when there
// is one, otherwise the tightest window covering the most answer terms. Numbers must match
// exactly, and a negation cue just before the match is reported as a contradiction cue.
import { NEGATION_CUES, isNumeric, isStopWord, tokenize, type Token } from './normalize.js';

export interface TextMatch {
  /** Share of the answer's distinct content terms found inside the best window (0..1). */
  coverage: number;
  /** The answer's content terms occur contiguously and in order. */
  contiguous: boolean;
  /** Offsets of the matched window in the searched text. */
  start: number;
  end: number;
  /** Answer numbers (years, counts) missing from the window. */
  missingNumbers: string[];
  /** A negation cue precedes or sits inside the matched window. */
  negated: boolean;
}

/** Content tokens of an answer (all tokens if it has only stop words, e.g. "The Who"). */
export function answerTerms(answer: string): readonly Token[] {
  const all = tokenize(answer);
  const content = all.filter((t) => !isStopWord(t.norm));
  return content.length > 0 ? content : all;
}

/** A sentence ends between two tokens: a full stop, "!" or "?" and then white space. */
const SENTENCE_END = /[.!?]["'”’)\]]*\s/;

/**
 * A negation cue in the five tokens before the match or inside it. A negation's scope ends with
 * its sentence: "… without warnings. Publish with `pnpm publish -r`" is not negated. A word of
 * the answer itself is no cue: the film "His Name Is Nobody" is not a negated claim.
 */
function negationNear(text: string, tokens: readonly Token[], from: number, to: number, own: ReadonlySet<string>): boolean {
  let start = Math.max(0, from - 5);
  for (let k = from - 1; k >= start; k--) {
    if (SENTENCE_END.test(text.slice(tokens[k]!.end, tokens[k + 1]!.start))) {
      start = k + 1;
      break;
    }
  }
  for (let i = start; i <= to && i < tokens.length; i++) {
    const t = tokens[i];
    if (!t) continue;
    // "No. 13" is a number, not a negation.
    if (t.norm === 'no' && isNumeric(tokens[i + 1]?.norm ?? '')) continue;
    if (own.has(t.norm)) continue;
    if (NEGATION_CUES.has(t.norm) || t.negated) return true;
  }
  return false;
}

/** Best match of `answer` in `text`, or undefined when no answer term occurs at all. */
export function matchAnswer(answer: string, text: string, options: { window?: number } = {}): TextMatch | undefined {
  const terms = answerTerms(answer).map((t) => t.norm);
  const distinct = [...new Set(terms)];
  if (distinct.length === 0) return undefined;
  const all = tokenize(text);
  // Indices into `all` of tokens that are answer terms.
  const wanted = new Set(distinct);
  const hits: number[] = [];
  for (let i = 0; i < all.length; i++) if (wanted.has(all[i]!.norm)) hits.push(i);
  if (hits.length === 0) return undefined;

  // Contiguous: the answer's term sequence in order, allowing stop words in between.
  const content = all.map((t, i) => ({ t, i })).filter(({ t }) => !isStopWord(t.norm) || wanted.has(t.norm));
  for (let s = 0; s + terms.length <= content.length; s++) {
    let ok = true;
    for (let j = 0; j < terms.length; j++) if (content[s + j]!.t.norm !== terms[j]) { ok = false; break; }
    if (ok) {
      const first = content[s]!;
      const last = content[s + terms.length - 1]!;
      return {
        coverage: 1,
        contiguous: true,
        start: first.t.start,
        end: last.t.end,
        missingNumbers: [],
        negated: negationNear(text, all, first.i, last.i, wanted),
      };
    }
  }

  // Otherwise the window (by default at most ~2× the answer length, min 8 tokens) covering most terms.
  const width = options.window ?? Math.max(8, terms.length * 2);
  let best = { count: 0, from: hits[0]!, to: hits[0]! };
  for (let a = 0; a < hits.length; a++) {
    const seen = new Set<string>();
    let to = hits[a]!;
    for (let b = a; b < hits.length && hits[b]! - hits[a]! < width; b++) {
      seen.add(all[hits[b]!]!.norm);
      to = hits[b]!;
    }
    if (seen.size > best.count || (seen.size === best.count && to - hits[a]! < best.to - best.from))
      best = { count: seen.size, from: hits[a]!, to };
  }
  const inWindow = new Set(all.slice(best.from, best.to + 1).map((t) => t.norm));
  return {
    coverage: best.count / distinct.length,
    contiguous: false,
    start: all[best.from]!.start,
    end: all[best.to]!.end,
    missingNumbers: distinct.filter((t) => isNumeric(t) && !inWindow.has(t)),
    negated: negationNear(text, all, best.from, best.to, wanted),
  };
}

/** Share of `terms` present anywhere in `text` (bag of normalised tokens). */
/** The contiguous matches of the answer in a text, first to last (at most ten). */
export function answerOccurrences(answer: string, text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let from = 0; from < text.length && out.length < 10; ) {
    const m = matchAnswer(answer, text.slice(from));
    if (!m?.contiguous) break;
    out.push({ start: from + m.start, end: from + m.end });
    from += m.end;
  }
  return out;
}

export function termCoverage(terms: string[], textTokens: ReadonlySet<string>): { coverage: number; missing: string[] } {
  const distinct = [...new Set(terms)];
  if (distinct.length === 0) return { coverage: 0, missing: [] };
  const missing = distinct.filter((t) => !textTokens.has(t));
  return { coverage: (distinct.length - missing.length) / distinct.length, missing };
}
