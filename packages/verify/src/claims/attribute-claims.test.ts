import { describe, expect, it } from 'vitest';
import { attributeClaims } from './attribute-claims.js';
import { MARIE } from '../test-fixtures.js';

describe('attributeClaims', () => {
  it('attaches each claim to the evidence sentence that supports it and flags unsupported ones', () => {
    const answer = 'Marie Lindqvist was born in Uppsala. She won the Nordic Chemistry Prize in 1998; she also won a Nobel Prize in 2010.';
    const r = attributeClaims({ answer, evidence: MARIE });
    expect(r.claims.map((c) => [c.text, c.supported])).toEqual([
      ['Marie Lindqvist was born in Uppsala', true],
      ['She won the Nordic Chemistry Prize in 1998', true],
      ['she also won a Nobel Prize in 2010', false],
    ]);
    const first = r.claims[0]!;
    expect(answer.slice(first.start, first.end)).toBe('Marie Lindqvist was born in Uppsala.');
    expect(first.support?.quote).toMatch(/^Marie Lindqvist is a Swedish chemist. She was born in Uppsala/);
    expect(r.supportedShare).toBeCloseTo(2 / 3, 10);
    expect(r.citations).toHaveLength(2);
  });
  it('shifts spans to document offsets when chunk starts are known', () => {
    const a = attributeClaims({ answer: 'The institute has 240 staff.', evidence: MARIE });
    const b = attributeClaims({ answer: 'The institute has 240 staff.', evidence: MARIE, chunkStart: (id) => (id === 'c2' ? 1000 : 0) });
    expect(b.citations[0]!.start - a.citations[0]!.start).toBe(1000);
    expect(MARIE.chunks[1]!.text.slice(a.citations[0]!.start, a.citations[0]!.end)).toMatch(/240 staff/);
  });
  it('does not support a claim whose number differs', () => {
    expect(attributeClaims({ answer: 'The institute has 250 staff.', evidence: MARIE }).claims[0]!.supported).toBe(false);
  });
});
