// TAdaRAG's routed template in the embedded extractors: the template names the relations the
// domain cares about; a relation the template does not list keeps its edge but at a lower
// confidence (`outsideTemplateWeight`, default 0.5; 0 drops it). Down-weighting rather than
// dropping, because (1) the embedded router is a cue-word heuristic that can misroute, and a
// dropped fact is lost for the whole question, (2) the rule patterns write the core schema's
// relations (born_in, director, …), which the domain templates other than "general" do not list,
// so dropping would leave those graphs nearly empty. Every consumer ranks by confidence (the
// on-the-fly graph answer, PPR edge weights, the typed executor), so in-template relations are
// read first. Weak edges (co-occurrence, page mentions) are weak already and stay as they are.
import { canonicalRelation, invalidInput, snakeRelation, type DomainTemplate, type Triple } from '@rag/core';
import { COOCCURS, MENTIONS } from './relation-names.js';

/** Relation labels a template lists, as written and in their canonical schema spelling. */
export function templateRelations(template: DomainTemplate): Set<string> {
  const out = new Set<string>();
  for (const r of template.relations) {
    out.add(snakeRelation(r.relation));
    out.add(canonicalRelation(r.relation));
  }
  return out;
}

/** Whether `relation` is one the template lists (as written or by its canonical label). */
export function inTemplate(relation: string, listed: ReadonlySet<string>): boolean {
  return listed.has(relation) || listed.has(canonicalRelation(relation));
}

export function checkOutsideTemplateWeight(value: number | undefined, input: string): number {
  const w = value ?? 0.5;
  if (!Number.isFinite(w) || w < 0 || w > 1) throw invalidInput(input, 'must be a number in [0, 1] (1 ignores the template, 0 drops relations outside it)', { value });
  return w;
}

/**
 * The triples with every non-weak relation outside `template` down-weighted by `weight` (0:
 * removed). No template: unchanged.
 */
export function weighByTemplate(triples: Triple[], template: DomainTemplate | undefined, weight: number): Triple[] {
  if (!template || weight === 1) return triples;
  const listed = templateRelations(template);
  const out: Triple[] = [];
  for (const t of triples) {
    if (t.relation === COOCCURS || t.relation === MENTIONS || inTemplate(t.relation, listed)) out.push(t);
    else if (weight > 0) out.push({ ...t, confidence: t.confidence * weight });
  }
  return out;
}
