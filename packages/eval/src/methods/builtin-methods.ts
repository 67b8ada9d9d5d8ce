// The methods `rag-eval` knows, by stable name. One line per method; register a method
// here once its implementation has landed in @rag/retrievers or @rag/agents.
import type { EvalMethod } from '../types.js';
import { a2ragMethod } from './a2rag-method.js';
import { a2ragAgentMethod, academicMethod, aragMethod, aragNaiveMethod, ircotMethod, naiveRagMethod, noragMethod, tadaragMethod } from './agent-methods.js';
import { bm25Method, denseMethod, hybridMethod } from './baseline-methods.js';
import { gearPcstMethod, gearPprMethod, gearUnionMethod } from './gear-methods.js';

export const BUILTIN_METHODS: readonly EvalMethod[] = [
  bm25Method,
  denseMethod,
  hybridMethod,
  a2ragMethod,
  a2ragAgentMethod,
  gearUnionMethod,
  gearPprMethod,
  gearPcstMethod,
  aragMethod,
  aragNaiveMethod,
  academicMethod,
  tadaragMethod,
  ircotMethod,
  noragMethod,
  naiveRagMethod,
];
