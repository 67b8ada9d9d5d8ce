// An AskResult as the text of an assistant message: the answer (or, for a retriever, its top
// passages), then the quoted sources and what the checks established, readable in any chat
// client. The structured result travels beside it (the `rag` field of the response).
import type { AskResult } from '../../types.js';

/** Retriever replies list this many passages. */
const PASSAGES = 5;
const PASSAGE_CHARS = 400;

const clip = (s: string, n: number) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1).trimEnd()}…` : t;
};

/** Said before a sentence answer, so a chat reader does not take the sentence for an exact answer. */
export const SENTENCE_PREFIX = 'Passage answer (no exact answer found; the best supporting sentence):';

/** The reply's main text: the answer, what an abstention means, or a retriever's passages. */
export function replyBody(r: AskResult): string {
  if (r.kind === 'evidence') {
    if (r.evidence.length === 0) return `No passage matched the question (method ${r.method}).`;
    const lines = r.evidence.slice(0, PASSAGES).map((e) => `[${e.rank}] ${e.title} — “${clip(e.text, PASSAGE_CHARS)}”`);
    return [`${r.method} ranks passages and does not write an answer; the top ${lines.length} for the question:`, '', ...lines].join('\n');
  }
  const answer = (r.answer ?? '').trim();
  if (answer) return r.form === 'sentence' ? `${SENTENCE_PREFIX} ${answer}` : answer;
  if (r.status !== 'abstained') return `No answer (status: ${r.status}).`;
  return r.verification
    ? `The indexed documents do not answer this question: ${r.verification.reason}.`
    : 'The indexed documents do not answer this question (the method abstained).';
}

/** Sources and verification after the body ('' when there is nothing to add). */
export function replyFooter(r: AskResult): string {
  const parts: string[] = [];
  if (r.kind === 'answer' && r.citations.length > 0) parts.push(['Sources:', ...r.citations.map((c) => `[${c.n}] ${c.title} — “${clip(c.quote, PASSAGE_CHARS)}”`)].join('\n'));
  if (r.verification && r.status !== 'abstained') parts.push(`Verification: ${r.verification.status} — ${r.verification.reason}`);
  else if (r.kind === 'answer' && r.status === 'failed') parts.push('Status: failed (the answer was not verified).');
  return parts.length ? `\n\n${parts.join('\n\n')}` : '';
}

export const replyText = (r: AskResult): string => replyBody(r) + replyFooter(r);

/** The structured result beside the text: citations, verification, evidence (no trace or graph). */
export function ragField(r: AskResult) {
  return {
    question: r.question,
    method: r.method,
    kind: r.kind,
    status: r.status,
    answer: r.answer,
    form: r.form,
    verification: r.verification,
    citations: r.citations,
    evidence: r.evidence.map(({ rank, chunkId, docId, title, score }) => ({ rank, chunkId, docId, title, score })),
    stage: r.stage,
    retries: r.retries,
    cost: r.cost,
  };
}
