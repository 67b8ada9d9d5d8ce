import { describe, expect, it } from 'vitest';
import { workerFlags } from './ask-pool.js';

describe('workerFlags', () => {
  it('keeps loaders and conditions, and turns the heap limit into a resource limit', () => {
    expect(workerFlags(['--max-old-space-size=18079', '--conditions=@rag/source', '--import', 'tsx', '--enable-source-maps', '--stack-size=2000'])).toEqual({
      execArgv: ['--conditions=@rag/source', '--import', 'tsx', '--enable-source-maps'],
      heapMb: 18079,
    });
    expect(workerFlags(['-C', '@rag/source', '--expose-gc'])).toEqual({ execArgv: ['-C', '@rag/source'] });
  });
});
