// Bridge resolution through the index: when the evidence names a bridge entity next to the
// question's entities but holds no passage of its own about it ("Jump for Glory … directed by
// Raoul Walsh", and no Raoul Walsh page), the graph leads to the bridge's own passages (the
// chunks its node was read from), and those that state one of the question's relation words are
// read as the second hop.
import type { RankedChunk } from '@rag/core';
import { contentTerms, nameSpans, phraseKey } from '../internal/spans.js';
import { bridgeNames } from './sentence-scoring.js';
import { QUESTION_WORDS, type Sent } from './types.js';
import { relationWords } from '@rag/verify';

/** What the reader needs of an index to follow a bridge. */
export interface BridgeIndex {
  getChunk(id: string): { id: string; docId: string; text: string } | undefined;
  graph?: {
    findByName(name: string): { id: string }[];
    chunksOfNode?(nodeId: string): string[];
  };
}

// Bridge names followed and passages added: a couple each keeps the reader's pool about the
// question (round values, not fitted).
const MAX_BRIDGES = 3;
const MAX_PASSAGES = 2;

/** Passages about bridge entities that the evidence lacks, each opening with the bridge's name. */
export function bridgePassages(query: string, sents: Sent[], index: BridgeIndex): RankedChunk[] {
  const graph = index.graph;
  if (!graph?.chunksOfNode) return [];
  const entities = nameSpans(query).map((n) => contentTerms(n.text)).filter((t) => t.length > 0);
  const entityTerms = new Set(entities.flat());
  const relation = [...new Set(contentTerms(query))].filter((t) => !entityTerms.has(t) && !QUESTION_WORDS.has(t));
  const relationTerms = new Set([...relation, ...relation.flatMap((t) => relationWords(t))]);
  const have = new Set(sents.map((s) => s.chunk.chunkId));
  const out: RankedChunk[] = [];
  for (const name of bridgeNames(query, sents).slice(0, MAX_BRIDGES)) {
    for (const node of graph.findByName(name)) {
      for (const id of graph.chunksOfNode(node.id)) {
        if (have.has(id) || out.length >= MAX_PASSAGES) continue;
        const chunk = index.getChunk(id);
        if (!chunk) continue;
        // The bridge's own passage: it opens with the bridge's name and states a relation word.
        const subject = nameSpans(chunk.text)[0];
        if (!subject || subject.start > 40 || !` ${phraseKey(subject.text)} `.includes(` ${name} `)) continue;
        const terms = new Set(contentTerms(chunk.text));
        if (![...relationTerms].some((t) => terms.has(t))) continue;
        have.add(id);
        out.push({ chunkId: chunk.id, docId: chunk.docId, score: 0, text: chunk.text });
      }
    }
  }
  return out;
}

// Passages read for one name: its own page is what the next hop needs (round value, not fitted).
const MAX_OWN_PASSAGES = 3;
// Keyword hits searched for a page titled by the name (round value, not fitted).
const TITLE_HITS = 10;

/** What the reader needs of an index to read a name's own page. */
export interface PageIndex extends BridgeIndex {
  getDoc?(id: string): { title?: string } | undefined;
  keyword?: { search(query: string, k: number): Promise<{ id: string }[]> };
}

/** Is a title the name's own ("Kassel", "Walden, Nova Scotia" for Walden, "Mercury (planet)")? */
export function titledBy(title: string | undefined, name: string): boolean {
  if (!title) return false;
  const key = phraseKey(name);
  return key !== '' && phraseKey(title.replace(/\s*(?:,|\().*$/, '')) === key;
}

/**
 * A name's own passages in the index: chunks of documents titled by the name (found by a keyword
 * search for it), then chunks of its graph node that open with the name.
 */
export async function ownPassages(name: string, index: PageIndex): Promise<RankedChunk[]> {
  const key = phraseKey(name);
  if (!key) return [];
  const out: RankedChunk[] = [];
  const seen = new Set<string>();
  const add = (id: string, own: (chunk: { text: string; docId: string }) => boolean) => {
    if (seen.has(id) || out.length >= MAX_OWN_PASSAGES) return;
    seen.add(id);
    const chunk = index.getChunk(id);
    if (chunk && own(chunk)) out.push({ chunkId: chunk.id, docId: chunk.docId, score: 0, text: chunk.text });
  };
  if (index.getDoc && index.keyword) {
    for (const hit of await index.keyword.search(name, TITLE_HITS)) add(hit.id, (c) => titledBy(index.getDoc!(c.docId)?.title, name));
  }
  const graph = index.graph;
  if (graph?.chunksOfNode) {
    for (const node of graph.findByName(name)) {
      for (const id of graph.chunksOfNode(node.id)) {
        add(id, (c) => {
          const subject = nameSpans(c.text)[0];
          return subject !== undefined && subject.start <= 40 && ` ${phraseKey(subject.text)} `.includes(` ${key} `);
        });
      }
    }
  }
  return out;
}
