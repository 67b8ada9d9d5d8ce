import { describe, expect, it } from 'vitest';
import { nameSpans } from '../internal/spans.js';
import { trimSpan } from './span-trim.js';

describe('trimSpan', () => {
  it('drops a possessive ending and refuses a contraction', () => {
    const s = "The title is a pun on Deep Purple's live album.";
    const span = nameSpans(s).find((n) => n.text.startsWith('Deep'))!;
    const trimmed = trimSpan(span);
    expect(trimmed.text).toBe('Deep Purple');
    expect(s.slice(trimmed.start, trimmed.end)).toBe('Deep Purple');
    expect(trimSpan({ kind: 'name', text: 'It’s', start: 0, end: 4 }).text).toBe('');
    expect(trimSpan({ kind: 'name', text: 'Iron Maiden', start: 0, end: 11 }).text).toBe('Iron Maiden');
  });
});

describe('nameSpans keeps initials inside a name', () => {
  it('reads "James K. Polk" as one name', () => {
    expect(nameSpans('The territory was admitted under President James K. Polk. It grew.').map((n) => n.text)).toContain('President James K. Polk');
  });
});
