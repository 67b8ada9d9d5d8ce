// Plain text and Markdown: the text is kept verbatim so chunk offsets point into the file.
import type { DocInput } from '@rag/core';

export function loadText(id: string, text: string, source: string): DocInput {
  return { id, title: firstLineTitle(text), text, metadata: { source, format: 'text' } };
}

export function loadMarkdown(id: string, text: string, source: string): DocInput {
  const heading = /^\s{0,3}#\s+(.+?)\s*#*\s*$/m.exec(text);
  const title = heading?.[1]?.trim() || firstLineTitle(text);
  return { id, ...(title ? { title } : {}), text, metadata: { source, format: 'markdown' } };
}

function firstLineTitle(text: string): string | undefined {
  const line = text.split('\n', 1)[0]?.trim();
  return line && line.length <= 120 ? line : undefined;
}
