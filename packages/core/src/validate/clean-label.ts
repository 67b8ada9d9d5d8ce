// Rules for the short strings a user names things with (document ids, titles, file names) and
// for questions. Ids and titles are normalised to NFC, so two spellings of "é" are one id; the
// characters that make two different ids look the same, or hide what a title says (control,
// zero-width and bidi-control characters), are refused. Limits count UTF-8 bytes, as file
// systems and the store's segments do. Each check names the input it refused.
import { RagError } from '../errors.js';

/** Largest document id, in UTF-8 bytes after NFC. */
export const MAX_ID_BYTES = 512;
/** Largest document title, in UTF-8 bytes after NFC. */
export const MAX_TITLE_BYTES = 1024;
/** Largest file name (one path component) most file systems store: 255 bytes. */
export const MAX_FILE_NAME_BYTES = 255;

/** C0 controls (NUL, tab, newline …), DEL and C1 controls. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
/** Zero-width characters (U+200B–U+200D, U+2060–U+2064, U+FEFF) and bidi controls (marks U+200E, U+200F, U+061C; embeddings and overrides U+202A–U+202E; isolates U+2066–U+2069). */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const codePoint = (s: string) => `U+${s.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong with a string under the text rules (U+FFFD, unpaired surrogates), or undefined. */
export function textProblem(value: string): string | undefined {
  const bad = value.indexOf('\uFFFD');
  if (bad >= 0) return `contains U+FFFD replacement characters at offset ${bad} (the source was not valid UTF-8)`;
  if (!(value as string & { isWellFormed(): boolean }).isWellFormed()) return 'contains unpaired UTF-16 surrogates';
  return undefined;
}

/** What is wrong with an (already NFC) label, or undefined. */
function labelProblem(value: string, maxBytes: number, allowBlank: boolean): string | undefined {
  const text = textProblem(value);
  if (text) return text;
  if (!allowBlank && !/\S/u.test(value)) return value === '' ? 'must not be empty' : 'must not be whitespace only';
  const control = CONTROL.exec(value);
  if (control) return `contains the control character ${codePoint(control[0])} at offset ${control.index}`;
  const invisible = INVISIBLE.exec(value);
  if (invisible) return `contains the zero-width or bidi-control character ${codePoint(invisible[0])} at offset ${invisible.index}`;
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > maxBytes) return `is ${bytes} bytes of UTF-8, over the ${maxBytes}-byte limit`;
  return undefined;
}

const refuse = (inputName: string, problem: string, code: 'RAG_INVALID_INPUT' | 'RAG_INVALID_TEXT' = 'RAG_INVALID_INPUT') =>
  new RagError(code, `${inputName}: ${problem}`, { details: { input: inputName } });
const codeOf = (problem: string) => (/U\+FFFD|surrogates/.test(problem) ? 'RAG_INVALID_TEXT' : 'RAG_INVALID_INPUT');

/** An id as stored: NFC, or the reason it is refused (empty, whitespace only, control / zero-width / bidi characters, over {@link MAX_ID_BYTES}). */
export function checkId(value: string): { value: string } | { problem: string } {
  const problem = textProblem(value);
  if (problem) return { problem };
  const nfc = value.normalize('NFC');
  const p = labelProblem(nfc, MAX_ID_BYTES, false);
  return p ? { problem: p } : { value: nfc };
}

/**
 * A title as stored: NFC with tabs and line breaks turned into spaces and the ends trimmed
 * (undefined when nothing is left), or the reason it is refused (other control characters,
 * zero-width / bidi characters, over {@link MAX_TITLE_BYTES}).
 */
export function checkTitle(value: string): { value: string | undefined } | { problem: string } {
  const problem = textProblem(value);
  if (problem) return { problem };
  const nfc = value.normalize('NFC').replace(/[\t\n\r]+/g, ' ').trim();
  if (nfc === '') return { value: undefined };
  const p = labelProblem(nfc, MAX_TITLE_BYTES, true);
  return p ? { problem: p } : { value: nfc };
}

/** {@link checkId} that throws RAG_INVALID_INPUT / RAG_INVALID_TEXT naming `inputName`. */
export function cleanId(inputName: string, value: unknown): string {
  if (typeof value !== 'string') throw refuse(inputName, 'expected a string id');
  const r = checkId(value);
  if ('problem' in r) throw refuse(inputName, r.problem, codeOf(r.problem));
  return r.value;
}

/** {@link checkTitle} that throws naming `inputName`. */
export function cleanTitle(inputName: string, value: unknown): string | undefined {
  if (typeof value !== 'string') throw refuse(inputName, 'expected a string');
  const r = checkTitle(value);
  if ('problem' in r) throw refuse(inputName, r.problem, codeOf(r.problem));
  return r.value;
}

/** What is wrong with a file name's length (bytes, as the file system counts), or undefined. */
export function fileNameProblem(name: string): string | undefined {
  const bytes = Buffer.byteLength(name, 'utf8');
  return bytes > MAX_FILE_NAME_BYTES ? `is ${bytes} bytes of UTF-8, over the ${MAX_FILE_NAME_BYTES}-byte limit of file names` : undefined;
}

/** What is wrong with a question (invalid text, or no letter or digit at all), or undefined. */
export function questionProblem(question: string): string | undefined {
  const text = textProblem(question);
  if (text) return text;
  if (!LETTER_OR_DIGIT.test(question)) return 'must contain at least one letter or digit';
  return undefined;
}

/** Throws RAG_INVALID_INPUT / RAG_INVALID_TEXT naming `inputName` when {@link questionProblem} finds one. */
export function assertQuestion(inputName: string, question: string): void {
  const p = questionProblem(question);
  if (p) throw refuse(inputName, p, codeOf(p));
}
