// Synthetic scholarly fixture: a seeded Author–Paper–Venue graph and question–answer pairs of
// the four query types (Attr, Rel, Agg, Multi) whose answers are COMPUTED FROM THE GRAPH, as the
// paper's evaluation sets are "automatically extracted from graph facts" (Section 4).
import { createGraphStore, type GraphStore } from '@rag/graph-store';
import { invalidInput, mulberry32, type DocInput, type QueryType } from '@rag/core';
import { addWorks, type ScholarlyWork } from './scholarly-schema.js';

export interface ScholarlyGraphOptions {
  seed?: number;
  authors?: number;
  papers?: number;
  venues?: number;
  /** Questions per query type (default 25). */
  questionsPerType?: number;
  /**
   * Share of questions whose entity mention carries a typo (two adjacent letters swapped), so
   * exact name lookup fails and the start node must be found by similarity (default 0).
   */
  mentionNoise?: number;
}

export interface ScholarlyQuestion {
  id: string;
  type: QueryType;
  question: string;
  /** Gold answer items: one item for scalar answers, several for set answers (any order). */
  answers: string[];
  /** True when every item must be given (set answers). */
  set: boolean;
}

export interface ScholarlyFixture {
  graph: GraphStore;
  docs: DocInput[];
  works: ScholarlyWork[];
  questions: ScholarlyQuestion[];
}

const FIRST = ['Ada', 'Alan', 'Barbara', 'Claude', 'Donald', 'Edsger', 'Frances', 'Grace', 'Hedy', 'Ivan', 'John', 'Karen', 'Leslie', 'Margaret', 'Niklaus', 'Ole', 'Peter', 'Radia', 'Shafi', 'Tim', 'Ursula', 'Vint', 'Whitfield', 'Xiaoyun', 'Yann', 'Zhang', 'Judea', 'Silvio', 'Cynthia', 'Michael'];
const LAST = ['Lovelace', 'Turing', 'Liskov', 'Shannon', 'Knuth', 'Dijkstra', 'Allen', 'Hopper', 'Lamarr', 'Sutherland', 'Backus', 'Sparck', 'Lamport', 'Hamilton', 'Wirth', 'Dahl', 'Naur', 'Perlman', 'Goldwasser', 'Berners', 'Franklin', 'Cerf', 'Diffie', 'Wang', 'LeCun', 'Wei', 'Pearl', 'Micali', 'Dwork', 'Stonebraker'];
const ADJ = ['Scalable', 'Robust', 'Efficient', 'Adaptive', 'Sparse', 'Distributed', 'Provable', 'Interpretable', 'Federated', 'Incremental', 'Causal', 'Contrastive'];
const TOPIC = ['Graph Retrieval', 'Query Optimization', 'Entity Resolution', 'Neural Ranking', 'Knowledge Graphs', 'Stream Processing', 'Program Synthesis', 'Link Prediction', 'Question Answering', 'Index Compression', 'Text Summarization', 'Schema Matching'];
const METHOD = ['with Transformers', 'via Random Walks', 'under Budgets', 'for Scholarly Data', 'at Web Scale', 'with Provenance', 'in Heterogeneous Networks', 'without Supervision'];
const VENUE_A = ['International Conference on', 'Journal of', 'Symposium on', 'Transactions on', 'Workshop on'];
const VENUE_B = ['Data Engineering', 'Information Retrieval', 'Machine Learning', 'Knowledge Discovery', 'Web Search', 'Databases', 'Language Technologies', 'Graph Analytics', 'Digital Libraries', 'Artificial Intelligence'];


function uniqueNames(n: number, make: (i: number) => string, what: string): string[] {
  const out = new Set<string>();
  for (let i = 0; out.size < n && i < n * 50; i++) out.add(make(i));
  if (out.size < n) throw invalidInput(what, `cannot make ${n} distinct names from the built-in vocabulary`, { max: out.size });
  return [...out];
}

export function generateScholarlyGraph(options: ScholarlyGraphOptions = {}): ScholarlyFixture {
  const seed = options.seed ?? 1;
  const nA = options.authors ?? 60;
  const nP = options.papers ?? 150;
  const nV = options.venues ?? 12;
  const perType = options.questionsPerType ?? 25;
  const noise = options.mentionNoise ?? 0;
  if (!Number.isFinite(noise) || noise < 0 || noise > 1) throw invalidInput('mentionNoise', 'must be a number in [0, 1]', { value: noise });
  for (const [k, v, max] of [['authors', nA, 900], ['papers', nP, 1152], ['venues', nV, 50], ['questionsPerType', perType, 10_000]] as const)
    if (!Number.isInteger(v) || v < 1 || v > max) throw invalidInput(k, `must be an integer in 1..${max}`, { value: v });
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const authors = uniqueNames(nA, () => `${pick(FIRST)} ${pick(LAST)}`, 'authors');
  const venues = uniqueNames(nV, () => `${pick(VENUE_A)} ${pick(VENUE_B)}`, 'venues');
  const titles = uniqueNames(nP, () => `${pick(ADJ)} ${pick(TOPIC)} ${pick(METHOD)}`, 'papers');
  const works: ScholarlyWork[] = titles.map((title, i) => {
    const count = 1 + Math.floor(rnd() * 3);
    const as = new Set<string>();
    while (as.size < count) as.add(pick(authors));
    return {
      id: `w${String(i).padStart(4, '0')}`,
      title,
      year: 1995 + Math.floor(rnd() * 30),
      citations: Math.floor(Math.exp(rnd() * 6)),
      authors: [...as],
      venue: pick(venues),
    };
  });
  const graph = createGraphStore();
  const docs = addWorks(graph, works);

  // Questions, computed from the works (the same facts the graph holds).
  const papersOf = new Map<string, ScholarlyWork[]>();
  for (const w of works) for (const a of w.authors) papersOf.set(a, [...(papersOf.get(a) ?? []), w]);
  const active = authors.filter((a) => (papersOf.get(a)?.length ?? 0) > 0);
  const questions: ScholarlyQuestion[] = [];
  const typo = (m: string): string => {
    const words = m.split(' ');
    const wi = words.findIndex((w, i) => i > 0 && w.length >= 5);
    if (wi < 0) return m;
    const w = words[wi]!;
    const at = 1 + Math.floor(rnd() * (w.length - 2));
    words[wi] = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
    return words.join(' ');
  };
  // Perturb the quoted title or the author name the question mentions.
  const noisy = (question: string, mention: string) => (noise > 0 && rnd() < noise ? question.replace(mention, typo(mention)) : question);
  const add = (type: QueryType, raw: string, answers: string[], set = false, mention = '') => {
    const question = mention ? noisy(raw, mention) : raw;
    questions.push({ id: `${type}-${questions.filter((q) => q.type === type).length}`, type, question, answers, set });
  };
  for (let i = 0; i < perType; i++) {
    const w = pick(works);
    if (i % 2 === 0) add('attr', `In what year was the paper "${w.title}" published?`, [String(w.year)], false, w.title);
    else add('attr', `How many citations does the paper "${w.title}" have?`, [String(w.citations)], false, w.title);
  }
  for (let i = 0; i < perType; i++) {
    const w = pick(works);
    if (i % 2 === 0) add('rel', `Who wrote the paper "${w.title}"?`, [...w.authors], true, w.title);
    else add('rel', `In which venue was the paper "${w.title}" published?`, [w.venue!], false, w.title);
  }
  for (let i = 0; i < perType; i++) {
    const a = pick(active);
    const ps = papersOf.get(a)!;
    const kind = i % 3;
    if (kind === 0) add('agg', `How many papers has ${a} written?`, [String(ps.length)], false, a);
    else if (kind === 1) add('agg', `What is the total number of citations of the papers written by ${a}?`, [String(ps.reduce((s, p) => s + p.citations, 0))], false, a);
    else {
      const top = Math.max(...ps.map((p) => p.citations));
      add('agg', `Which paper written by ${a} has the most citations?`, ps.filter((p) => p.citations === top).map((p) => p.title), false, a);
    }
  }
  for (let i = 0, tries = 0; i < perType && tries < perType * 50; i++, tries++) {
    const a = pick(active);
    const ps = papersOf.get(a)!;
    if (i % 2 === 0) {
      const co = [...new Set(ps.flatMap((p) => p.authors).filter((x) => x !== a))];
      if (co.length === 0) {
        i--;
        continue;
      }
      add('multi', `Who has co-authored a paper with ${a}?`, co.sort(), true, a);
    } else {
      const top = Math.max(...ps.map((p) => p.citations));
      const vs = [...new Set(ps.filter((p) => p.citations === top).map((p) => p.venue!))];
      add('multi', `In which venue was the most cited paper of ${a} published?`, vs, false, a);
    }
  }
  return { graph, docs, works, questions };
}
