import { describe, expect, it } from 'vitest';
import { pointId } from './point-id.js';

describe('pointId', () => {
  it('is a stable version-5 UUID', () => {
    const id = pointId('ns', 'chunk-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pointId('ns', 'chunk-1')).toBe(id);
  });

  it('differs per namespace and per id, with no ambiguity at the boundary', () => {
    expect(pointId('a', 'x')).not.toBe(pointId('b', 'x'));
    expect(pointId('a', 'x')).not.toBe(pointId('a', 'y'));
    expect(pointId('ab', 'c')).not.toBe(pointId('a', 'bc'));
  });
});
