import { describe, expect, it } from 'vitest';
import { parseTypedOptions } from './typed-options.js';

describe('rag-eval kg --typed-options', () => {
  it('accepts the typed extractor options and names what is wrong otherwise', () => {
    expect(parseTypedOptions('{"maxCooccurrence":2,"pageMentions":"unnamed"}')).toEqual({ maxCooccurrence: 2, pageMentions: 'unnamed' });
    expect(() => parseTypedOptions('{maxCooccurrence:2}')).toThrowError(/--typed-options: not JSON/);
    expect(() => parseTypedOptions('{"maxCooccurrence":0}')).toThrowError(/--typed-options: maxCooccurrence/);
    expect(() => parseTypedOptions('{"window":3}')).toThrowError(/--typed-options: .*window/);
  });
});
