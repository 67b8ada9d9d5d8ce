// TAdaRAG stage 1 (Supervised Knowledge Extraction Fine-tuning): a teacher model turns each
// instruction I = {q, r, t} into a typed graph G; a pair is kept only when it passes every
// quality gate, in this order: schema (G parses against t's schema), grounding (every entity
// and relation found in r), duplicate (content hash), near-duplicate (graph Jaccard and
// instruction similarity), then per-domain balance over the survivors.
import { RagError, generateObject, type ChatMessage, type ChatModel, type RunContext } from '@rag/core';
import { extractionMessages } from './extraction-prompt.js';
import { templateGraphSchema, type KnowledgeGraph } from './graph-schema.js';
import { groundingProblems } from './grounding.js';
import { balanceByDomain } from './balance.js';
import { graphFacts, jaccard, pairHash, wordSet } from './similarity.js';
import type { Instruction, InstructionSource } from './instructions.js';

export type RejectReason = 'invalid-json' | 'schema' | 'ungrounded' | 'duplicate' | 'near-duplicate' | 'balance' | 'teacher-error';

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
  teacher: string;
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
  /** Extra teacher attempts after a reply that does not parse (default 1). */
  retries?: number;
  temperature?: number;
  allowOtherRelations?: boolean;
  nearDuplicate?: NearDuplicateOptions;
  /** Per-domain ratio, e.g. { general: 2, medical: 1 }; no balancing when absent. */
  balance?: Readonly<Record<string, number>>;
  onProgress?: (event: { done: number; total: number; kept: number; rejected: number }) => void;
}

export interface SftResult {
  pairs: SftPair[];
  rejected: SftRejection[];
  teacherModels: string[];
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
  const pairs: SftPair[] = [];
  const rejected: SftRejection[] = [];
  const models = new Set<string>();
  const hashes = new Map<string, string>();
  const byFact = new Map<string, number[]>();
  const facts: Set<string>[] = [];
  const words: Set<string>[] = [];
  let stopped: string | undefined;
  const total = options.instructions.length;

  for (const [n, ins] of options.instructions.entries()) {
    const base = { instructionId: ins.id, domain: ins.domain, template: ins.template.domain };
    const messages = extractionMessages(ins, { allowOtherRelations: options.allowOtherRelations ?? false });
    let graph: KnowledgeGraph;
    try {
      const result = await generateObject({
        model: options.teacher,
        schema: templateGraphSchema(ins.template, { allowOtherRelations: options.allowOtherRelations ?? false }),
        messages,
        retries,
        name: 'sft-teacher',
        temperature: options.temperature ?? 0,
        ...(options.context ? { context: options.context } : {}),
      });
      graph = result.object;
      models.add(result.response.model || options.teacher.id);
    } catch (error) {
      if (RagError.isInstance(error, 'RAG_MODEL_OUTPUT_INVALID')) {
        const problem = String(error.details.problem ?? error.message);
        rejected.push({ ...base, reason: problem === 'the reply is not JSON' ? 'invalid-json' : 'schema', detail: problem.slice(0, 1000), output: String(error.details.output ?? '') });
      } else if (RagError.isInstance(error, 'RAG_BUDGET_EXCEEDED') || RagError.isInstance(error, 'RAG_ABORTED')) {
        stopped = `${error.code}: ${error.message}`;
        break;
      } else {
        rejected.push({ ...base, reason: 'teacher-error', detail: error instanceof Error ? error.message : String(error) });
      }
      options.onProgress?.({ done: n + 1, total, kept: pairs.length, rejected: rejected.length });
      continue;
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
        pairs.push({ id, ...base, question: ins.question, reference: ins.reference, sources: ins.sources, graph, messages, teacher: options.teacher.id, hash });
      }
    }
    options.onProgress?.({ done: n + 1, total, kept: pairs.length, rejected: rejected.length });
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
    `schema: G parses against the routed template's schema (entity types from the template; relations ${options.allowOtherRelations ? 'snake_case, template labels preferred' : 'limited to the template labels'}; head/tail types follow the template's patterns); teacher retries after an invalid reply: ${retries}`,
    'grounding: every entity name occurs in r (normalised, word-bounded); every relation has both ends in r and its quoted evidence in r, or both ends in one sentence of r',
    'duplicate: sha256 over normalised question, reference and sorted triples',
    `near-duplicate: graph Jaccard over normalised triples ≥ ${near.graph} and instruction word-Jaccard ≥ ${near.instruction}`,
  ];
  const result: SftResult = { pairs, rejected, teacherModels: [...models], filters, ...(stopped ? { stopped } : {}) };
  if (options.balance) {
    const b = balanceByDomain(pairs, (p) => p.domain, options.balance);
    for (const p of b.dropped)
      rejected.push({ instructionId: p.instructionId, domain: p.domain, template: p.template, reason: 'balance', detail: `over the ${p.domain} target ${b.targets[p.domain] ?? 0} of ratio ${JSON.stringify(options.balance)}`, output: JSON.stringify(p.graph) });
    result.pairs = b.kept;
    result.balance = { targets: b.targets, missingDomains: b.missingDomains };
    filters.push(`balance: per-domain counts follow the ratio ${JSON.stringify(options.balance)}${b.missingDomains.length ? ` (no data for: ${b.missingDomains.join(', ')})` : ''}`);
  }
  return result;
}
