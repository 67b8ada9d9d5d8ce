// The embedded path of the SFT teacher step (model mode, issue #19): when the teacher's reply
// stays unusable after the re-ask, or the teacher call fails, G is read from r by an embedded
// extractor — by default @rag/indexer's heuristic extractor, the one TAdaRAG runs without a
// model and the LLM extractor falls back to — and fitted to the instruction's template: only
// entities of the template's types, only relations whose label the template lists (or, with
// `allowOtherRelations`, any snake_case label but the weak co-occurrence / page-mention edges)
// between listed entities typed as the pattern asks, each quoting its sentence of r as
// evidence. Nothing is invented: what does not fit the template is left out, so G may be empty.
import { sentenceSpans, type Chunk, type RunContext, type TripleExtractor } from '@rag/core';
import { COOCCURS, MENTIONS } from '@rag/indexer';
import type { KnowledgeGraph } from './graph-schema.js';
import type { Instruction } from './instructions.js';

export interface FallbackGraphOptions {
  extractor: TripleExtractor;
  allowOtherRelations?: boolean;
  context?: RunContext;
}

const key = (s: string) => s.trim().toLowerCase();
const WEAK = new Set([COOCCURS, MENTIONS]);

/** Sentence spans of r, never across a line break: the title line a passage starts with stays apart from its text. */
function lineBoundedSentences(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const s of sentenceSpans(text)) {
    let start = s.start;
    for (const line of text.slice(s.start, s.end).split('\n')) {
      const lead = line.length - line.trimStart().length;
      const body = line.trim();
      if (body) out.push({ start: start + lead, end: start + lead + body.length });
      start += line.length + 1;
    }
  }
  return out;
}

/** r as one chunk (offsets into r), so provenance spans are sentences of r. */
function referenceChunk(ins: Instruction): Chunk {
  return {
    id: `${ins.id}#reference`,
    docId: ins.sources[0]?.docId ?? ins.id,
    text: ins.reference,
    start: 0,
    end: ins.reference.length,
    sentences: lineBoundedSentences(ins.reference),
  };
}

/** G for `ins` from the embedded extractor, restricted to what the template allows. */
export async function fallbackGraph(ins: Instruction, options: FallbackGraphOptions): Promise<KnowledgeGraph> {
  const template = ins.template;
  const types = new Map(template.entityTypes.map((t) => [key(t), t]));
  const patterns = new Map(template.relations.map((r) => [key(r.relation), r]));
  const extraction = await options.extractor.extract({ chunk: referenceChunk(ins), template }, options.context);

  const entities: KnowledgeGraph['entities'] = [];
  const typeOf = new Map<string, string>();
  for (const e of extraction.entities) {
    const type = types.get(key(e.type));
    const name = e.name.trim();
    if (!type || !name || typeOf.has(key(name))) continue;
    typeOf.set(key(name), type);
    entities.push({ name, type });
  }

  const relations: KnowledgeGraph['relations'] = [];
  const seen = new Set<string>();
  for (const t of extraction.triples) {
    const [head, tail, relation] = [t.head.trim(), t.tail.trim(), t.relation.trim()];
    const headType = typeOf.get(key(head));
    const tailType = typeOf.get(key(tail));
    if (!headType || !tailType || !/^[a-z][a-z0-9_]*$/.test(relation) || WEAK.has(relation)) continue;
    const pattern = patterns.get(key(relation));
    if (!pattern && !options.allowOtherRelations) continue;
    if (pattern?.head && key(pattern.head) !== key(headType)) continue;
    if (pattern?.tail && key(pattern.tail) !== key(tailType)) continue;
    const id = `${key(head)}\u0000${relation}\u0000${key(tail)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const span = t.provenance[0];
    const evidence = span ? ins.reference.slice(span.start, span.end).trim() : '';
    relations.push({ head, relation: pattern?.relation ?? relation, tail, ...(evidence ? { evidence } : {}) });
  }
  return { entities, relations };
}
