// Per-document summaries for the A2RAG summarized-KB gate (§III-B.1: s_j per document, the
// gate compares the query with every s_j). Extractive in embedded mode: the title plus the
// lead sentences, which is where encyclopedic and news text states what it is about.
import { chatWithBudget, quoteUntrusted, UNTRUSTED_DATA_NOTICE, type ChatModel, type Doc, type RunContext, type Span } from '@rag/core';

export interface DocSummaryOptions {
  /** Lead sentences kept (default 2). */
  sentences?: number;
  /** Hard cap in characters (default 400). */
  maxChars?: number;
}

export function extractiveSummary(doc: Pick<Doc, 'title' | 'text'>, sentences: Span[], options: DocSummaryOptions = {}): string {
  const n = options.sentences ?? 2;
  const max = options.maxChars ?? 400;
  const lead = sentences
    .slice(0, n)
    .map((s) => doc.text.slice(s.start, s.end).trim())
    .join(' ');
  const body = lead || doc.text.slice(0, max);
  const text = doc.title && !body.toLowerCase().startsWith(doc.title.toLowerCase()) ? `${doc.title}: ${body}` : body;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export async function llmSummary(model: ChatModel, doc: Pick<Doc, 'title' | 'text'>, context?: RunContext): Promise<string> {
  const res = await chatWithBudget(
    model,
    {
      messages: [
        { role: 'system', content: `Summarise the document in at most two sentences: what it is about and its main entities. ${UNTRUSTED_DATA_NOTICE}` },
        { role: 'user', content: `${doc.title ? `Title: ${JSON.stringify(doc.title)}\n` : ''}${quoteUntrusted(doc.text.slice(0, 8000))}` },
      ],
      temperature: 0,
      maxTokens: 160,
    },
    context,
    { name: 'doc-summary' },
  );
  return res.text.trim().slice(0, 1000);
}
