// PDF text through unpdf (a maintained pdf.js build for Node). Pages are joined with blank
// lines and their start offsets kept in metadata, so chunks can report their page numbers.
import type { DocInput } from '@rag/core';

export async function loadPdf(id: string, bytes: Uint8Array, source: string): Promise<DocInput> {
  // lazy: pdf.js is heavy and most corpora have no PDFs
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  const { totalPages, text: pages } = await extractText(pdf, { mergePages: false });
  const pageStarts: number[] = [];
  let text = '';
  for (const page of pages) {
    if (text.length > 0) text += '\n\n';
    pageStarts.push(text.length);
    text += page.trim();
  }
  let title: string | undefined;
  try {
    const meta = await pdf.getMetadata();
    const info = meta.info as Record<string, unknown> | undefined;
    if (typeof info?.Title === 'string' && info.Title.trim()) title = info.Title.trim();
  } catch {
    // metadata is optional
  }
  return { id, ...(title ? { title } : {}), text, metadata: { source, format: 'pdf', pages: totalPages, pageStarts } };
}

/** 1-based page of a character offset, from the `pageStarts` metadata of a PDF doc. */
export function pageAt(pageStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = pageStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((pageStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
