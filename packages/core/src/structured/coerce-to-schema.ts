// Shape repairs for parsed model output that is right in content but wrong in form, applied
// before zod validation: an object wrapped in a one-element array, keys in another case or
// naming convention (`Subject`, `SUBJECT`, `subject_name` for `subjectName`), and a JSON
// document delivered as a JSON string. It never invents values: a missing required field stays
// missing and validation reports it. Extra fields are left for zod to strip.
import type { z } from 'zod';

const norm = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, '');

type Def = { type?: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType; out?: z.ZodType; schema?: z.ZodType };
const defOf = (s: unknown): Def => ((s as { _zod?: { def?: Def } })?._zod?.def ?? {}) as Def;

/** Unwrap optional/nullable/default/pipe wrappers to the schema that decides the shape. */
function core(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 8; i++) {
    const d = defOf(s);
    const next = d.innerType ?? (d.type === 'pipe' ? d.in : undefined);
    if (!next) break;
    s = next;
  }
  return s;
}

export function coerceToSchema(schema: z.ZodType, value: unknown, depth = 0): unknown {
  if (depth > 12) return value;
  const s = core(schema);
  const d = defOf(s);
  if (typeof value === 'string' && (d.type === 'object' || d.type === 'array')) {
    const t = value.trim();
    if (t.startsWith('{') || t.startsWith('[')) {
      try {
        return coerceToSchema(schema, JSON.parse(t), depth + 1);
      } catch {
        return value;
      }
    }
  }
  if (d.type === 'object' && d.shape) {
    if (Array.isArray(value) && value.length === 1 && value[0] && typeof value[0] === 'object' && !Array.isArray(value[0])) value = value[0];
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const src = value as Record<string, unknown>;
    const byNorm = new Map<string, string>();
    for (const k of Object.keys(src)) if (!byNorm.has(norm(k))) byNorm.set(norm(k), k);
    const out: Record<string, unknown> = { ...src };
    for (const [key, sub] of Object.entries(d.shape)) {
      const from = key in src ? key : byNorm.get(norm(key));
      if (from === undefined) continue;
      if (from !== key) delete out[from];
      out[key] = coerceToSchema(sub, src[from], depth + 1);
    }
    return out;
  }
  if (d.type === 'array' && d.element) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      // {"items": [...]} or a lone object where a list was asked
      const lists = Object.values(value).filter(Array.isArray);
      value = lists.length === 1 ? lists[0] : [value];
    }
    return Array.isArray(value) ? value.map((v) => coerceToSchema(d.element!, v, depth + 1)) : value;
  }
  return value;
}
