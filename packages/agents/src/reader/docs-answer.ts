// The reader for technical documentation. When the evidence reads as docs (code spans, tables)
// the answer is a span of the shape the question asks for (docs-question.ts): a default value
// named by a default marker or a table's Default column, an environment variable, a flag, a
// status code, a module specifier, a function or option name, a number with its unit; a how-to
// question is answered by the key call or option its best sentences name. Where no span of the
// asked shape is found — and always for "What does X do?" — the answer is the best supporting
// sentence, marked as a passage answer (form 'sentence'), never a token picked for its looks.
// A question that asks for none of these shapes (a name, a year, a person) goes on to the
// encyclopaedic reader (read-answer.ts) unchanged.
import { contentTerms } from '../internal/spans.js';
import { defaultCells } from './default-table.js';
import { docsQuestion, type DocsQuestion } from './docs-question.js';
import { docsSpans, isTechnicalText, shapeOf, type DocsSpan } from './docs-spans.js';
import { quantityAsk, quantityFactor } from './docs-quantity.js';
import { firstSentOfEachChunk, readerSentences } from './docs-depth.js';
import { docsEntries } from './docs-entries.js';
import { entryAnswer } from './docs-entry-answer.js';
import { BOOLEAN, MIN_SHAPE_FIT, inQuestion, namesAsked, shapeFit } from './docs-fit.js';
import { identifierParts, squash } from './docs-identifier.js';
import type { TitleOf } from './next-hop.js';
import type { AnswerType } from '@rag/verify';
import { sentenceAnswer } from './sentence-answer.js';
import { MAX_ALTERNATIVES, type ReadAnswer, type ScoredAlternative, type Sent } from './types.js';

/** Evidence chunks (by retrieval rank) whose sentences give candidates. */
const TOP_CHUNKS = 5;
/** A default marker or Default column naming the span doubles its score (round value). */
const DEFAULT_BONUS = 2;
/** Words on each side of a quantity read for the question's words (a long sentence or table row states many). */
const QUANTITY_WINDOW = 6;

/** Share of the question's words stated within a few words of the span ("5.96 KB per passage" for "… passages?"). */
function nearShare(text: string, sp: { start: number; end: number }, asked: readonly string[]): number {
  if (asked.length === 0) return 0;
  const before = text.slice(0, sp.start).split(/\s+/).slice(-QUANTITY_WINDOW).join(' ');
  const after = text.slice(sp.end).split(/\s+/).slice(0, QUANTITY_WINDOW + 1).join(' ');
  const near = new Set(contentTerms(`${before} ${after}`).map((t) => t.replace(/s$/, '')));
  return asked.filter((t) => near.has(t.replace(/s$/, ''))).length / asked.length;
}

/** Each question word an identifier's parts repeat ("heap" of `--logHeapUsage`) adds this share (round value). */
const PART_BONUS = 0.4;

/**
 * How many of the question's words an identifier's parts repeat, compared on a four-letter
 * stem ("assertions" ~ `requireAssertions`, "fail" ~ `test.fails`), at most two.
 */
function partsInQuestion(text: string, questionTerms: readonly string[]): number {
  const stems = new Set(questionTerms.filter((t) => t.length >= 3).map((t) => t.slice(0, 4)));
  return Math.min(2, new Set(identifierParts(text).filter((w) => stems.has(w.slice(0, 4)))).size);
}

interface DocsCandidate {
  text: string;
  sent: Sent;
  score: number;
  fit: number;
}

/** The share of its row's score a value read beside a boolean or empty default keeps (round value). */
const ROW_VALUE = 0.8;

// A boolean default switches a value on; the value itself is another cell of the row (a code span
// or a short cell: "| `referrerPolicy` | Referrer-Policy | `no-referrer` | `true` |").
const SHORT_CELL_WORDS = 3;

/** The values a row states besides its default cell: its code spans, else its short cells. */
function rowValues(others: readonly string[]): string[] {
  return others.flatMap((cell) => {
    const code = [...cell.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.replace(/^(['"])(.*)\1$/, '$2').trim());
    if (code.length > 0) return code;
    return cell.split(/\s+/).length <= SHORT_CELL_WORDS ? [cell.replace(/^(['"])(.*)\1$/, '$2').trim()] : [];
  });
}

function tableCandidates(query: string, q: DocsQuestion, top: Sent[], best: Map<string, number>, exclude: readonly string[]): DocsCandidate[] {
  const asked = new Set(contentTerms(query));
  const out: DocsCandidate[] = [];
  for (const s of firstSentOfEachChunk(top)) {
    for (const cell of defaultCells(s.chunk.text, q.kindAsked)) {
      const terms = contentTerms(cell.row.replace(cell.value, ''));
      const overlap = terms.filter((t) => asked.has(t)).length / Math.max(1, asked.size);
      if (overlap === 0) continue;
      const sent: Sent = { chunk: s.chunk, rank: s.rank, text: cell.row, start: cell.start, end: cell.end, terms: new Set(terms), score: overlap };
      const score = ((best.get(s.chunk.chunkId) ?? 0) + overlap) * DEFAULT_BONUS;
      // A question asking a kind of value ("which algorithm", "what policy") is not answered by a
      // boolean or empty default: the row's own value is.
      if (q.kindAsked && (BOOLEAN.test(cell.value) || cell.value === '')) {
        for (const value of rowValues(cell.others)) {
          if (!value || inQuestion(value, query, exclude)) continue;
          const fit = shapeFit(q, { text: value, start: 0, end: 0, shape: shapeOf(value), code: true, isDefault: true });
          // A row's own value is a second reading: it ranks below a row whose default cell states the value.
          out.push({ text: value, sent, score: score * Math.min(fit, 1) * ROW_VALUE, fit });
        }
        continue;
      }
      out.push({ text: cell.value, sent, score, fit: 1.5 });
    }
  }
  return out;
}

// API reference pages are titled by the API ("withImplementation | Mocks — …"): a title head that
// reads as an identifier is a candidate of the page's best sentence.
function titleCandidates(query: string, q: DocsQuestion, top: Sent[], best: Map<string, number>, exclude: readonly string[], titleOf?: TitleOf): DocsCandidate[] {
  if (!titleOf) return [];
  const out: DocsCandidate[] = [];
  for (const s of firstSentOfEachChunk(top)) {
    const head = titleOf(s.chunk.docId)?.split(/\s+[|—–]\s+/)[0]?.trim();
    if (!head || /\s/.test(head) || inQuestion(head, query, exclude)) continue;
    const sp: DocsSpan = { text: head, start: 0, end: 0, shape: shapeOf(head), code: true, isDefault: false };
    if (!['function', 'option', 'flag', 'command', 'module', 'env'].includes(sp.shape) || !/[.$_A-Z(-]/.test(head.slice(1))) continue;
    const fit = shapeFit(q, sp);
    out.push({ text: head, sent: s, score: best.get(s.chunk.chunkId)! * fit, fit });
  }
  return out;
}

function candidates(query: string, q: DocsQuestion, top: Sent[], exclude: readonly string[], titleOf?: TitleOf): DocsCandidate[] {
  const best = new Map<string, number>();
  for (const s of top) best.set(s.chunk.chunkId, Math.max(best.get(s.chunk.chunkId) ?? 0, s.score));
  // An identifier's parts repeating the question's words count only when an identifier is asked for.
  const qTerms = namesAsked(q) ? contentTerms(query) : [];
  const quantityTerms = q.shape === 'quantity' ? contentTerms(query).filter((t) => !/^(?:large|big|small|long|much|many)$/.test(t)) : [];
  // A quantity or count question: the figure of the sentence stating the question's phrase, of the asked sort (docs-quantity.ts).
  const ask = q.shape === 'quantity' || (q.shape === 'value' && /\bhow\s+(?:many|much)\b/i.test(query)) ? quantityAsk(query) : undefined;
  const out: DocsCandidate[] = [];
  for (const s of top) {
    for (const sp of docsSpans(s.text)) {
      if (inQuestion(sp.text, query, exclude)) continue;
      // A value a default marker names answers a default question unless its shape is clearly another.
      const marked = q.defaultAsked && sp.isDefault;
      const fit = marked ? Math.max(shapeFit(q, sp), shapeFit(q, sp) >= 0.6 ? MIN_SHAPE_FIT : 0) : shapeFit(q, sp);
      const figure = ask && (sp.shape === 'quantity' || sp.shape === 'number') ? quantityFactor(ask, s.text, sp.start, sp.end, sp.shape === 'number' && !!q.unit) : 1;
      const bonus = (marked ? DEFAULT_BONUS : 1) * (sp.code ? 1 + PART_BONUS * partsInQuestion(sp.text, qTerms) : 1) * (1 + nearShare(s.text, sp, quantityTerms)) * figure;
      out.push({ text: sp.text, sent: s, score: ((s.score + best.get(s.chunk.chunkId)!) / 2) * fit * bonus, fit });
    }
  }
  if (q.defaultAsked) out.push(...tableCandidates(query, q, top, best, exclude));
  else out.push(...titleCandidates(query, q, top, best, exclude, titleOf));
  return out.sort((a, b) => b.score - a.score);
}

/** A sentence that names X and then says what it does ("`quill compact` rewrites …"). */
function statesWhatItDoes(text: string, subject: string): boolean {
  const at = text.toLowerCase().replace(/`/g, '').indexOf(subject.toLowerCase());
  if (at < 0) return false;
  const after = text.replace(/`/g, '').slice(at + subject.length).replace(/^\s*(?:--?[\w-]+(?:\s+[A-Z]+)?\s*)*(?:\([^)]*\)\s*)*/, '');
  return /^\s*(?:,?\s*which\s+)?(?:\w+ly\s+)?(?:\p{Ll}+(?:s|es))\b/u.test(after) && !/^\s*(?:is|was|has|does|as|its|this|us)\b/.test(after);
}

/**
 * "What does X do?": the best sentence that names X and says what it does; else the best that
 * names X; else the best supporting sentence. Always a passage answer.
 */
function describeAnswer(subject: string | undefined, top: Sent[]): ReadAnswer | undefined {
  if (subject) {
    const naming = top.filter((s) => s.text.toLowerCase().replace(/`/g, '').includes(subject.toLowerCase()));
    const pick = naming.find((s) => statesWhatItDoes(s.text, subject)) ?? naming[0];
    if (pick) return { text: pick.text.replace(/\s+/g, ' ').trim(), sent: pick, form: 'sentence' };
  }
  return sentenceAnswer(top);
}

const withSentencePath = (answer: ReadAnswer | undefined): ReadAnswer | undefined => (answer ? { ...answer, path: 'sentence' } : undefined);

/** The best score of each distinct candidate text (squashed), best first. */
function distinctAlternatives(ranked: readonly DocsCandidate[]): ScoredAlternative[] {
  const seen = new Set<string>();
  const out: ScoredAlternative[] = [];
  for (const c of ranked) {
    const key = squash(c.text);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text: c.text, score: c.score, fit: c.fit });
    if (out.length >= MAX_ALTERNATIVES) break;
  }
  return out;
}

/** Does the evidence (or the question) read as technical documentation? */
export function isDocsQuestion(query: string, sents: readonly Sent[]): boolean {
  if (/`[^`]+`/.test(query)) return true;
  const chunks = new Map<string, string>();
  for (const s of sents) if (s.rank < 3) chunks.set(s.chunk.chunkId, s.chunk.text);
  // Code spans, a table, or options written as term lines (manual pages: docs-entries.ts).
  return [...chunks.values()].some((text) => isTechnicalText(text) || docsEntries(text).some((e) => e.layout === 'term'));
}

/**
 * The docs reader's answer: a span of the asked shape, else (for a question that asks for a docs
 * shape, a default, a how-to or a description) the best supporting sentence as a passage answer.
 * `undefined` leaves the question to the encyclopaedic reader.
 */
export function readDocsAnswer(query: string, sents: Sent[], form: AnswerType, exclude: readonly string[] = [], titleOf?: TitleOf): ReadAnswer | undefined {
  const q = docsQuestion(query);
  // The top chunks, and a deeper one that holds an identifier the question names (docs-depth.ts).
  const top = readerSentences(query, sents, TOP_CHUNKS, titleOf);
  if (q.describe) return withSentencePath(describeAnswer(q.subject, top));
  // A person, place or date is the encyclopaedic reader's; so is a question that names no docs shape.
  if (!q.shape && !q.howTo && !q.defaultAsked && (form !== 'entity' && form !== 'other')) return undefined;
  const entry = entryAnswer(query, q, top, exclude, titleOf);
  if (entry) return entry;
  let ranked = candidates(query, q, top, exclude, titleOf);
  // "How large / how long …": a figure with a unit of the asked kind answers over any identifier;
  // the figures' own sort (rate, memory, the question's phrase) ranks them among themselves.
  const figure = q.unit ? ranked.find((c) => c.fit >= MIN_SHAPE_FIT) : undefined;
  if (figure) ranked = [figure, ...ranked.filter((c) => c !== figure)];
  const best = ranked[0];
  if (best && best.fit >= MIN_SHAPE_FIT) return { text: best.text, sent: best.sent, form: 'span', path: 'docs', alternatives: distinctAlternatives(ranked) };
  return withSentencePath(sentenceAnswer(top));
}
