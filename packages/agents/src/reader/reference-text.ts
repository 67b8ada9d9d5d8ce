// Reading reference text: documentation, manuals, licences and policies, as opposed to an
// encyclopaedia. In an encyclopaedia most capitalised phrases are names of things with articles
// of their own, and a name the evidence states near the question's words is usually the answer.
// In reference text capitalised phrases are mostly defined terms ("the Licensor", "Covered
// Software"), headings and sentence-opening verbs ("Specify", "Use"); answers are more often
// phrases ("at the start of each source file", "more than fifty percent"). So over reference
// text a name span is answered only when the question asks for a name (the term something is
// called, or a name of a type: "which organisation") and the name fits; otherwise the reader
// answers with the best supporting sentence, as a passage answer (sentence-answer.ts).
//
// Whether a corpus is reference text is measured, not configured: its anchoring, the share of
// its documents titled by a typed named entity (@rag/retrievers' entityAnchoring, the same
// figure that decides how far a2rag's graph ranking may move the lexical one). Measured on the
// development corpora: 0.016 on the Vitest docs, 0.82–0.89 on the Wikipedia sets; below one half
// the corpus is not mostly entity articles.
import type { RagIndex } from '@rag/indexer';
import { entityAnchoring } from '@rag/retrievers';
import type { Candidate } from './types.js';
import { confidentSpan } from './sentence-answer.js';

/** Below this anchoring a corpus is read as reference text (round value: "not mostly entity articles"). */
export const REFERENCE_TEXT_ANCHORING = 0.5;
// Documents below which a corpus's anchoring is not read (round value: a share over fewer
// documents than this says little about the corpus).
const MIN_MEASURED_DOCS = 20;

/**
 * True when the index is a whole RagIndex whose corpus is not mostly entity articles. Over an
 * empty graph or a handful of documents anchoring measures nothing, and the reader keeps its
 * encyclopaedic default (false); so does an index that is not a whole RagIndex. Cheap per call:
 * the manifest counts the documents, and entityAnchoring is computed once per graph version.
 */
export function isReferenceCorpus(index: object | undefined): boolean {
  const whole = index as Partial<RagIndex> | undefined;
  if (!whole || typeof whole.manifest !== 'function' || typeof whole.docs !== 'function' || typeof whole.graph?.getNode !== 'function') return false;
  return whole.graph.nodeCount > 0 && whole.manifest().docs >= MIN_MEASURED_DOCS && entityAnchoring(whole as RagIndex) < REFERENCE_TEXT_ANCHORING;
}

// The question asks for what something is called: "what is X called", "what term", "the name
// for", "what wording", "which word". The answer is then a defined term or a quoted phrase.
// "Under the licence's terms" or "does the licence name …" ask for no name.
const ASKS_NAME = /\b(?:called|named)\b|\b(?:what|which)\s+(?:\w+\s+)?(?:term|word|phrase|wording|name|title|label)s?\b|\bthe\s+(?:term|name|word|phrase|wording)s?\s+(?:for|of)\b/i;

/** True when the question asks for the term or name something goes by. */
export function asksForName(query: string): boolean {
  return ASKS_NAME.test(query);
}

// A name typed as asked gains at least a third (candidate-type.ts MATCH = 1.3 from the type or
// the head noun); anything below means no reader typed it as asked.
const TYPED_AS_ASKED = 1.25;

/**
 * Whether a span may be answered over reference text: numbers and dates always (their shape is
 * asked: "how many", "what deadline"); a name when the question asks for a name, or when a
 * reader typed it as the asked type or head noun. Over an encyclopaedia: the usual rule
 * (confidentSpan).
 */
export function answerableSpan(c: Pick<Candidate, 'fit' | 'span'>, query: string, referenceText: boolean): boolean {
  if (!confidentSpan(c)) return false;
  // Lower-case phrases (a descriptor's noun phrase) are not names: only a capitalised one is held back.
  if (!referenceText || c.span.kind !== 'name' || !/^\p{Lu}/u.test(c.span.text)) return true;
  return asksForName(query) || c.fit >= TYPED_AS_ASKED;
}
