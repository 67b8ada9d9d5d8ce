import { describe, expect, it } from 'vitest';
import { naiveSegment } from '../../test/fixtures/segment.js';
import { chunkDocument, estimateTokens } from './chunker.js';

const sentence = (i: number) => `Sentence number ${i} talks about topic ${i % 7} in some detail here.`;
const longText = Array.from({ length: 200 }, (_, i) => sentence(i)).join(' ');

describe('chunkDocument', () => {
  it('keeps a short passage as one chunk with exact offsets and sentence ranges', () => {
    const text = 'Marie Curie was a physicist. She was born in Warsaw. She won two Nobel Prizes.';
    const [c, ...rest] = chunkDocument({ id: 'd1', text, metadata: {} }, { segment: naiveSegment });
    expect(rest).toEqual([]);
    expect(c).toMatchObject({ id: 'd1::0', docId: 'd1', start: 0, end: text.length, text });
    expect(c!.sentences.map((s) => text.slice(s.start, s.end))).toEqual(['Marie Curie was a physicist.', 'She was born in Warsaw.', 'She won two Nobel Prizes.']);
  });

  it('splits long text on sentence boundaries within the token budget, offsets into the source', () => {
    const chunks = chunkDocument({ id: 'd', text: longText, metadata: {} }, { segment: naiveSegment, chunkTokens: 200 });
    expect(chunks.length).toBeGreaterThan(5);
    const starts = new Set(naiveSegment(longText).map((s) => s.start));
    for (const c of chunks) {
      expect(c.text).toBe(longText.slice(c.start, c.end));
      expect(estimateTokens(c.text)).toBeLessThanOrEqual(200);
      expect(starts.has(c.start)).toBe(true);
      expect(c.text.endsWith('.')).toBe(true);
      for (const s of c.sentences) expect(s.start >= c.start && s.end <= c.end).toBe(true);
    }
    // without overlap, chunks tile the sentences exactly once
    expect(chunks.flatMap((c) => c.sentences).length).toBe(naiveSegment(longText).length);
  });

  it('repeats trailing sentences as overlap and always advances', () => {
    const plain = chunkDocument({ id: 'd', text: longText, metadata: {} }, { segment: naiveSegment, chunkTokens: 200 });
    const over = chunkDocument({ id: 'd', text: longText, metadata: {} }, { segment: naiveSegment, chunkTokens: 200, overlap: 40 });
    expect(over.length).toBeGreaterThan(plain.length);
    for (let i = 1; i < over.length; i++) {
      expect(over[i]!.start).toBeLessThan(over[i - 1]!.end);
      expect(over[i]!.start).toBeGreaterThan(over[i - 1]!.start);
    }
  });

  it('cuts a sentence longer than a chunk on whitespace', () => {
    const text = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkDocument({ id: 'd', text, metadata: {} }, { segment: naiveSegment, chunkTokens: 100 });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.text).join(' ')).toBe(text);
  });

  it('reports page numbers for PDF documents', () => {
    const text = 'Page one sentence. Another one.\n\nPage two sentence here.';
    const [c] = chunkDocument({ id: 'p', text, metadata: { pageStarts: [0, text.indexOf('Page two')] } }, { segment: naiveSegment });
    expect(c!.metadata).toEqual({ page: 1, pageEnd: 2 });
    const small = chunkDocument({ id: 'p', text, metadata: { pageStarts: [0, text.indexOf('Page two')] } }, { segment: naiveSegment, chunkTokens: 8 });
    expect(small[small.length - 1]!.metadata).toEqual({ page: 2, pageEnd: 2 });
  });

  it('rejects bad sizes with RAG_INVALID_INPUT', () => {
    expect(() => chunkDocument({ id: 'd', text: 'x.', metadata: {} }, { segment: naiveSegment, chunkTokens: 0 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => chunkDocument({ id: 'd', text: 'x.', metadata: {} }, { segment: naiveSegment, chunkTokens: 100, overlap: 100 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
