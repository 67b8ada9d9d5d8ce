// The typed scholarly schema of the academic agent (agentic heterogeneous-graph paper,
// Section 3.1): Author, Paper and Venue nodes; Author —writes→ Paper, Paper —published_in→ Venue.
// Papers carry `year` and `citations` attributes. Each paper's record text is a document whose
// single chunk has the same id, so provenance and citations point into it.
import type { DocInput } from '@rag/core';
import type { GraphSchema, GraphStore } from '@rag/graph-store';

export const SCHOLARLY_SCHEMA: GraphSchema = {
  nodeTypes: ['Author', 'Paper', 'Venue'],
  relations: [
    { relation: 'writes', head: 'Author', tail: 'Paper' },
    { relation: 'published_in', head: 'Paper', tail: 'Venue' },
  ],
};

export interface ScholarlyWork {
  id: string;
  title: string;
  year: number;
  citations: number;
  authors: string[];
  venue?: string;
}

/** The record text of a work, and where each field sits in it (for provenance). */
export function workRecord(w: ScholarlyWork): { text: string; spans: Record<string, { start: number; end: number }> } {
  const spans: Record<string, { start: number; end: number }> = {};
  let text = '';
  const put = (key: string, value: string) => {
    spans[key] = { start: text.length, end: text.length + value.length };
    text += value;
  };
  put('title', w.title);
  text += '. ';
  if (w.venue) {
    text += 'Published in ';
    put('venue', w.venue);
    text += ' in ';
  } else text += 'Published in ';
  put('year', String(w.year));
  text += '. Authors: ';
  w.authors.forEach((a, i) => {
    if (i > 0) text += ', ';
    put(`author:${i}`, a);
  });
  text += '. Cited by ';
  put('citations', String(w.citations));
  text += ' works.';
  return { text, spans };
}

/** Add works to a graph with the scholarly schema; returns the record documents. */
export function addWorks(graph: GraphStore, works: readonly ScholarlyWork[]): DocInput[] {
  graph.setSchema(SCHOLARLY_SCHEMA);
  const docs: DocInput[] = [];
  for (const w of works) {
    const { text, spans } = workRecord(w);
    const prov = (key: string) => [{ chunkId: w.id, start: spans[key]!.start, end: spans[key]!.end }];
    const paper = graph.addEntity({ id: `paper:${w.id}`, name: w.title, type: 'Paper', attributes: { year: w.year, citations: w.citations }, provenance: prov('title') });
    w.authors.forEach((a, i) => {
      const author = graph.addEntity({ id: `author:${a.toLowerCase()}`, name: a, type: 'Author', provenance: prov(`author:${i}`) });
      graph.addRelation({ source: author.id, target: paper.id, relation: 'writes', provenance: prov(`author:${i}`), confidence: 1 });
    });
    if (w.venue) {
      const venue = graph.addEntity({ id: `venue:${w.venue.toLowerCase()}`, name: w.venue, type: 'Venue', provenance: prov('venue') });
      graph.addRelation({ source: paper.id, target: venue.id, relation: 'published_in', provenance: prov('venue'), confidence: 1 });
    }
    docs.push({ id: w.id, title: w.title, text, metadata: { year: w.year, citations: w.citations } });
  }
  return docs;
}
