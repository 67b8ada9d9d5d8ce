// A tiny invented corpus (written for these tests; not from any dataset) with two documents
// that share a bridge entity, and questions with answers.
import type { DocInput } from '@rag/core';
import { createIndexer, type Indexer } from '@rag/indexer';

export const DOCS: DocInput[] = [
  { id: 'd1', title: 'Marta Quill', text: 'Marta Quill is a novelist. Marta Quill was born in Lindenport. She wrote the novel Glass Harbor in 1998.' },
  { id: 'd2', title: 'Lindenport', text: 'Lindenport is a port city. Lindenport is located in Varessa. The city hosts the annual Tidewater Fair.' },
  { id: 'd3', title: 'Glass Harbor', text: 'Glass Harbor is a novel by Marta Quill. The novel won the Corwin Prize in 2001.' },
  { id: 'd4', title: 'Corwin Prize', text: 'The Corwin Prize is a literary award. The Corwin Prize was founded by Elena Corwin in 1975.' },
];

export const QUESTIONS = [
  { id: 'q1', question: 'Where was Marta Quill born?', answers: ['Lindenport'] },
  { id: 'q2', question: 'In which region is Lindenport located?', answers: ['Varessa'] },
  { id: 'q3', question: 'Which prize did Glass Harbor win?', answers: ['Corwin Prize'] },
  { id: 'q4', question: 'Who founded the Corwin Prize?', answers: ['Elena Corwin'] },
];

export async function buildIndex(): Promise<Indexer> {
  const index = createIndexer({ gearHeads: 0, communities: false });
  await index.ingest(DOCS);
  return index;
}
