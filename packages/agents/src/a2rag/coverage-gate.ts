// A2RAG entry gate with a coverage test (Section III-B 1). Eq. 1 gates on max_j γ_j(q) ≥ τ_g, the
// summary cosine; with the embedded hashing embedder that cosine separates answerable from
// unanswerable questions poorly (docs/benchmarks/agents.md, "Choosing τ_g"), because questions
// share many generic words with any corpus. The paper's intent — "does the knowledge base cover
// the query?" — is tested more directly on the query's entity mentions: a question whose named
// things are absent from the corpus cannot be answered from it. Rule (docs/agents.md):
//   pass ⇔ Gate_summary(q) = 1  ∧  (S = ∅  ∨  |{m ∈ S : covered(m)}| / |S| ≥ c_min)
// with S the salient mentions (analyzer entity mentions that are not bare numbers/dates) and
// covered(m) = m is a graph node name/alias (exact alignment), or m occurs verbatim in one of the
// top keyword hits for m, or m is an acronym ("GPLv3") that one of the question's top keyword
// hits spells out ("General Public License"; @rag/core acronyms.ts), or m is "A and B" / "A in B" /
// "A-licensed" … (leading/trailing numbers dropped; a part may drop a lower-case hyphenated
// suffix) and every part is covered. An uncovered mention whose capitals may come from English
// (the pronoun "I", a word that starts a sentence of the question: "Rather …", "May I …") is
// left out of the share.
import { acronymLetters, invalidInput, spellsOut, type QueryAnalyzer, type RunContext } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { alignEntitySeeds, createHeuristicQueryAnalyzer } from '@rag/retrievers';
import { coveringPassage } from './lexical-cover.js';
import { createSummaryGate, type GateDecision } from './entry-gate.js';

export interface CoverageGateOptions {
  index: RagIndex;
  /** Finds the query's entity mentions (default: the retrievers' heuristic analyzer). */
  analyzer?: QueryAnalyzer;
  /** τ_g of the summary-cosine part (default DEFAULT_GATE_THRESHOLD). */
  threshold?: number;
  /** c_min: least share of salient mentions that must be covered (default 0.5). */
  minCoverage?: number;
  /** Keyword hits inspected per mention for a verbatim occurrence (default 5). */
  hitsPerMention?: number;
  /**
   * When the summary cosine is below τ_g, still open the summary test if one of the query's top
   * keyword hits holds at least half of the query's content words, two at least (default true;
   * false = eq. 1 alone). Summaries of long multi-section documents (manuals, policies) say
   * little about any one section, so their cosine understates what the corpus covers; one
   * passage holding most words asked about is direct evidence of coverage. The entity-coverage
   * test still applies after it.
   */
  lexicalCover?: boolean;
}

export interface MentionCoverage {
  mention: string;
  covered: boolean;
  how: 'graph' | 'text' | 'acronym' | 'parts' | 'none';
}

export interface CoverageGateDecision extends GateDecision {
  /** Covered share of salient mentions; undefined when the query has none (rule then defers to the summary test). */
  coverage: number | undefined;
  minCoverage: number;
  mentions: MentionCoverage[];
  /** Which test closed the gate, when it closed. */
  closedBy?: 'summary' | 'coverage';
  /** The passage that opened the summary test although max γ < τ_g (lexicalCover). */
  coveredBy?: string;
}

export interface CoverageGate {
  readonly threshold: number;
  readonly minCoverage: number;
  check(query: string, context?: RunContext): Promise<CoverageGateDecision>;
}

export const DEFAULT_MIN_COVERAGE = 0.5;

const MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);
// Connectors that join two names inside one capitalised mention ("Christopher Nolan and Sathish Kalathil").
const CONNECTOR = /\s+(?:and|or|in|on|at|from|of|with|vs)\s+/;

export function normalizeMention(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A mention is salient unless it is only numbers and month names (years and dates occur in any corpus). */
export function isSalientMention(mention: string): boolean {
  return normalizeMention(mention)
    .split(' ')
    .some((t) => t.length > 0 && !/^\d+$/.test(t) && !MONTHS.has(t));
}

/** The first-person pronoun, capitalised wherever it stands ("I", "I'm", "I’ve"). */
const PRONOUN_I = /^I(?:['’](?:m|ve|d|ll))?$/u;

/**
 * A mention whose capitals may come from English, not from a name: the pronoun "I", a word that
 * starts a sentence of the query ("Rather than …", "Past versions …"), or such a word with the
 * pronoun after it ("May I …"). Found in the corpus it still counts as covered; absent, it is no
 * evidence that the corpus lacks what the question is about, so it is left out of the share.
 */
function maybeNoName(query: string, mention: string): boolean {
  const tokens = mention.split(/\s+/);
  if (tokens.every((t) => PRONOUN_I.test(t))) return true;
  const at = query.indexOf(mention);
  const startsSentence = at >= 0 && /(?:^|[.?!]["”’)]*\s+)$/u.test(query.slice(0, at));
  return startsSentence && tokens.slice(1).every((t) => PRONOUN_I.test(t));
}

/** "GFDL-licensed" → "GFDL", "Python-based" → "Python": a lower-case suffix after a hyphen, which may be no part of the name. */
function withoutHyphenSuffix(mention: string): string {
  return mention.replace(/-\p{Ll}[\p{Ll}-]*$/u, '');
}

/** Drops leading/trailing number and month tokens: "1945-1949 Dick Humbert" → "Dick Humbert". */
function stripNumbers(part: string): string {
  const toks = part.trim().split(/\s+/);
  const isNum = (t: string) => /^[\d.,\-–]+$/.test(t) || MONTHS.has(t.toLowerCase());
  while (toks.length > 0 && isNum(toks[0]!)) toks.shift();
  while (toks.length > 0 && isNum(toks[toks.length - 1]!)) toks.pop();
  return toks.join(' ');
}

export function createCoverageGate(options: CoverageGateOptions): CoverageGate {
  const index = options?.index;
  if (!index || typeof index.getChunk !== 'function' || !index.keyword) throw invalidInput('createCoverageGate(options.index)', 'must be a RagIndex');
  const minCoverage = options.minCoverage ?? DEFAULT_MIN_COVERAGE;
  if (!Number.isFinite(minCoverage) || minCoverage < 0 || minCoverage > 1) throw invalidInput('createCoverageGate(options.minCoverage)', 'c_min must be a number in [0, 1]', { value: minCoverage });
  const hitsPerMention = options.hitsPerMention ?? 5;
  if (!Number.isInteger(hitsPerMention) || hitsPerMention < 1 || hitsPerMention > 100) throw invalidInput('createCoverageGate(options.hitsPerMention)', 'must be an integer in 1..100', { value: hitsPerMention });
  const summary = createSummaryGate({ index, ...(options.threshold !== undefined ? { threshold: options.threshold } : {}) });
  const analyzer = options.analyzer ?? createHeuristicQueryAnalyzer();
  const lexicalCover = options.lexicalCover ?? true;

  let nameCache: { version: number; names: Set<string> } | undefined;
  const nodeNames = (): Set<string> => {
    if (nameCache?.version !== index.graph.version) {
      nameCache = { version: index.graph.version, names: new Set([...index.graph.nodes()].flatMap((n) => [n.name, ...n.aliases].map(normalizeMention))) };
    }
    return nameCache.names;
  };

  const inText = async (phrase: string): Promise<boolean> => {
    const key = normalizeMention(phrase);
    if (!key) return false;
    for (const hit of await index.keyword.search(phrase, hitsPerMention)) {
      const chunk = index.getChunk(hit.id);
      if (chunk && ` ${normalizeMention(chunk.text)} `.includes(` ${key} `)) return true;
    }
    return false;
  };

  /** An acronym mention ("GPLv3") that one of the query's top keyword hits spells out. */
  const spelledOut = async (mention: string, queryHits: () => Promise<string[]>): Promise<boolean> => {
    const letters = acronymLetters(mention);
    return letters !== undefined && (await queryHits()).some((text) => spellsOut(text, letters));
  };

  const coverMentions = async (query: string, context?: RunContext): Promise<MentionCoverage[]> => {
    const analysis = await analyzer.analyze(query, context);
    const salient = [...new Set(analysis.entities.filter(isSalientMention))];
    if (salient.length === 0) return [];
    // Only exact name/alias alignments count: sub-phrase and fuzzy matches are what make an absent
    // "Leland, North Carolina" look present in a corpus that merely mentions North Carolina.
    const seeds = await alignEntitySeeds(index, { ...analysis, entities: salient }, { scanQuery: false }, context);
    const exact = new Set(seeds.filter((s) => s.how === 'exact').map((s) => s.mention));
    const names = nodeNames();
    let hitTexts: Promise<string[]> | undefined;
    // Each hit's document title with its text: a licence or manual names itself in its title.
    const queryHits = () =>
      (hitTexts ??= index.keyword.search(query, hitsPerMention * 2).then((hits) =>
        hits.map((h) => {
          const chunk = index.getChunk(h.id);
          return chunk ? `${index.getDoc(chunk.docId)?.title ?? ''}\n${chunk.text}` : '';
        }),
      ));
    const single = async (m: string) => exact.has(m) || names.has(normalizeMention(m)) || (await inText(m)) || (await spelledOut(m, queryHits));
    // A part is covered as written or without a lower-case hyphenated suffix ("GFDL-licensed").
    const part = async (p: string) => (await single(p)) || (withoutHyphenSuffix(p) !== p && (await single(withoutHyphenSuffix(p))));
    const out: MentionCoverage[] = [];
    for (const m of salient) {
      if (exact.has(m)) out.push({ mention: m, covered: true, how: 'graph' });
      else if (await inText(m)) out.push({ mention: m, covered: true, how: 'text' });
      else if (await spelledOut(m, queryHits)) out.push({ mention: m, covered: true, how: 'acronym' });
      else {
        const parts = m.split(CONNECTOR).map(stripNumbers).filter(isSalientMention);
        let all = parts.length > 0 && !(parts.length === 1 && parts[0] === m && withoutHyphenSuffix(m) === m);
        for (const p of parts) if (all && !(await part(p))) all = false;
        if (all) out.push({ mention: m, covered: true, how: 'parts' });
        else if (!maybeNoName(query, m)) out.push({ mention: m, covered: false, how: 'none' });
      }
    }
    return out;
  };

  return {
    threshold: summary.threshold,
    minCoverage,
    async check(query, context) {
      if (typeof query !== 'string') throw invalidInput('query', 'must be a string', { value: typeof query });
      let s: GateDecision & { coveredBy?: string } = await summary.check(query, context);
      if (!s.pass && lexicalCover) {
        const chunkId = await coveringPassage(index, query, hitsPerMention);
        if (chunkId !== undefined) {
          s = { ...s, pass: true, coveredBy: chunkId };
          context?.trace.decision('gate', `max γ < τ_g, but passage ${chunkId} holds at least half of the question's content words (the noun it asks about aside): retrieve`, { chunkId });
        }
      }
      const run = async (): Promise<CoverageGateDecision> => {
        const mentions = await coverMentions(query, context);
        const coverage = mentions.length === 0 ? undefined : mentions.filter((m) => m.covered).length / mentions.length;
        const coveredEnough = coverage === undefined || coverage >= minCoverage;
        const pass = s.pass && coveredEnough;
        return { ...s, pass, coverage, minCoverage, mentions, ...(pass ? {} : { closedBy: s.pass ? 'coverage' : 'summary' }) };
      };
      // The coverage test is skipped when the summary test already closed the gate.
      if (!s.pass) return { ...s, coverage: undefined, minCoverage, mentions: [], closedBy: 'summary' };
      const d = context ? await context.trace.stage('gate-coverage', run) : await run();
      context?.trace.decision(
        'gate-coverage',
        d.coverage === undefined
          ? 'no salient entity mentions: coverage test open'
          : `covered ${d.mentions.filter((m) => m.covered).length}/${d.mentions.length} mentions = ${d.coverage.toFixed(2)} ${d.pass ? '≥' : '<'} c_min = ${minCoverage}: ${d.pass ? 'retrieve' : 'ABSTAIN'}`,
        { coverage: d.coverage, minCoverage, missing: d.mentions.filter((m) => !m.covered).map((m) => m.mention) },
      );
      return d;
    },
  };
}
