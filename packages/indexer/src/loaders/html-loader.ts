// HTML: text only (scripts, styles and markup dropped); the <title> becomes the doc title.
import type { DocInput } from '@rag/core';
import { convert } from 'html-to-text';

export function loadHtml(id: string, html: string, source: string): DocInput {
  const titleMatch = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = titleMatch?.[1] ? convert(titleMatch[1], { wordwrap: false }).trim() : undefined;
  const text = convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'head', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  }).trim();
  return { id, ...(title ? { title } : {}), text, metadata: { source, format: 'html' } };
}
