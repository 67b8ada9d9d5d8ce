// The oracle cost simulator on an IRCoT-style reasoning-step request ("Reasoning so far: …" then
// "Next sentence:"), under the per-fact chain: a competent model following a prompt whose
// demonstrations state one fact per sentence writes, as the next sentence, a fact from a shown
// supporting passage that the chain has not stated yet; only once every shown supporting passage
// is stated does it write the answer sentence (the caller's usual path). Cost only, not quality.
import type { ChatMessage } from '../contracts/chat-model.js';
import { normalizeForMatch, sentencesOf, shows, type Block } from './oracle-match.js';

/** How the oracle writes a reasoning chain: one fact per step (default) or straight to the answer. */
export type OracleChainMode = 'per-fact' | 'jump';

export const ORACLE_CHAIN_MODES: readonly OracleChainMode[] = ['per-fact', 'jump'];

const STEP = /(?:^|\n)[^\n]*\bso far\s*:\s*([\s\S]*?)\n[^\n]*\bnext\b[^\n]*\bsentence\b[^\n:]*:\s*$/i;

/** The chain so far when the last user message asks for the next reasoning sentence; undefined for any other request. */
export function reasoningSoFar(messages: readonly ChatMessage[]): string | undefined {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return undefined;
  const m = STEP.exec(last.content.replace(/<data[\s\S]*?<\/data>/g, ' ').trimEnd());
  if (!m) return undefined;
  const chain = m[1]!.trim();
  return /^\(none\)$/i.test(chain) ? '' : chain;
}

const words = (s: string): string[] =>
  normalizeForMatch(s)
    .trim()
    .split(' ')
    .filter((w) => w.length > 3);

interface Pending {
  /** Position in the gold's supports (the tie-break). */
  at: number;
  holdsAnswer: boolean;
  sentence: string;
  score: number;
}

/**
 * The next chain sentence: a sentence of a shown supporting passage the chain has not stated,
 * bridge passages (without the answer) first, and within a passage the sentence that shares most
 * with the question and the chain, holds the answer, or names another supporting passage's names.
 * Undefined when every shown supporting passage is stated (or none is shown, or the gold names none).
 */
export function nextChainSentence(supports: readonly string[] | undefined, answers: readonly string[], blocks: readonly Block[], question: string, chain: string): string | undefined {
  if (!supports || supports.length === 0) return undefined;
  const normBlocks = blocks.map((b) => normalizeForMatch(b.text));
  const normChain = normalizeForMatch(chain);
  const chainSentences = sentencesOf(chain)
    .map(normalizeForMatch)
    .filter((s) => s.trim().length >= 10);
  const context = new Set([...words(question), ...words(chain)]);
  const keys = answers.map(normalizeForMatch).filter((k) => k.trim() !== '' && !/^ (yes|no) $/.test(k));
  const pending: Pending[] = [];
  supports.forEach((passage, at) => {
    if (!normBlocks.some((b) => shows(b, passage))) return;
    const normPassage = normalizeForMatch(passage);
    const sentences = sentencesOf(passage);
    const stated =
      chainSentences.some((c) => normPassage.includes(c)) ||
      sentences.some((s) => {
        const n = normalizeForMatch(s);
        return n.trim().length >= 20 && normChain.includes(n);
      });
    if (stated) return;
    const shown = sentences.filter((s) => words(s).length >= 2 && normBlocks.some((b) => b.includes(normalizeForMatch(s))));
    const candidates = shown.length > 0 ? shown : sentences.slice(0, 1);
    const others = new Set(supports.filter((_, i) => i !== at).flatMap((p) => p.match(/\b[A-Z][\w'-]+/g) ?? []));
    let best: Pending | undefined;
    for (const s of candidates) {
      const n = normalizeForMatch(s);
      const holds = keys.some((k) => n.includes(k));
      const link = new Set((s.match(/\b[A-Z][\w'-]+/g) ?? []).filter((w) => others.has(w))).size;
      const score = words(s).filter((w) => context.has(w)).length + (holds ? 10 : 0) + 2 * link;
      if (!best || score > best.score) best = { at, holdsAnswer: holds, sentence: s, score };
    }
    if (best) pending.push({ ...best, holdsAnswer: keys.some((k) => normPassage.includes(k)) });
  });
  pending.sort((a, b) => Number(a.holdsAnswer) - Number(b.holdsAnswer) || b.score - a.score || a.at - b.at);
  return pending[0]?.sentence.replace(/\s+/g, ' ').trim();
}
