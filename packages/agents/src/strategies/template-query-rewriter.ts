// Embedded QueryRewriter for A2RAG's failure-aware rewrite (Section III-B 3, eq. 6), one
// template per failure type:
//   rel (evidence off-topic)   → a focused query: the question's entity mentions, its relation
//                                 cues and remaining content terms, without question words;
//   grd (answer not grounded)  → same query, instructions to answer strictly from the evidence
//                                 and not to repeat the rejected answer;
//   ans (answer inadequate)    → add the constraint the question implies (the answer type) and
//                                 the new names the evidence surfaced next to the question's
//                                 entities (the next hop), and exclude the rejected answer.
import { invalidInput, type QueryRewriter } from '@rag/core';
import { questionForm } from '@rag/verify';
import { contentTerms, nameSpans, phraseKey } from '../internal/spans.js';
import { excludeInstruction, STRICT_GROUNDING_INSTRUCTION } from './instructions.js';

export interface TemplateQueryRewriterOptions {
  /** New names taken from the evidence for an "ans" rewrite (default 3). */
  maxNewEntities?: number;
}

const TYPE_CONSTRAINT: Record<string, string> = {
  date: 'year date',
  number: 'number',
  person: 'person name',
  place: 'place city country',
  yesno: '',
  entity: '',
  other: '',
};
const DROP = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'did', 'does', 'do', 'was', 'were', 'is', 'are']);

export function createTemplateQueryRewriter(options: TemplateQueryRewriterOptions = {}): QueryRewriter {
  const maxNew = options.maxNewEntities ?? 3;
  if (!Number.isInteger(maxNew) || maxNew < 0) throw invalidInput('maxNewEntities', 'must be an integer ≥ 0', { value: maxNew });
  return {
    async rewrite({ query, failure, evidence, answer, analysis }, context) {
      if (typeof query !== 'string' || !query.trim()) throw invalidInput('query', 'must be a non-empty string');
      if (failure !== 'rel' && failure !== 'grd' && failure !== 'ans') throw invalidInput('failure', 'must be "rel", "grd" or "ans"', { value: failure });
      const entities = analysis?.entities.length ? analysis.entities : nameSpans(query).map((s) => s.text);
      const relations = analysis?.relations ?? [];
      const exclude = answer && answer.trim() ? excludeInstruction(answer.trim()) : '';
      let out: { query: string; instructions?: string; note: string };
      if (failure === 'rel') {
        const entityTerms = new Set(entities.flatMap(contentTerms));
        const rest = contentTerms(query).filter((t) => !entityTerms.has(t) && !DROP.has(t));
        const q = [...entities, ...relations, ...rest].join(' ').trim() || query;
        out = { query: q, note: `rel: focused on entities [${entities.join(', ')}] and relations [${relations.join(', ')}]` };
      } else if (failure === 'grd') {
        out = { query, instructions: [STRICT_GROUNDING_INSTRUCTION, exclude].filter(Boolean).join(' '), note: 'grd: demand strictly grounded answering' };
      } else {
        const form = questionForm(query);
        const known = new Set([...entities.map(phraseKey), ...(answer ? [phraseKey(answer)] : [])]);
        const fresh: string[] = [];
        for (const c of evidence?.chunks.slice(0, 3) ?? []) {
          for (const n of nameSpans(c.text)) {
            const k = phraseKey(n.text);
            if (!k || known.has(k) || contentTerms(n.text).length === 0) continue;
            known.add(k);
            fresh.push(n.text);
            if (fresh.length >= maxNew) break;
          }
          if (fresh.length >= maxNew) break;
        }
        const constraint = TYPE_CONSTRAINT[form] ?? '';
        const q = [query, constraint, ...fresh].filter(Boolean).join(' ');
        const typeRule = form !== 'other' && form !== 'entity' ? `The answer must be a ${form === 'yesno' ? 'yes or no' : form}.` : '';
        out = { query: q, instructions: [typeRule, exclude].filter(Boolean).join(' ') || undefined, note: `ans: added constraint "${constraint}" and next-hop names [${fresh.join(', ')}]` } as typeof out;
        if (out.instructions === undefined) delete out.instructions;
      }
      context?.trace.decision('rewrite', out.note, { failure, query: out.query });
      return out;
    },
  };
}
