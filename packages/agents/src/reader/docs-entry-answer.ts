// Answering from API option entries (docs-entries.ts): the entry that matches the question
// clearly best answers it, with its default or only value of the asked shape for a value
// question, with its name (or its row's code) for a question asking which option.
import { contentTerms } from '../internal/spans.js';
import { askedIdentifiers, firstSentOfEachChunk } from './docs-depth.js';
import { docsEntries, entryMatch, entryValues, type DocsEntry } from './docs-entries.js';
import { MIN_SHAPE_FIT, inQuestion, namesAsked, shapeFit } from './docs-fit.js';
import { squash } from './docs-identifier.js';
import type { DocsQuestion } from './docs-question.js';
import { shapeOf, type DocsSpan } from './docs-spans.js';
import type { TitleOf } from './next-hop.js';
import type { ReadAnswer, Sent } from './types.js';

/** Question words an entry must match, and by how many more than the next entry (round values). */
const ENTRY_MIN_MATCH = 2;
const ENTRY_MARGIN = 1;
const HOW_MUCH = /\bhow\s+(?:many|much|long|large|big|deep|fast|often)\b/i;

interface ScoredEntry {
  entry: DocsEntry;
  sent: Sent;
  match: number;
}

/** The entries of the top chunks, scored against the question; a question asking which option does not score the option it names. */
function scoredEntries(query: string, top: readonly Sent[], wantsValue: boolean, titleOf?: TitleOf): ScoredEntry[] {
  const terms = contentTerms(query);
  const asked = new Set(askedIdentifiers(query));
  const out: ScoredEntry[] = [];
  for (const s of firstSentOfEachChunk(top)) {
    for (const entry of docsEntries(s.chunk.text)) {
      // A row's values are read by its columns (default-table.ts): rows answer which name or code.
      if (wantsValue && entry.layout === 'row') continue;
      const named = asked.has(squash(entry.name.replace(/\(\)$/, '')));
      if (named && !wantsValue) continue;
      const sent: Sent = { chunk: s.chunk, rank: s.rank, text: entry.text, start: entry.start, end: entry.end, terms: new Set(contentTerms(entry.text)), score: s.score };
      out.push({ entry, sent, match: entryMatch(entry, terms, named, titleOf?.(s.chunk.docId)) });
    }
  }
  return out.sort((a, b) => b.match - a.match || a.sent.rank - b.sent.rank);
}

/**
 * The entry that matches the question clearly best answers it (docs-entries.ts): with its default
 * (or a value of the asked shape) when the question asks a value, with its name when it asks
 * which option. Undefined when no entry stands out or it holds nothing of the asked shape.
 */
export function entryAnswer(query: string, q: DocsQuestion, top: readonly Sent[], exclude: readonly string[], titleOf?: TitleOf): ReadAnswer | undefined {
  const wantsValue = q.defaultAsked || q.shape === 'value' || q.shape === 'quantity' || q.shape === 'status' || HOW_MUCH.test(query);
  const wantsName = !wantsValue && namesAsked(q);
  if (!wantsValue && !wantsName) return undefined;
  const [best, second] = scoredEntries(query, top, wantsValue, titleOf);
  if (!best || best.match < ENTRY_MIN_MATCH || best.match - (second?.match ?? 0) < ENTRY_MARGIN) return undefined;
  if (wantsName) {
    // The entry's name, or a code of its row when that is the asked shape ("which error code": the
    // code cell beside the error's name).
    // A term line's flags ("-F or --quit-if-one-screen") have the shape of their first.
    const shape = shapeOf(best.entry.layout === 'term' ? best.entry.name.split(/,\s*|\s+or\s+/)[0]! : best.entry.name);
    const name: DocsSpan = { text: best.entry.name, start: 0, end: 0, shape, code: true, isDefault: false };
    const own = [name, ...(best.entry.layout === 'row' ? entryValues(best.entry).filter((v) => v.code) : [])].filter((sp) => !inQuestion(sp.text, query, exclude));
    const pick = own.reduce<DocsSpan | undefined>((a, sp) => (a === undefined || shapeFit(q, sp) > shapeFit(q, a) ? sp : a), undefined);
    return pick && shapeFit(q, pick) >= MIN_SHAPE_FIT ? { text: pick.text, sent: best.sent, form: 'span', path: 'docs-entry' } : undefined;
  }
  // A numbered entry (an exit code's line) is itself the value it describes.
  if (best.entry.layout === 'term' && /^\d+$/.test(best.entry.name) && !q.defaultAsked) {
    const code: DocsSpan = { text: best.entry.name, start: 0, end: 0, shape: 'number', code: false, isDefault: false };
    return shapeFit(q, code) >= MIN_SHAPE_FIT && !inQuestion(code.text, query, exclude) ? { text: code.text, sent: best.sent, form: 'span', path: 'docs-entry' } : undefined;
  }
  const values = entryValues(best.entry).filter((v) => !inQuestion(v.text, query, exclude));
  // A default question takes the entry's default; any other value question the entry's one value
  // of the asked shape (with two or more, which one is asked is the sentence reader's to tell).
  const fitting = values.filter((v) => shapeFit(q, v) >= MIN_SHAPE_FIT);
  const value = q.defaultAsked ? values.find((v) => v.isDefault && shapeFit(q, v) >= 0.6) : fitting.length === 1 ? fitting[0] : undefined;
  return value ? { text: value.text, sent: best.sent, form: 'span', path: 'docs-entry' } : undefined;
}
