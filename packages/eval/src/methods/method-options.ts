// `--method-option name.key=value` parsing and typed access. Keys must be ones the method
// documents, so a typo is an error instead of a silently ignored ablation.
import { RagError } from '@rag/core';
import type { EvalMethod, MethodOptions } from '../types.js';

export function parseMethodOptions(specs: readonly string[], methods: readonly EvalMethod[]): Map<string, MethodOptions> {
  const out = new Map<string, MethodOptions>();
  for (const spec of specs) {
    const m = /^\s*([a-z0-9-]+)\.([A-Za-z0-9_]+)=(.*)$/.exec(spec);
    if (!m) throw new RagError('RAG_INVALID_INPUT', `--method-option: "${spec}" is not of the form method.key=value`, { details: { input: 'method-option', value: spec } });
    const [, name, key, raw] = m as unknown as [string, string, string, string];
    const method = methods.find((x) => x.name === name);
    if (!method)
      throw new RagError('RAG_INVALID_INPUT', `--method-option: "${name}" is not one of the selected methods (${methods.map((x) => x.name).join(', ')})`, {
        details: { input: 'method-option', value: spec },
      });
    const known = Object.keys(method.options ?? {});
    if (!known.includes(key))
      throw new RagError('RAG_INVALID_INPUT', `--method-option: ${name} has no option "${key}"; it has: ${known.join(', ') || 'none'}`, {
        details: { input: 'method-option', value: spec, known },
      });
    const opts = out.get(name) ?? {};
    opts[key] = parseValue(raw);
    out.set(name, opts);
  }
  return out;
}

function parseValue(raw: string): string | number | boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return raw;
}

export function numberOption(options: MethodOptions, method: string, key: string): number | undefined {
  const v = options[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number') throw new RagError('RAG_INVALID_INPUT', `--method-option ${method}.${key}: must be a number, got "${v}"`, { details: { input: 'method-option' } });
  return v;
}

export function booleanOption(options: MethodOptions, method: string, key: string): boolean | undefined {
  const v = options[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new RagError('RAG_INVALID_INPUT', `--method-option ${method}.${key}: must be true or false, got "${v}"`, { details: { input: 'method-option' } });
  return v;
}

export function stringOption(options: MethodOptions, key: string): string | undefined {
  const v = options[key];
  if (v === undefined) return undefined;
  return String(v);
}
