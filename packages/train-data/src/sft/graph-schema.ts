// The typed knowledge graph G a teacher produces for an instruction (TAdaRAG stage 1), and the
// per-template schema it must parse against: entity types from the template, relations between
// listed entities, and relation head/tail types that respect the template's patterns.
import type { DomainTemplate } from '@rag/core';
import { z } from 'zod';

export const GraphEntitySchema = z.object({
  name: z.string().trim().min(1),
  type: z.string().trim().min(1),
  description: z.string().optional(),
});

export const GraphRelationSchema = z.object({
  head: z.string().trim().min(1),
  relation: z.string().trim().min(1),
  tail: z.string().trim().min(1),
  /** The sentence of the reference text that states the relation, quoted. */
  evidence: z.string().optional(),
});

/** G: the typed graph as JSON (same shape as @rag/indexer's ExtractionReplySchema). */
export const KnowledgeGraphSchema = z.object({
  entities: z.array(GraphEntitySchema),
  relations: z.array(GraphRelationSchema),
});
export type KnowledgeGraph = z.infer<typeof KnowledgeGraphSchema>;

export interface TemplateGraphSchemaOptions {
  /** Accept relation labels the template does not list (default false: only the template's). */
  allowOtherRelations?: boolean;
}

const key = (s: string) => s.trim().toLowerCase();

/** A zod schema accepting only graphs that follow `template`. */
export function templateGraphSchema(template: DomainTemplate, options: TemplateGraphSchemaOptions = {}) {
  const types = new Map(template.entityTypes.map((t) => [key(t), t]));
  const patterns = new Map(template.relations.map((r) => [key(r.relation), r]));
  return KnowledgeGraphSchema.superRefine((g, ctx) => {
    const entityType = new Map<string, string>();
    g.entities.forEach((e, i) => {
      if (!types.has(key(e.type)))
        ctx.addIssue({
          code: 'custom',
          path: ['entities', i, 'type'],
          message: `entity type "${e.type}" is not in the ${template.domain} template (${template.entityTypes.join(', ')})`,
        });
      entityType.set(key(e.name), key(e.type));
    });
    g.relations.forEach((r, i) => {
      for (const end of ['head', 'tail'] as const)
        if (!entityType.has(key(r[end])))
          ctx.addIssue({ code: 'custom', path: ['relations', i, end], message: `${end} "${r[end]}" is not one of the listed entities` });
      if (!/^[a-z][a-z0-9_]*$/.test(r.relation))
        ctx.addIssue({ code: 'custom', path: ['relations', i, 'relation'], message: `relation "${r.relation}" must be a snake_case label` });
      const pattern = patterns.get(key(r.relation));
      if (!pattern) {
        if (!options.allowOtherRelations)
          ctx.addIssue({
            code: 'custom',
            path: ['relations', i, 'relation'],
            message: `relation "${r.relation}" is not in the ${template.domain} template (${template.relations.map((p) => p.relation).join(', ')})`,
          });
        return;
      }
      for (const [end, want] of [['head', pattern.head], ['tail', pattern.tail]] as const) {
        const got = entityType.get(key(r[end]));
        if (want && got && got !== key(want))
          ctx.addIssue({ code: 'custom', path: ['relations', i, end], message: `${r.relation} needs a ${want} ${end}, "${r[end]}" is typed ${types.get(got) ?? got}` });
      }
    });
  });
}
