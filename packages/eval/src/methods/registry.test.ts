import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { graphMethod, overlapMethod, stagedAgentMethod } from '../../test/fakes.js';
import { parseMethodOptions } from './method-options.js';
import { createMethodRegistry } from './registry.js';

describe('createMethodRegistry', () => {
  const registry = createMethodRegistry([overlapMethod, graphMethod]);

  it('resolves names in order without duplicates', () => {
    expect(registry.resolve(['graphy', ' overlap', 'graphy', '']).map((m) => m.name)).toEqual(['graphy', 'overlap']);
  });

  it('names the known methods when a name is unknown', () => {
    let err: unknown;
    try {
      registry.resolve(['overlap', 'bm52']);
    } catch (e) {
      err = e;
    }
    expect(RagError.isInstance(err, 'RAG_EVAL_UNKNOWN_METHOD')).toBe(true);
    expect((err as RagError).details).toMatchObject({ name: 'bm52', known: ['overlap', 'graphy'] });
    expect(() => registry.resolve([])).toThrow(/give at least one method/);
  });

  it('refuses a name registered twice', () => {
    expect(() => createMethodRegistry([overlapMethod, overlapMethod])).toThrow(/registered twice/);
  });
});

describe('parseMethodOptions', () => {
  it('parses booleans, numbers and strings per method', () => {
    const opts = parseMethodOptions(['staged-agent.answerPrefix=false', 'staged-agent.answerPrefix=0.5', 'staged-agent.answerPrefix=a=b'], [stagedAgentMethod]);
    expect(opts.get('staged-agent')).toEqual({ answerPrefix: 'a=b' });
    expect(parseMethodOptions(['staged-agent.answerPrefix=false'], [stagedAgentMethod]).get('staged-agent')).toEqual({ answerPrefix: false });
    expect(parseMethodOptions(['staged-agent.answerPrefix=0.5'], [stagedAgentMethod]).get('staged-agent')).toEqual({ answerPrefix: 0.5 });
  });

  it('rejects malformed specs and methods that were not selected', () => {
    expect(() => parseMethodOptions(['nodot=1'], [stagedAgentMethod])).toThrow(/not of the form method\.key=value/);
    expect(() => parseMethodOptions(['overlap.x=1'], [stagedAgentMethod])).toThrow(/"overlap" is not one of the selected methods/);
  });
});
