// Option entries of API documentation: the unit reference docs describe a setting in. An entry
// names one identifier and says what it is, its type and its default, in one of three layouts:
// - a list item headed by the name in bold or code: "* **keepAliveTimeout** `number` - Default:
//   `4e3` - The timeout after which a socket without active requests will time out.";
// - a heading that is the name (after badges, before its type), and the paragraphs under it:
//   "##### limit\n\nControls the maximum request body size. … Defaults to `'100kb'`.";
// - a table row whose first cell is code: "| `ResponseExceededMaxSizeError` | `UND_ERR_…` | response
//   body exceed the max size allowed |";
// - a term line, as manual pages write options and keywords: a line that is only flags ("-F or
//   --quit-if-one-screen", "--max-redirs <num>"), one CamelCase keyword ("ConnectionAttempts") or
//   a number (an exit code), then the paragraphs describing it.
// A sentence splitter cuts such an entry apart ("Default: `false`." and "Enables support for H2 …"
// become two sentences), so the default never sits in the sentence that matches the question.
// Read whole, the entry whose words best match the question answers it: its default for a
// question asking a value, its name for one asking which option.
import { contentTerms } from '../internal/spans.js';
import { docsSpans, type DocsSpan } from './docs-spans.js';
import { identifierParts } from './docs-identifier.js';

export interface DocsEntry {
  /** The identifier the entry describes. */
  name: string;
  /** Its layout: a list item, a heading and its paragraphs, a table row, or a term line and its paragraphs. */
  layout: 'item' | 'heading' | 'row' | 'term';
  /** The entry's whole text: name, type, default and description. */
  text: string;
  /** Offsets of the entry in the text it was read from. */
  start: number;
  end: number;
}

// Bold or code words that label a field of an entry, not an identifier ("**Type:**", "**Default**").
const FIELD_LABEL = /^(?:type|types|default|defaults|example|examples|required|optional|cli|config|see|note|since|deprecated|returns?|alias|values?|usage|description|parameters?|options?|arguments?)$/i;
const IDENT = '[A-Za-z_$@][\\w$.@/-]*(?:\\(\\))?';
// A list item headed by a name in bold (code inside it or not) or in code, then a separator, a
// type or a parenthesis. A plain word ("- Use `x` …") heads no entry.
const LIST_HEAD = new RegExp(`^[ \\t]*(?:[*+-]|\\d+[.)])[ \\t]+(?:(?:\\*\\*|__)\`?(${IDENT})\`?(?:\\*\\*|__)|\`(${IDENT})\`)(?=[ \\t]*[:\\-–—(\`]|[ \\t]+\`)`);
// A heading naming the entry, after any inline badges ("#### <Badge text=\"optional\" /> alg:
// `string`"), and before its type ("name: `type`"). A call's signature ("router.use([path], …)")
// heads a whole section, not one setting.
const HEADING = new RegExp(`^#{2,6}[ \\t]+(?:<[^>]+>[ \\t]*)*\`?(${IDENT})\`?[ \\t]*(?::[^\\n]*)?$`);
const TABLE_ROW = /^\s*\|(.+)\|\s*$/;
// One flag with an optional argument ("--max-redirs <num>", "-o file", "--sort=ORDER").
const FLAG = String.raw`--?[A-Za-z][\w-]*(?:[ =](?:<[^>]+>|\[[^\]]+\]|[A-Z_]+|[a-z]+))?`;
// … or a number alone, as exit codes are listed ("28\nOperation timeout. …").
const TERM_LINE = new RegExp(String.raw`^\s*(?:${FLAG}(?:(?:,\s*|\s+or\s+)${FLAG})*|[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+|\d{1,3})\s*$`);
const RULE_ROW = /^\s*\|?\s*:?-{3,}/;

/** The entries of a text, in order. */
export function docsEntries(text: string): DocsEntry[] {
  const out: DocsEntry[] = [];
  const lines = text.split('\n');
  let offset = 0;
  let open: { name: string; start: number; end: number; heading: boolean; term?: boolean } | undefined;
  const close = () => {
    if (open) out.push({ name: open.name, layout: open.term ? 'term' : open.heading ? 'heading' : 'item', text: text.slice(open.start, open.end).trim(), start: open.start, end: open.end });
    open = undefined;
  };
  for (const line of lines) {
    const start = offset;
    const end = offset + line.length;
    offset = end + 1;
    const list = LIST_HEAD.exec(line);
    const heading = HEADING.exec(line);
    const row = TABLE_ROW.exec(line);
    const listed = list?.[1] ?? list?.[2];
    if (listed && !FIELD_LABEL.test(listed)) {
      close();
      open = { name: listed, start, end, heading: false };
    } else if (heading && !FIELD_LABEL.test(heading[1]!)) {
      close();
      open = { name: heading[1]!, start, end, heading: true };
    } else if (/^#{1,6}\s/.test(line)) {
      close();
    } else if (TERM_LINE.test(line) && (!open || open.term)) {
      close();
      open = { name: termName(line), start, end, heading: true, term: true };
    } else if (row && !RULE_ROW.test(line)) {
      close();
      const first = row[1]!.split('|')[0]!;
      const code = /`([^`\n]+)`/.exec(first)?.[1];
      if (code && !FIELD_LABEL.test(code)) out.push({ name: code, layout: 'row', text: line.trim(), start, end });
    } else if (open && (line.trim() === '' ? open.heading : true)) {
      // A list entry runs on over its continuation lines; a heading's, over its paragraphs.
      if (!open.heading && /^[ \t]*(?:[*+-]|\d+[.)])[ \t]+/.test(line) && !/^[ \t]{2,}/.test(line)) close();
      else if (open) open.end = end;
    } else close();
  }
  close();
  return out;
}

// Degree words: a question's "shortest wait" is an entry's "minimum" / `minTimeout`, its "largest
// body" a "maximum" / `maxSize`. Each folds to one stem on both sides.
const DEGREE: ReadonlyMap<string, string> = new Map([
  ...['min', 'minimum', 'minimal', 'shortest', 'smallest', 'least', 'lowest', 'fewest'].map((w) => [w, 'min'] as const),
  ...['max', 'maximum', 'maximal', 'longest', 'largest', 'biggest', 'most', 'highest', 'greatest'].map((w) => [w, 'max'] as const),
]);
const stemOf = (word: string): string => DEGREE.get(word) ?? word.slice(0, 4);

/** A term line's name: its flags without their argument placeholders ("--max-redirs <num>" → --max-redirs). */
function termName(line: string): string {
  return line.trim().replace(/[ =](?:<[^>]+>|\[[^\]]+\]|[A-Z_]{2,})(?=$|,|\s+or\s)/g, '');
}

/**
 * Question words found in the entry (or in the title of its page: "wget(1)" says which tool the
 * entry is of), compared on a four-letter stem; the entry's name, when the question names it,
 * counts twice.
 */
export function entryMatch(entry: DocsEntry, questionTerms: readonly string[], named: boolean, title = ''): number {
  const stems = new Set([...contentTerms(`${entry.text} ${title}`), ...identifierParts(entry.name)].map(stemOf));
  const found = new Set(questionTerms.map(stemOf).filter((t) => stems.has(t)));
  return found.size + (named ? 2 : 0);
}


/** The entry's values: its spans other than its own name, defaults marked. */
export function entryValues(entry: DocsEntry): DocsSpan[] {
  const key = entry.name.replace(/\(\)$/, '');
  return docsSpans(entry.text).filter((sp) => sp.text !== key && sp.text !== entry.name);
}
