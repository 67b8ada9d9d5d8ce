// SIMULATOR FOR COST. A stand-in for a competent reader that knows the gold answer of the question
// being asked: it answers with a gold answer when one appears in the evidence it is shown and says
// it cannot answer otherwise; it passes Triple-Check and sufficiency verdicts exactly when a gold
// answer is in the evidence; it follows every structured-output schema (the way the scripted
// simulator does, with answer, verdict, citation and reason fields filled from what it found).
// It measures what a method's control flow costs (calls, tokens, retries, stages) when the model
// is right, the same for every method. It says nothing about quality: any figure made with it is
// "cost only, not quality". It must never be used to produce real answers.
import type { ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatStreamChunk, ToolCall } from '../contracts/chat-model.js';
import { RagError } from '../errors.js';
import { simulatedChatModel, simulatedResponse } from './simulated-response.js';
import { sampleFromSchema } from './schema-following-chat-model.js';
import { nextChainSentence, ORACLE_CHAIN_MODES, reasoningSoFar, type OracleChainMode } from './oracle-chain-step.js';
import { normalizeForMatch, shows, type Block } from './oracle-match.js';

export { normalizeForMatch } from './oracle-match.js';

/** What the oracle knows about the question a request belongs to. */
export interface OracleGold {
  /** Gold answers; any one found in the evidence counts. */
  answers: readonly string[];
  /**
   * Texts of the supporting passages. Used for yes/no golds, which never occur in evidence as
   * text: such a question counts as answerable when every supporting passage is shown.
   */
  supports?: readonly string[];
}

export interface OracleChatModelOptions {
  /** The gold of the question a request belongs to (undefined: the request is not for a known question, an error). */
  gold: OracleGold | ((request: ChatRequest) => OracleGold | undefined);
  /** Tool results after which a tool-using conversation stops searching and gives up (default 6). */
  maxToolResults?: number;
  /**
   * How it writes a reasoning chain when a request asks for the next reasoning sentence
   * ("Reasoning so far: …", "Next sentence:"; IRCoT's step). "per-fact" (default): like a model
   * following one-fact-per-sentence demonstrations, it states each shown supporting passage
   * (OracleGold.supports) in turn and writes "So the answer is: X." only once all are stated.
   * "jump": the answer sentence as soon as the gold is in the evidence. Other requests are the same
   * under both; a gold without supports is answered as under "jump".
   */
  chain?: OracleChainMode;
  id?: string;
}

type Schema = Record<string, unknown>;

const POSITIVE = new Set(['pass', 'yes', 'true', 'sufficient', 'supported', 'relevant', 'grounded', 'adequate', 'verified', 'correct', 'entailed', 'answerable', 'consistent', 'answered']);
const NEGATIVE = new Set(['fail', 'no', 'false', 'insufficient', 'unsupported', 'irrelevant', 'ungrounded', 'inadequate', 'failed', 'incorrect', 'unanswerable', 'inconsistent', 'abstained', 'unsure']);
// Not a refusal (callers re-ask refusals): a plain statement that the evidence lacks the answer.
const CANNOT = 'The evidence shown does not answer the question.';

/** Evidence blocks of a request: <data> elements other than the question and the candidate answer, and tool results. */
export function evidenceBlocks(messages: readonly ChatMessage[]): Block[] {
  const out: Block[] = [];
  for (const m of messages) {
    if (m.role === 'tool') {
      out.push({ text: m.content });
      continue;
    }
    if (m.role === 'system') continue;
    for (const match of m.content.matchAll(/<data([^>]*)>\n?([\s\S]*?)\n?<\/data>/g)) {
      const attrs = match[1] ?? '';
      const source = /source="([^"]*)"/.exec(attrs)?.[1];
      if (source === 'question' || source === 'answer') continue;
      const id = /id="([^"]*)"/.exec(attrs)?.[1];
      out.push({ ...(id !== undefined ? { id } : {}), text: match[2] ?? '' });
    }
  }
  return out;
}

/** The question as the request states it: a question data block, a "Question:" line, or the last user message without its data. */
export function questionOf(messages: readonly ChatMessage[]): string {
  const users = messages.filter((m) => m.role === 'user');
  for (const m of [...users].reverse()) {
    const q = /<data[^>]*source="question"[^>]*>\n?([\s\S]*?)\n?<\/data>/.exec(m.content)?.[1];
    if (q) return q;
  }
  for (const m of users) {
    const line = /(?:^|\n)\s*(?:Question|Query)\s*:\s*(.+)/i.exec(m.content.replace(/<data[\s\S]*?<\/data>/g, ''))?.[1];
    if (line?.trim()) return line.trim();
  }
  return (users.at(-1)?.content ?? '').replace(/<data[\s\S]*?<\/data>/g, ' ').trim();
}

const YES_NO = new Set(['yes', 'no']);

interface Found {
  answer: string;
  /** The block holding the answer (or the first shown supporting passage for yes/no golds). */
  block?: Block;
  /** Exact text of the block to quote. */
  quote?: string;
  /** Yes/no golds: every shown supporting passage with the text to quote from it (a comparison rests on all of them). */
  cited?: { block: Block; quote: string }[];
}

/** The first gold answer found in the evidence, if any. */
export function findGold(gold: OracleGold, blocks: readonly Block[]): Found | undefined {
  const normBlocks = blocks.map((b) => normalizeForMatch(b.text));
  for (const answer of gold.answers) {
    const key = normalizeForMatch(answer);
    if (key.trim() === '') continue;
    if (YES_NO.has(key.trim())) continue;
    const at = normBlocks.findIndex((t) => t.includes(key));
    if (at >= 0) return { answer, block: blocks[at]!, quote: quoteOf(blocks[at]!.text, answer) };
  }
  const yesNo = gold.answers.find((a) => YES_NO.has(a.trim().toLowerCase()));
  if (yesNo && gold.supports && gold.supports.length > 0) {
    const at: number[] = [];
    for (const passage of gold.supports) {
      const i = normBlocks.findIndex((t) => shows(t, passage));
      if (i < 0) return undefined;
      if (!at.includes(i)) at.push(i);
    }
    const cited = at.map((i) => ({ block: blocks[i]!, quote: blocks[i]!.text.split(/(?<=[.!?])\s+/)[0]!.slice(0, 300) }));
    return { answer: yesNo, block: cited[0]!.block, quote: cited[0]!.quote, cited };
  }
  return undefined;
}

/** An exact substring of `text` to cite for `answer`: the answer's own casing when present, else the sentence holding it. */
function quoteOf(text: string, answer: string): string {
  const i = text.toLowerCase().indexOf(answer.toLowerCase());
  if (i >= 0) return text.slice(i, i + answer.length);
  const key = normalizeForMatch(answer);
  return text.split(/(?<=[.!?])\s+/).find((s) => normalizeForMatch(s).includes(key)) ?? text.slice(0, 200);
}

function phrasesOf(question: string): string[] {
  const caps = question.match(/\b[A-Z][\w'-]+(?:\s+(?:of|the|de|von|and)?\s*[A-Z][\w'-]+)*/g) ?? [];
  const words = question.match(/\b[a-z]{5,}\b/g) ?? [];
  const out = [...new Set([...caps.filter((c) => c.length > 2), ...words])];
  return out.length > 0 ? out : ['unknown'];
}

/** The evidence sentence sharing most words with the question: what a reader would reason from next. */
function closestSentence(question: string, blocks: readonly Block[]): string | undefined {
  const q = new Set(normalizeForMatch(question).trim().split(' ').filter((w) => w.length > 3));
  let best: { s: string; score: number } | undefined;
  for (const b of blocks)
    for (const s of b.text.split(/(?<=[.!?])\s+/)) {
      const score = normalizeForMatch(s).trim().split(' ').filter((w) => q.has(w)).length;
      if (score > 0 && (!best || score > best.score)) best = { s: s.trim(), score };
    }
  return best?.s;
}

function resolveRef(s: Schema, root: Schema): Schema {
  if (typeof s.$ref !== 'string') return s;
  let target: unknown = root;
  for (const p of s.$ref.replace(/^#\/?/, '').split('/').filter(Boolean)) target = (target as Schema | undefined)?.[p];
  return (target && typeof target === 'object' ? target : {}) as Schema;
}

function typeOf(s: Schema): unknown {
  return Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? s.type[0]) : s.type;
}

interface FillContext {
  root: Schema;
  found: Found | undefined;
  pick: () => string;
}

/** A schema-valid value whose answer, verdict, citation and reason fields say what the oracle found. */
function fill(schema: unknown, key: string | undefined, c: FillContext, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return sampleFromSchema(schema, c.root, c.pick);
  let s = resolveRef(schema as Schema, c.root);
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    const alts = s[k];
    if (Array.isArray(alts) && alts.length > 0) s = resolveRef((alts.find((a) => (a as Schema).type !== 'null') ?? alts[0]) as Schema, c.root);
  }
  const ok = c.found !== undefined;
  const name = (key ?? '').toLowerCase();
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const values = s.enum.map(String);
    const pos = values.find((v) => POSITIVE.has(v.toLowerCase()));
    const neg = values.find((v) => NEGATIVE.has(v.toLowerCase()));
    if (pos !== undefined && neg !== undefined) return s.enum[values.indexOf(ok ? pos : neg)];
    return s.enum[0];
  }
  switch (typeOf(s)) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) out[k] = fill(v, k, c, depth + 1);
      return out;
    }
    case 'array': {
      const items = s.items && typeof s.items === 'object' ? resolveRef(s.items as Schema, c.root) : {};
      const itemProps = (items.properties ?? {}) as Record<string, unknown>;
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      if ('chunkId' in itemProps || 'quote' in itemProps) {
        // citations / spans: the block holding the answer, or none when nothing was found
        if (!ok || !c.found?.block) return min > 0 ? [fill(items, undefined, c, depth + 1)] : [];
        const found = c.found;
        const cited = found.cited ?? [{ block: found.block!, quote: found.quote ?? found.answer }];
        const max = typeof s.maxItems === 'number' ? s.maxItems : cited.length;
        return cited.slice(0, Math.max(1, max)).map(({ block, quote }) => {
          const item = fill(items, undefined, c, depth + 1) as Record<string, unknown>;
          if ('chunkId' in itemProps) item.chunkId = block.id ?? '';
          if ('quote' in itemProps) item.quote = quote;
          return item;
        });
      }
      if (name === 'missing' || name === 'gaps') return ok ? [] : Array.from({ length: Math.max(min, 1) }, () => c.pick());
      return sampleFromSchema(s, c.root, c.pick);
    }
    case 'boolean':
      return /abstain|insufficient|unanswerable|refus/.test(name) ? !ok : ok;
    case 'number':
    case 'integer': {
      if (/score|confidence|prob|suffic|support/.test(name)) {
        const lo = typeof s.minimum === 'number' ? s.minimum : 0;
        const hi = typeof s.maximum === 'number' ? s.maximum : 1;
        return ok ? hi : lo;
      }
      return sampleFromSchema(s, c.root, c.pick);
    }
    case 'string': {
      if (name === 'answer' || name === 'final_answer' || name === 'finalanswer') return ok ? c.found!.answer : '';
      // A follow-up query (what to search for next) only when the evidence lacks the answer.
      if (/^follow_?up/.test(name) && ok) return '';
      if (name === 'reason' || name === 'rationale' || name === 'explanation')
        return ok ? `The evidence states ${c.found!.answer}.` : 'The answer is not in the evidence shown.';
      return sampleFromSchema(s, c.root, c.pick);
    }
    default:
      return sampleFromSchema(s, c.root, c.pick);
  }
}

/** Chunk ids named in tool results ("[id] …") that no earlier tool call asked to read. */
function unreadIds(messages: readonly ChatMessage[]): string[] {
  const named: string[] = [];
  const asked = new Set<string>();
  for (const m of messages) {
    if (m.role === 'tool') for (const x of m.content.matchAll(/^\[([^\]\s]+)\]/gm)) named.push(x[1]!);
    for (const call of m.toolCalls ?? []) for (const v of JSON.stringify(call.arguments ?? '').match(/"[^"]+"/g) ?? []) asked.add(v.slice(1, -1));
  }
  return [...new Set(named)].filter((id) => !asked.has(id));
}

function toolCall(request: ChatRequest, question: string, turn: number, index: number): ToolCall {
  const tools = request.tools!;
  const unread = unreadIds(request.messages);
  const readTool = tools.find((t) => /read/i.test(t.name));
  const searchTools = tools.filter((t) => t !== readTool);
  // search, read what it found, search again: what a careful agent does
  const tool = readTool && unread.length > 0 && (turn % 2 === 1 || searchTools.length === 0) ? readTool : (searchTools[Math.floor(turn / 2) % Math.max(1, searchTools.length)] ?? tools[0]!);
  const phrases = phrasesOf(question);
  let n = turn;
  const pick = () => phrases[n++ % phrases.length]!;
  const args = sampleFromSchema(tool.parameters, tool.parameters, pick, 0, 0) as Record<string, unknown>;
  const props = (tool.parameters.properties ?? {}) as Record<string, Schema>;
  for (const [k, v] of Object.entries(props)) {
    if (/id/i.test(k) && v.type === 'array') args[k] = unread.slice(0, 3);
    else if (/query|question/i.test(k) && v.type === 'string') args[k] = question;
    else if (/keyword/i.test(k) && v.type === 'array') args[k] = phrases.slice(0, 3);
    else if (/top_?k|limit/i.test(k)) delete args[k];
  }
  return { id: `oracle_${index}`, name: tool.name, arguments: args };
}

/** A plain-text reply: the gold (as an answer sentence when the system prompt asks for one), else a statement that the evidence lacks it. */
function plainReply(request: ChatRequest, found: Found | undefined, question: string, blocks: readonly Block[]): string {
  if (found) {
    const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
    return /so the answer is/i.test(system) ? `So the answer is: ${found.answer}.` : found.answer;
  }
  const near = closestSentence(question, blocks);
  // With no evidence at all (a no-retrieval prompt) it says it does not know.
  return blocks.length === 0 ? 'unknown' : near ? `${CANNOT} Closest: ${near}` : CANNOT;
}

/** Under the per-fact chain: the next fact sentence of a reasoning-step request, or undefined (not such a request, or nothing left to state). */
function nextFact(request: ChatRequest, gold: OracleGold, blocks: readonly Block[], question: string): string | undefined {
  const chain = reasoningSoFar(request.messages);
  return chain === undefined ? undefined : nextChainSentence(gold.supports, gold.answers, blocks, question, chain);
}

export function createOracleChatModel(options: OracleChatModelOptions): ChatModel & { stream(request: ChatRequest): AsyncIterable<ChatStreamChunk> } {
  const id = options.id ?? 'oracle-cost-simulator';
  const maxToolResults = options.maxToolResults ?? 6;
  const chainMode = options.chain ?? 'per-fact';
  if (!ORACLE_CHAIN_MODES.includes(chainMode))
    throw new RagError('RAG_INVALID_INPUT', `oracle simulator: chain must be ${ORACLE_CHAIN_MODES.join(' or ')}, got "${String(chainMode)}"`, { details: { input: 'chain' } });
  let calls = 0;
  const goldOf = (request: ChatRequest): OracleGold => {
    const gold = typeof options.gold === 'function' ? options.gold(request) : options.gold;
    if (!gold || !Array.isArray(gold.answers) || gold.answers.length === 0)
      throw new RagError('RAG_CONFIG', 'oracle simulator: no gold answer is known for this request (it needs a dataset with gold answers)', { details: { input: 'chat' } });
    return gold;
  };
  const reply = async (request: ChatRequest): Promise<ChatResponse> => {
    if (request.signal?.aborted) throw new RagError('RAG_ABORTED', 'chat was aborted', { cause: request.signal.reason });
    const index = calls++;
    const gold = goldOf(request);
    const blocks = evidenceBlocks(request.messages);
    const found = findGold(gold, blocks);
    const question = questionOf(request.messages);
    const phrases = phrasesOf(question);
    let n = 0;
    const pick = () => phrases[n++ % phrases.length]!;
    let text = '';
    let toolCalls: ToolCall[] = [];
    const toolResults = request.messages.filter((m) => m.role === 'tool').length;
    if (request.tools && request.tools.length > 0 && !found && toolResults < maxToolResults) {
      const turn = request.messages.filter((m) => m.role === 'assistant' && (m.toolCalls?.length ?? 0) > 0).length;
      toolCalls = [toolCall(request, question, turn, index)];
    } else if (request.jsonSchema) {
      text = JSON.stringify(fill(request.jsonSchema, undefined, { root: request.jsonSchema, found, pick }));
    } else {
      text = (chainMode === 'per-fact' ? nextFact(request, gold, blocks, question) : undefined) ?? plainReply(request, found, question, blocks);
    }
    return simulatedResponse(id, request, text, toolCalls);
  };
  return simulatedChatModel(id, reply);
}
