// How well a docs span fits what a docs question asks (docs-question.ts): the shape asked
// against the span's shape, and whether a span merely repeats the question. Shared by the docs
// reader's sentence candidates (docs-answer.ts) and its option entries (docs-entry-answer.ts).
import type { DocsQuestion } from './docs-question.js';
import type { DocsSpan } from './docs-spans.js';
import { squash } from './docs-identifier.js';

/** A span is answered when its shape fits at least this well; below it the sentence is. */
export const MIN_SHAPE_FIT = 1;

// How well a span's shape fits the asked shape: 1.5 the asked shape, 1–1.2 a shape docs use for
// the same thing (a dotted option read as a call), below 1 another shape. Round values.
const FIT: Record<string, Partial<Record<string, number>>> = {
  env: { env: 1.5 },
  status: { status: 1.5, number: 0.6 },
  flag: { flag: 1.5, command: 1, option: 0.8 },
  module: { module: 1.5, option: 1, value: 0.6 },
  command: { command: 1.5, flag: 1.1, function: 0.8, option: 0.8 },
  function: { function: 1.5, option: 1.2, flag: 0.8 },
  option: { option: 1.5, function: 1.3, flag: 1, module: 1, env: 0.7, value: 0.7 },
  quantity: { quantity: 1.5, number: 0.8 },
  value: { number: 1.2, quantity: 1.2, status: 1.2, value: 1.2, option: 1, module: 1, function: 0.9, flag: 0.9, env: 0.9 },
};

// Literal values name no call, option or flag ("`true`", "`undefined`").
const LITERAL = /^(?:true|false|null|undefined|nan|none|\d[\d_.,]*)$/i;
export const BOOLEAN = /^(?:true|false|yes|no|on|off)$/i;

/** Does the question ask for an identifier (a call, option, flag, module, command), not a value? */
export function namesAsked(q: DocsQuestion): boolean {
  if (q.defaultAsked) return false;
  return q.shape ? ['function', 'option', 'flag', 'module', 'command', 'env'].includes(q.shape) : q.howTo;
}

const UNITS = { size: /(?:[KMGT]i?B|bytes?)(?:\/\w+)?$/, time: /(?:ms|milliseconds?|s|secs?|seconds?|min|minutes?|h|hours?|days?)$/ };

export function shapeFit(q: DocsQuestion, sp: DocsSpan): number {
  // "Which algorithm …", "what policy …": a boolean names no algorithm or policy.
  if (q.kindAsked && BOOLEAN.test(sp.text.trim())) return 0.3;
  // "How large …" is not answered by a time or a share, "how long …" not by a size.
  if (q.unit && sp.shape === 'quantity' && !UNITS[q.unit].test(sp.text.trim())) return 0.7;
  if (LITERAL.test(sp.text) && (q.howTo || q.shape === 'function' || q.shape === 'option' || q.shape === 'flag' || q.shape === 'module' || q.shape === 'command')) return 0.3;
  if (q.shape) {
    const fit = FIT[q.shape]?.[sp.shape] ?? 0.4;
    // A bare word read as a value is weaker evidence than the same word written as code; a bare
    // number or version is how prose states a value ("requires Vite >= 6.4.0", "more than 50 modules").
    const bareOk = ['env', 'flag', 'status', 'quantity'].includes(sp.shape) || (q.shape === 'value' && sp.shape === 'number');
    return sp.code || bareOk ? fit : Math.min(fit, 0.8);
  }
  if (q.howTo) return sp.code && ['function', 'option', 'flag', 'command'].includes(sp.shape) ? 1.2 : sp.code ? 0.8 : 0.5;
  if (q.defaultAsked) return sp.code || sp.shape === 'number' || sp.shape === 'quantity' ? 1 : 0.5;
  // A what / which question naming no shape: an identifier written as code is the docs' answer.
  return sp.code ? (['function', 'option', 'flag', 'command', 'module', 'env'].includes(sp.shape) ? 1.1 : 1) : 0.5;
}


/** Is the span already in the question (the thing asked about, not the answer)? */
export function inQuestion(span: string, query: string, exclude: readonly string[]): boolean {
  const key = squash(span);
  if (!key) return true;
  // A one-character span ("3" of "Quill 3") is in the question only as a word of its own.
  const asked = key.length >= 2 ? squash(query).includes(key) : new RegExp(`(?:^|[^\\p{L}\\p{N}])${key}(?:$|[^\\p{L}\\p{N}])`, 'iu').test(query);
  return asked || exclude.some((e) => squash(e) === key);
}
