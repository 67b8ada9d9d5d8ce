// LLM triple extraction (TAdaRAG-style): intent → domain template → typed entities and
// relations as schema-validated JSON. Near-miss JSON is repaired, invalid replies retried
// (bounded), results cached by chunk content hash, and a chunk that yields no entity raises
// a loud warning, because silent empty extractions are how graph indexes quietly rot.
import { KgExtractionReplySchema, isFatalForDecision, recordFallback, canonicalRelation, describeRelationSchema, contentHash, quoteUntrusted, UNTRUSTED_DATA_NOTICE, type Chunk, type ChatModel, type DomainTemplate, type Entity, type IntentRouter, type Provenance, type RunContext, type Triple, type TripleExtractor } from '@rag/core';
import { z } from 'zod';
import { askJson } from './ask-json.js';
import { createHeuristicTripleExtractor } from './heuristic-extractor.js';
import { normaliseRelation } from './relation-label.js';
import { DOMAIN_TEMPLATES, templateFor } from './templates.js';

/** The reply schema: the knowledge-graph extraction schema of @rag/core, shared with the embedded extractor. */
export const ExtractionReplySchema = KgExtractionReplySchema;
export type ExtractionReply = z.infer<typeof ExtractionReplySchema>;

export interface ExtractionWarning {
  kind: 'zero-entities';
  chunkId: string;
  message: string;
}

export interface LlmTripleExtractorOptions {
  model: ChatModel;
  templates?: readonly DomainTemplate[];
  /** Picks the template per chunk when the caller gives none (default: always "general"). */
  intentRouter?: IntentRouter;
  /** Retries after an invalid reply (default 1: one re-ask carrying the validation error). */
  maxRetries?: number;
  /** Extracts when the model's reply fails validation after the re-ask or the model errors (default: the heuristic extractor). Not cached. */
  fallback?: TripleExtractor;
  /** Confidence given to LLM relations (default 0.8). */
  confidence?: number;
  /** Called on loud warnings (zero entities); console.warn is always called too. */
  onWarning?: (warning: ExtractionWarning) => void;
  /** Cache size in chunks (default 10,000). */
  cacheSize?: number;
}

interface CachedExtraction {
  reply: ExtractionReply;
  domain: string;
}

export function buildExtractionPrompt(template: DomainTemplate): string {
  const rels = template.relations
    .map((r) => `- ${r.relation}${r.head || r.tail ? ` (${r.head ?? 'any'} → ${r.tail ?? 'any'})` : ''}${r.description ? `: ${r.description}` : ''}`)
    .join('\n');
  return [
    `You extract a knowledge graph from text for the "${template.domain}" domain: ${template.description}`,
    `Entity types to extract: ${template.entityTypes.join(', ')}.`,
    `Relation patterns (prefer these labels, snake_case; other clear relations are allowed):\n${rels}`,
    `Shared relation schema (use these labels whenever they fit):\n${describeRelationSchema()}`,
    `Extract only what the text states. ${UNTRUSTED_DATA_NOTICE}`,
  ].join('\n');
}

export function createLlmTripleExtractor(options: LlmTripleExtractorOptions): TripleExtractor & { cacheSize(): number } {
  const templates = options.templates ?? DOMAIN_TEMPLATES;
  const confidence = options.confidence ?? 0.8;
  const cache = new Map<string, CachedExtraction>();
  const maxCache = options.cacheSize ?? 10_000;
  let fallback = options.fallback;
  return {
    id: `llm@1:${options.model.id}`,
    cacheSize: () => cache.size,
    async extract({ chunk, docTitle, template }, context?: RunContext) {
      const tpl = template ?? (options.intentRouter ? templateFor((await options.intentRouter.route(chunk.text, context)).domain, templates) : templateFor('general', templates));
      const key = contentHash(options.model.id, tpl.domain, docTitle, chunk.text);
      let hit = cache.get(key);
      if (!hit) {
        const user = `${docTitle ? `Document title: ${JSON.stringify(docTitle)}\n` : ''}Text:\n${quoteUntrusted(chunk.text, { id: chunk.id })}`;
        let reply: ExtractionReply;
        try {
          reply = await askJson(options.model, ExtractionReplySchema, {
            system: buildExtractionPrompt(tpl),
            user,
            maxRetries: options.maxRetries ?? 1,
            name: 'triple-extraction',
            ...(context ? { context } : {}),
          });
        } catch (error) {
          if (isFatalForDecision(error)) throw error;
          recordFallback(context, 'triple-extraction', error);
          fallback ??= createHeuristicTripleExtractor();
          return fallback.extract({ chunk, ...(docTitle !== undefined ? { docTitle } : {}), template: tpl }, context);
        }
        hit = { reply, domain: tpl.domain };
        if (cache.size >= maxCache) cache.delete(cache.keys().next().value!);
        cache.set(key, hit);
      }
      const result = toExtraction(hit.reply, chunk, confidence, tpl.domain);
      if (result.entities.length === 0) {
        const warning: ExtractionWarning = {
          kind: 'zero-entities',
          chunkId: chunk.id,
          message: `LLM extraction yielded ZERO entities for chunk ${chunk.id} (template "${tpl.domain}", model ${options.model.id}); the graph has no facts from it`,
        };
        console.warn(`[@rag/indexer] WARNING: ${warning.message}`);
        context?.trace.add({ kind: 'warning', name: 'zero-entities', data: { chunkId: chunk.id, domain: tpl.domain } });
        options.onWarning?.(warning);
      }
      return result;
    },
  };
}

/** Map a validated reply onto the chunk: sentence spans as provenance, types on triples. */
export function toExtraction(reply: ExtractionReply, chunk: Chunk, confidence: number, domain: string): { entities: Entity[]; triples: Triple[] } {
  const sentences = chunk.sentences.length > 0 ? chunk.sentences : [{ start: chunk.start, end: chunk.end }];
  const lower = chunk.text.toLowerCase();
  const sentenceText = (s: { start: number; end: number }) => lower.slice(s.start - chunk.start, s.end - chunk.start);
  const spanOf = (...needles: string[]): Provenance => {
    const ns = needles.map((n) => n.toLowerCase().trim()).filter(Boolean);
    const s = sentences.find((s) => ns.every((n) => sentenceText(s).includes(n))) ?? sentences.find((s) => ns.some((n) => sentenceText(s).includes(n)));
    return s ? { chunkId: chunk.id, start: s.start, end: s.end } : { chunkId: chunk.id, start: chunk.start, end: chunk.end };
  };
  const types = new Map<string, string>();
  const entities: Entity[] = [];
  for (const e of reply.entities) {
    const name = e.name.trim();
    if (!name || types.has(name.toLowerCase())) continue;
    types.set(name.toLowerCase(), e.type);
    entities.push({ name, type: e.type, aliases: [], ...(e.description ? { description: e.description } : {}), mentions: [spanOf(name)] });
  }
  const triples: Triple[] = [];
  for (const r of reply.relations) {
    const head = r.head.trim();
    const tail = r.tail.trim();
    if (!head || !tail) continue;
    const prov = r.evidence && lower.includes(r.evidence.toLowerCase().trim().slice(0, 60)) ? spanOf(r.evidence.trim().slice(0, 60)) : spanOf(head, tail);
    triples.push({
      head,
      relation: canonicalRelation(normaliseRelation(r.relation)),
      tail,
      headType: types.get(head.toLowerCase()) ?? 'Entity',
      tailType: types.get(tail.toLowerCase()) ?? 'Entity',
      provenance: [prov],
      confidence,
      attributes: { domain },
    });
  }
  return { entities, triples };
}
