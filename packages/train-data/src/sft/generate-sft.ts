// TAdaRAG stage 1 (Supervised Knowledge Extraction Fine-tuning): a teacher model turns each
// instruction I = {q, r, t} into a typed graph G; a pair is kept only when it passes every
// quality gate, in this order: schema (G parses against t's schema), grounding (every entity
// and relation found in r), duplicate (content hash), near-duplicate (graph Jaccard and
// instruction similarity), then per-domain balance over the survivors. When the teacher's reply
// is still unusable after the re-ask, or the teacher call fails, the embedded extractor writes G
// instead (model mode, issue #19; see fallback-graph.ts): the fallback is recorded in the trace
// (`warning` event `fallback`, decision "sft-teacher"), marked on the item (`source: 'fallback'`
// with `fallbackReason`), counted in the result, and the graph passes the same gates. A spent
// budget or an abort is not a fallback: the run stops and keeps what it has.
import { RagError, generateObject, isFatalForDecision, recordFallback, type ChatMessage, type ChatModel, type RunContext, type TripleExtractor } from '@rag/core';
import { createHeuristicTripleExtractor } from '@rag/indexer';
import { z } from 'zod';
import { extractionMessages } from './extraction-prompt.js';
import { fallbackGraph } from './fallback-graph.js';
import { templateGraphSchema, type KnowledgeGraph } from './graph-schema.js';
import { groundingProblems } from './grounding.js';
import { balanceByDomain } from './balance.js';
import { graphFacts, jaccard, pairHash, wordSet } from './similarity.js';
import type { Instruction, InstructionSource } from './instructions.js';

/**
 * Why an instruction yielded no pair. `invalid-json`, and `schema` / `teacher-error` for the
 * teacher's reply, occur only in a run without a fallback (`fallback: false`); with one, a
 * rejection of the fallback's graph carries `source: 'fallback'` (`teacher-error` then means the
 * fallback extractor failed too). `fallback-empty`: the teacher's reply was unusable and the
 * embedded extractor found nothing the template allows in r.
 */
export type RejectReason = 'invalid-json' | 'schema' | 'ungrounded' | 'duplicate' | 'near-duplicate' | 'balance' | 'teacher-error' | 'fallback-empty';

/** Who wrote G: the teacher, or the embedded extractor after the teacher's reply was unusable. */
export type SftSource = 'teacher' | 'fallback';

/** The teacher decision's trace name (`warning` / `fallback` events carry it in `data.decision`). */
export const SFT_TEACHER_DECISION = 'sft-teacher';

export interface SftPair {
  id: string;
  instructionId: string;
  domain: string;
  /** Domain of the template used (the routed domain, or "general" when it has no template). */
  template: string;
  question: string;
  reference: string;
  sources: InstructionSource[];
  graph: KnowledgeGraph;
  /** system + user: the input the student is trained on. */
  messages: ChatMessage[];
  /** Id of what wrote G: the teacher model, or the embedded extractor for `source: 'fallback'`. */
  teacher: string;
  source: SftSource;
  /** Why the teacher's graph was not used (fallback only). */
  fallbackReason?: string;
  hash: string;
}

export interface SftRejection {
  instructionId: string;
  domain: string;
  template: string;
  reason: RejectReason;
  detail: string;
  /** Raw teacher output (truncated) or the rejected graph. */
  output?: string;
  duplicateOf?: string;
  /** Set when the rejected graph came from the embedded extractor (the teacher's reply was unusable). */
  source?: 'fallback';
  fallbackReason?: string;
}

export interface NearDuplicateOptions {
  /** Graph Jaccard at or above which two pairs may be near-duplicates (default 0.85). */
  graph?: number;
  /** …and instruction word-Jaccard (question + reference) at or above this (default 0.8). */
  instruction?: number;
}

export interface GenerateSftOptions {
  teacher: ChatModel;
  instructions: readonly Instruction[];
  context?: RunContext;
  /** Extra teacher attempts after a reply that does not parse (default 1: one re-ask). */
  retries?: number;
  /**
   * Writes G when the teacher's reply stays unusable or the teacher call fails (default: the
   * heuristic extractor of @rag/indexer). `false` rejects such instructions instead
   * (`invalid-json` / `schema` / `teacher-error`), for teacher-only data.
   */
  fallback?: TripleExtractor | false;
  temperature?: number;
  allowOtherRelations?: boolean;
  nearDuplicate?: NearDuplicateOptions;
  /** Per-domain ratio, e.g. { general: 2, medical: 1 }; no balancing when absent. */
  balance?: Readonly<Record<string, number>>;
  onProgress?: (event: { done: number; total: number; kept: number; rejected: number; fallbacks: number }) => void;
}

export interface SftResult {
  pairs: SftPair[];
  rejected: SftRejection[];
  teacherModels: string[];
  /** Instructions whose G the embedded extractor wrote because the teacher's reply was unusable (kept or not). */
  fallbacks: number;
  /** Set when the run stopped early (budget spent or aborted); pairs so far are kept. */
  stopped?: string;
  balance?: { targets: Record<string, number>; missingDomains: string[] };
  /** Human-readable descriptions of the gates applied, for the dataset card. */
  filters: string[];
}

export async function generateSftData(options: GenerateSftOptions): Promise<SftResult> {
  if (!options.teacher || typeof options.teacher.chat !== 'function') throw new RagError('RAG_CONFIG', 'teacher: a ChatModel is required to generate SFT data', { details: { input: 'teacher' } });
  const near = { graph: options.nearDuplicate?.graph ?? 0.85, instruction: options.nearDuplicate?.instruction ?? 0.8 };
  const retries = options.retries ?? 1;
  const allowOtherRelations = options.allowOtherRelations ?? false;
  const fallback = options.fallback === false ? undefined : (options.fallback ?? createHeuristicTripleExtractor());
  if (fallback && typeof fallback.extract !== 'function') throw new RagError('RAG_CONFIG', 'fallback: must be a TripleExtractor (or false)', { details: { input: 'fallback' } });
  const pairs: SftPair[] = [];
  const rejected: SftRejection[] = [];
  const models = new Set<string>();
  const hashes = new Map<string, string>();
  const byFact = new Map<string, number[]>();
  const facts: Set<string>[] = [];
  const words: Set<string>[] = [];
  let stopped: string | undefined;
  let fallbacks = 0;
  const total = options.instructions.length;
  const progress = (n: number) => options.onProgress?.({ done: n + 1, total, kept: pairs.length, rejected: rejected.length, fallbacks });

  for (const [n, ins] of options.instructions.entries()) {
    const messages = extractionMessages(ins, { allowOtherRelations });
    const schema = templateGraphSchema(ins.template, { allowOtherRelations });
    let base: Omit<SftRejection, 'reason' | 'detail'> = { instructionId: ins.id, domain: ins.domain, template: ins.template.domain };
    let graph: KnowledgeGraph;
    let writer = options.teacher.id;
    let source: SftSource = 'teacher';
    let fallbackReason: string | undefined;
    try {
      const result = await generateObject({
        model: options.teacher,
        schema,
        messages,
        retries,
        name: SFT_TEACHER_DECISION,
        temperature: options.temperature ?? 0,
        ...(options.context ? { context: options.context } : {}),
      });
      graph = result.object;
      models.add(result.response.model || options.teacher.id);
    } catch (error) {
      if (isFatalForDecision(error)) {
        stopped = `${(error as RagError).code}: ${(error as RagError).message}`;
        break;
      }
      if (!fallback) {
        rejected.push(teacherRejection(base, error));
        progress(n);
        continue;
      }
      // The teacher's reply is unusable after the re-ask (or the call failed): the embedded extractor writes G.
      fallbacks++;
      fallbackReason = recordFallback(options.context, SFT_TEACHER_DECISION, error).slice(0, 1000);
      source = 'fallback';
      writer = fallback.id;
      base = { ...base, source: 'fallback', fallbackReason };
      try {
        graph = await fallbackGraph(ins, { extractor: fallback, allowOtherRelations, ...(options.context ? { context: options.context } : {}) });
      } catch (fallbackError) {
        if (isFatalForDecision(fallbackError)) {
          stopped = `${(fallbackError as RagError).code}: ${(fallbackError as RagError).message}`;
          break;
        }
        rejected.push({ ...base, reason: 'teacher-error', detail: `the teacher's reply was unusable and the fallback extractor ${fallback.id} failed: ${fallbackError instanceof Error ? fallbackError.message : String(fallbackError)}`.slice(0, 1000) });
        progress(n);
        continue;
      }
      if (graph.entities.length === 0) {
        rejected.push({ ...base, reason: 'fallback-empty', detail: `the teacher's reply was unusable and the fallback extractor ${fallback.id} found no entity of the ${ins.template.domain} template's types (${ins.template.entityTypes.join(', ')}) in r` });
        progress(n);
        continue;
      }
      // Fitted to the template by construction; checked anyway, as the teacher's graph is.
      const checked = schema.safeParse(graph);
      if (!checked.success) {
        rejected.push({ ...base, reason: 'schema', detail: z.prettifyError(checked.error).slice(0, 1000), output: JSON.stringify(graph) });
        progress(n);
        continue;
      }
      graph = checked.data;
    }
    const output = JSON.stringify(graph);
    const ungrounded = groundingProblems(graph, ins.reference);
    if (ungrounded.length) {
      rejected.push({ ...base, reason: 'ungrounded', detail: ungrounded.map((p) => p.reason).join('; ').slice(0, 1000), output });
    } else {
      const hash = pairHash(ins.question, ins.reference, graph);
      const f = graphFacts(graph);
      const w = wordSet(`${ins.question}\n${ins.reference}`);
      const exact = hashes.get(hash);
      const similar = exact ? undefined : nearDuplicateOf(f, w);
      if (exact) rejected.push({ ...base, reason: 'duplicate', detail: 'same normalised question, reference and graph as a kept pair', output, duplicateOf: exact });
      else if (similar) rejected.push({ ...base, reason: 'near-duplicate', detail: `graph Jaccard ${similar.g.toFixed(2)} ≥ ${near.graph} and instruction Jaccard ${similar.i.toFixed(2)} ≥ ${near.instruction}`, output, duplicateOf: similar.id });
      else {
        const id = `sft-${pairs.length + 1}`;
        hashes.set(hash, id);
        const idx = pairs.length;
        facts.push(f);
        words.push(w);
        for (const x of f) byFact.set(x, [...(byFact.get(x) ?? []), idx]);
        pairs.push({
          id,
          instructionId: ins.id,
          domain: ins.domain,
          template: ins.template.domain,
          question: ins.question,
          reference: ins.reference,
          sources: ins.sources,
          graph,
          messages,
          teacher: writer,
          source,
          ...(fallbackReason !== undefined ? { fallbackReason } : {}),
          hash,
        });
      }
    }
    progress(n);
  }

  // Only pairs sharing at least one fact can reach the graph threshold, so compare those alone.
  function nearDuplicateOf(f: Set<string>, w: Set<string>): { id: string; g: number; i: number } | undefined {
    const candidates = new Set<number>();
    for (const x of f) for (const i of byFact.get(x) ?? []) candidates.add(i);
    for (const i of candidates) {
      const g = jaccard(f, facts[i]!);
      if (g < near.graph) continue;
      const s = jaccard(w, words[i]!);
      if (s >= near.instruction) return { id: pairs[i]!.id, g, i: s };
    }
    return undefined;
  }

  const filters = [
    `schema: G parses against the routed template's schema (entity types from the template; relations ${allowOtherRelations ? 'snake_case, template labels preferred' : 'limited to the template labels'}; head/tail types follow the template's patterns); teacher retries after an invalid reply: ${retries}`,
    fallback
      ? `fallback: when the teacher's reply is still unusable (or the call fails), ${fallback.id} extracts G from r, restricted to the template; such pairs have source "fallback" (${fallbacks} instruction(s) this run)`
      : 'fallback: none; an unusable teacher reply rejects the instruction',
    'grounding: every entity name occurs in r (normalised, word-bounded); every relation has both ends in r and its quoted evidence in r, or both ends in one sentence of r',
    'duplicate: sha256 over normalised question, reference and sorted triples',
    `near-duplicate: graph Jaccard over normalised triples ≥ ${near.graph} and instruction word-Jaccard ≥ ${near.instruction}`,
  ];
  const result: SftResult = { pairs, rejected, teacherModels: [...models], fallbacks, filters, ...(stopped ? { stopped } : {}) };
  if (options.balance) {
    const b = balanceByDomain(pairs, (p) => p.domain, options.balance);
    for (const p of b.dropped)
      rejected.push({
        instructionId: p.instructionId,
        domain: p.domain,
        template: p.template,
        reason: 'balance',
        detail: `over the ${p.domain} target ${b.targets[p.domain] ?? 0} of ratio ${JSON.stringify(options.balance)}`,
        output: JSON.stringify(p.graph),
        ...(p.source === 'fallback' ? { source: 'fallback' as const, ...(p.fallbackReason !== undefined ? { fallbackReason: p.fallbackReason } : {}) } : {}),
      });
    result.pairs = b.kept;
    result.balance = { targets: b.targets, missingDomains: b.missingDomains };
    filters.push(`balance: per-domain counts follow the ratio ${JSON.stringify(options.balance)}${b.missingDomains.length ? ` (no data for: ${b.missingDomains.join(', ')})` : ''}`);
  }
  return result;
}

/** The rejection of an instruction whose teacher reply was unusable, in a run without a fallback. */
function teacherRejection(base: Omit<SftRejection, 'reason' | 'detail'>, error: unknown): SftRejection {
  if (RagError.isInstance(error, 'RAG_MODEL_OUTPUT_INVALID')) {
    const problem = String(error.details.problem ?? error.message);
    return { ...base, reason: problem === 'the reply is not JSON' ? 'invalid-json' : 'schema', detail: problem.slice(0, 1000), output: String(error.details.output ?? '') };
  }
  return { ...base, reason: 'teacher-error', detail: error instanceof Error ? error.message : String(error) };
}
