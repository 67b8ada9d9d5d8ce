// Answer spans of technical documentation: code spans (`x`), and outside them the identifiers and
// values docs state bare (environment variables, CLI flags, HTTP status codes, numbers with
// units), each with the shape it reads as, and whether a default marker names it ("Default:
// `y`", "defaults to X", "(default: `y`)", "X by default", a table's Default column: default-table.ts).
import type { DocsShape } from './docs-question.js';

export type SpanShape = DocsShape | 'number' | 'text';

export interface DocsSpan {
  text: string;
  /** Offsets into the text the span was read from. */
  start: number;
  end: number;
  shape: SpanShape;
  /** Written as code (`x`). */
  code: boolean;
  /** A default marker names this span as the default value. */
  isDefault: boolean;
}

const CODE_SPAN = /`([^`\n]+)`/g;
const BARE_DEFAULT = /\b(?:the default is|defaults to|default:)\s+([A-Za-z0-9][\w.+/-]*[A-Za-z0-9])/gi;
// A quote closed by an apostrophe and followed by more words: "`{}' is allowed within the command, …".
const MAN_QUOTE = /'\s+\p{L}/u;
const BARE: readonly [RegExp, SpanShape][] = [
  [/(?<![\w$.-])[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g, 'env'],
  [/(?<![\w/-])--?[a-zA-Z][\w.-]*(?:=[\w.:/-]+)?/g, 'flag'],
  [/\b\d[\d,._]*(?:\.\d+)?\s?(?:ms|milliseconds?|s|secs?|seconds?|min|minutes?|h|hours?|days?|[KMGT]i?B|bytes?|%|px|x)(?:\/[a-z]+)?(?![\w])/g, 'quantity'],
  [/\b[1-5]\d\d\b/g, 'status'],
  [/\b\d[\d,._]*(?:\.\d+)?\b/g, 'number'],
];
// Words before a value that say it is the default ("Default: `x`", "defaults to x", "default is x",
// "(default: x)", "default value of x is", "the default status code is x", "the default is to
// retry x times").
const DEFAULT_BEFORE = /\bdefault(?:s|\s+value)?(?:\s+(?:value\s+)?(?:is|was|being|of\s+[^,.;:]{1,40}?\s+is)|(?:\s+[a-z][\w-]*){1,3}\s+(?:is|are|was))?\s*\**\s*:?\s*\**\s*(?:to\s+)?(?:is\s+)?$|\bthe default is to \w+\s+$/i;
// A clause that opens with "By default" and names its value a few words on ("By default, it uses
// x", "by default the timeout is set to x"); the clause may not end before the value.
const BY_DEFAULT_CLAUSE = /\bby default,?\s+(?:[^\s.;:!?]+\s+){0,4}?(?:uses?|is|are|returns?|sends?|sets?|set to|becomes?)\s*:?\s*(?:to\s+)?$/i;
// Words after a value that say it is the default ("`x` by default", "`x` (default)").
const DEFAULT_AFTER = /^\s*(?:is\s+(?:the\s+)?default|\(default\)|by default|is used by default)/i;
const COMMANDS = /^(?:npx|pnpm|npm|yarn|bun|bunx|deno|node|git|docker|rag|rag-eval|vitest|curl)\b/;

/** The shape a code span's content reads as. */
export function shapeOf(raw: string): SpanShape {
  const t = raw.trim();
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=\S*)?$/.test(t) || /^[A-Z][A-Z0-9_]{1,}=\S+$/.test(t)) return 'env';
  if (/^--?[a-zA-Z][\w.-]*(?:[= ]\S+)?$/.test(t)) return 'flag';
  if (/^[1-5]\d\d$/.test(t)) return 'status';
  if (/^-?\d[\d,._]*(?:\.\d+)?(?:e\d+)?$/.test(t) || /^v?\d+(?:\.\d+){1,3}(?:-[\w.]+)?$/.test(t)) return 'number';
  if (/^\d[\d,._]*(?:\.\d+)?\s?[a-zA-Z%]+$/.test(t)) return 'quantity';
  // A command line: a known tool and its words, or lower-case words with a flag ("quill build --prod").
  if ((COMMANDS.test(t) && /\s/.test(t)) || /^[a-z][\w.-]*(?:\s+[\w.:/@-]+)*\s+--?[a-zA-Z][\w.-]*(?:[= ]\S+)*$/.test(t)) return 'command';
  if (/^(?:@[\w.-]+\/[\w.-]+(?:\/[\w.-]+)*|[a-z][\w.-]*\/[\w./-]+|(?:node|bun|deno|npm):[\w/.-]+)$/.test(t)) return 'module';
  // A manual page reference ("grep(1)", "ssh_config(5)") names a page, not a call.
  if (/^[\w.-]+\(\d\w*\)$/.test(t)) return 'value';
  if (/^[\w$.]+\s*\(.*\)$/.test(t) || /^[a-z_$][\w$]*\.[a-z_$][\w$]*(?:\.[\w$]+)*$/.test(t)) return 'function';
  if (/^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/.test(t)) return 'module';
  if (/^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/.test(t)) return 'option';
  return 'value';
}

/** A code span's value without the quotes of a string literal (`'forks'` → forks). */
function unquote(text: string, start: number): { text: string; start: number } {
  const m = /^(['"])(.*)\1$/.exec(text);
  return m ? { text: m[2]!, start: start + 1 } : { text, start };
}

function isDefaultAt(text: string, start: number, end: number): boolean {
  // Up to the previous sentence mark: "Default: `x` in Node.js, `y` if …" names x, not y.
  const before = text.slice(Math.max(0, start - 60), start).replace(/[`'"]/g, '');
  return DEFAULT_BEFORE.test(before) || BY_DEFAULT_CLAUSE.test(before) || DEFAULT_AFTER.test(text.slice(end).replace(/^[`'"]+/, ''));
}

// Encyclopaedia dumps quote titles ``like this'' (a LaTeX habit kept by MuSiQue's corpus): those
// are quotation marks, not code. They are read as "" of the same length, so offsets hold.
const TEX_QUOTE = /(?<!`)``(?!`)([^`\n]{1,200}?)''/g;
const withoutTexQuotes = (text: string): string => text.replace(TEX_QUOTE, (_, inner: string) => `""${inner}""`);

/** Every answer span of `text`: code spans first, then bare identifiers and values outside them. */
export function docsSpans(raw: string): DocsSpan[] {
  const text = withoutTexQuotes(raw);
  const out: DocsSpan[] = [];
  const covered: [number, number][] = [];
  for (const m of text.matchAll(CODE_SPAN)) {
    const at = m.index! + 1;
    const inner = unquote(m[1]!.trim(), at + m[1]!.indexOf(m[1]!.trim()));
    covered.push([m.index!, m.index! + m[0].length]);
    // Manual pages quote `like this': the text between two such quotes is prose, not code.
    if (!inner.text || MAN_QUOTE.test(inner.text)) continue;
    const end = inner.start + inner.text.length;
    out.push({ text: inner.text, start: inner.start, end, shape: shapeOf(inner.text), code: true, isDefault: isDefaultAt(text, m.index!, m.index! + m[0].length) });
  }
  for (const [re, shape] of BARE) {
    for (const m of text.matchAll(re)) {
      const start = m.index!;
      const end = start + m[0].length;
      if (covered.some(([a, b]) => start < b && end > a)) continue;
      covered.push([start, end]);
      out.push({ text: m[0], start, end, shape, code: false, isDefault: isDefaultAt(text, start, end) });
    }
  }
  // A default written bare ("The default is HS256."): the identifier or literal right after the
  // marker, when it reads as one (a digit or a capital inside, or a literal), not an English word.
  for (const m of text.matchAll(BARE_DEFAULT)) {
    const value = m[1]!;
    const start = m.index! + m[0].length - value.length;
    const end = start + value.length;
    if (covered.some(([a, b]) => start < b && end > a) || !(/\d|.\p{Lu}/u.test(value) || /^(?:true|false|null|none|undefined)$/i.test(value))) continue;
    covered.push([start, end]);
    out.push({ text: value, start, end, shape: shapeOf(value), code: false, isDefault: true });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Does the text read as technical documentation (code spans, a fenced block or a table)? */
export function isTechnicalText(text: string): boolean {
  return /`[^`\n]+`/.test(withoutTexQuotes(text)) || /^\s*\|.*\|\s*$/m.test(text);
}
