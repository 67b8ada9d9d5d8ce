// TAdaRAG stage-1 instructions I = {q, r, t}: the question, the reference text retrieved for it,
// and the domain template the IntentRouter picks for it. With a model (the teacher) the router is
// the LLM intent router, as in the paper's intention detection — one call per instruction, the
// keyword router deciding when the reply stays unusable — else the embedded keyword router. The
// routed template is what the instruction's text lists (extraction-prompt.ts: its entity types
// and relation labels) and what the graph is validated against (graph-schema.ts).
import { invalidInput, type ChatModel, type DomainTemplate, type IntentRouter, type Retriever, type RunContext } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { DOMAIN_TEMPLATES, createKeywordIntentRouter, createLlmIntentRouter, templateFor } from '@rag/indexer';

export interface InstructionSource {
  chunkId: string;
  docId: string;
}

export interface Instruction {
  id: string;
  /** q */
  question: string;
  /** Gold answers when known (needed for reward data). */
  answers: string[];
  /** r: the retrieved reference text, passages separated by blank lines. */
  reference: string;
  sources: InstructionSource[];
  /** t: the template chosen by the router, and the routed domain. */
  template: DomainTemplate;
  domain: string;
  routeConfidence: number;
}

export interface QuestionInput {
  id: string;
  question: string;
  answers?: string[];
}

export interface BuildInstructionsOptions {
  questions: readonly QuestionInput[];
  retriever: Retriever;
  /** Used for passage titles in r. */
  index?: RagIndex;
  /** Default: the LLM intent router over `model` when one is given, else the embedded keyword router of @rag/indexer. */
  router?: IntentRouter;
  /** Routes the instructions with the LLM intent router (unless `router` is given). */
  model?: ChatModel;
  templates?: readonly DomainTemplate[];
  /** Passages per reference text (default 3). */
  k?: number;
  /** Whole passages are added while r stays under this many characters (default 6000; the first passage is always kept). */
  maxReferenceChars?: number;
  context?: RunContext;
}

export async function buildInstructions(options: BuildInstructionsOptions): Promise<Instruction[]> {
  const k = options.k ?? 3;
  if (!Number.isInteger(k) || k < 1) throw invalidInput('k', `must be a positive integer, got ${String(k)}`);
  const maxChars = options.maxReferenceChars ?? 6000;
  const templates = options.templates ?? DOMAIN_TEMPLATES;
  const router = options.router ?? (options.model ? createLlmIntentRouter({ model: options.model, templates }) : createKeywordIntentRouter());
  const out: Instruction[] = [];
  const seen = new Set<string>();
  for (const q of options.questions) {
    if (!q.question.trim()) throw invalidInput(`questions[${q.id}].question`, 'must not be empty');
    if (seen.has(q.id)) throw invalidInput('questions', `duplicate question id "${q.id}"`);
    seen.add(q.id);
    const evidence = await options.retriever.retrieve(q.question, { k, ...(options.context ? { context: options.context } : {}) });
    const parts: string[] = [];
    const sources: InstructionSource[] = [];
    let size = 0;
    for (const c of evidence.chunks.slice(0, k)) {
      const title = options.index?.getDoc(c.docId)?.title;
      const part = title ? `${title}\n${c.text}` : c.text;
      if (parts.length > 0 && size + part.length > maxChars) break;
      parts.push(part);
      sources.push({ chunkId: c.chunkId, docId: c.docId });
      size += part.length + 2;
    }
    const reference = parts.join('\n\n');
    const route = await router.route(`${q.question}\n${reference}`, options.context);
    const template = templateFor(route.domain, templates);
    out.push({
      id: q.id,
      question: q.question,
      answers: q.answers ?? [],
      reference,
      sources,
      template,
      domain: route.domain,
      routeConfidence: route.confidence,
    });
  }
  return out;
}
