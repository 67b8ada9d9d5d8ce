// Method registry: stable names → EvalMethod. Adding a method is one line in
// builtin-methods.ts; unknown names are an error that lists the known ones.
import { RagError } from '@rag/core';
import type { EvalMethod } from '../types.js';

export interface MethodRegistry {
  names(): string[];
  get(name: string): EvalMethod;
  list(): EvalMethod[];
  /** Resolves a comma-separated list in the order given (duplicates removed). */
  resolve(names: readonly string[]): EvalMethod[];
}

export function createMethodRegistry(methods: readonly EvalMethod[]): MethodRegistry {
  const byName = new Map<string, EvalMethod>();
  for (const m of methods) {
    if (byName.has(m.name)) throw new RagError('RAG_CONFLICT', `method "${m.name}" is registered twice`, { details: { input: 'methods', name: m.name } });
    byName.set(m.name, m);
  }
  const registry: MethodRegistry = {
    names: () => [...byName.keys()],
    list: () => [...byName.values()],
    get(name) {
      const m = byName.get(name);
      if (!m)
        throw new RagError('RAG_EVAL_UNKNOWN_METHOD', `--methods: unknown method "${name}"; known methods: ${registry.names().join(', ')}`, {
          details: { input: 'methods', name, known: registry.names() },
        });
      return m;
    },
    resolve(names) {
      const clean = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
      if (clean.length === 0)
        throw new RagError('RAG_INVALID_INPUT', `--methods: give at least one method; known methods: ${registry.names().join(', ')}`, { details: { input: 'methods' } });
      return clean.map((n) => registry.get(n));
    },
  };
  return registry;
}
