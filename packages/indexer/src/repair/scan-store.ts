// What an opened store holds that the current input rules refuse (written by an older version,
// before the rules or under looser ones): documents whose id, title, text or metadata
// @rag/indexer's checkDocInput refuses, and entities whose name, aliases, type or description
// break the text and label rules. Read-only: it reports, `rag repair --fix` removes.
import { checkTitle, textProblem } from '@rag/core';
import { checkDocInput } from '../ingest/validate-docs.js';
import type { Indexer } from '../types.js';

export interface RefusedDoc {
  id: string;
  problems: string[];
}

export interface RefusedNode {
  id: string;
  name: string;
  problems: string[];
  /** Documents whose chunks the entity was extracted from (removing them removes it when only they support it). */
  docIds: string[];
}

export interface StoreScan {
  docs: number;
  nodes: number;
  refusedDocs: RefusedDoc[];
  refusedNodes: RefusedNode[];
}

function nodeProblems(node: { name: string; type: string; aliases: readonly string[]; description?: string }): string[] {
  const out: string[] = [];
  const label = (field: string, v: string) => {
    const r = checkTitle(v);
    if ('problem' in r) out.push(`${field}: ${r.problem}`);
  };
  label('name', node.name);
  label('type', node.type);
  node.aliases.forEach((a, i) => label(`aliases[${i}]`, a));
  const d = node.description === undefined ? undefined : textProblem(node.description);
  if (d) out.push(`description: ${d}`);
  return out;
}

/** Check every stored document and entity against the current rules. */
export function scanStore(index: Pick<Indexer, 'docs' | 'graph' | 'getChunk'>): StoreScan {
  const refusedDocs: RefusedDoc[] = [];
  const docs = index.docs();
  docs.forEach((d, i) => {
    const input = { id: d.id, ...(d.title !== undefined ? { title: d.title } : {}), text: d.text, ...(Object.keys(d.metadata ?? {}).length ? { metadata: d.metadata } : {}) };
    const r = checkDocInput(input, i, 'doc');
    if ('problems' in r) refusedDocs.push({ id: d.id, problems: r.problems.map((p) => p.message) });
  });
  const refusedNodes: RefusedNode[] = [];
  let nodes = 0;
  for (const n of index.graph.nodes()) {
    nodes++;
    const problems = nodeProblems(n);
    if (problems.length === 0) continue;
    const docIds = [...new Set(n.provenance.map((p) => index.getChunk(p.chunkId)?.docId).filter((x): x is string => x !== undefined))];
    refusedNodes.push({ id: n.id, name: n.name, problems, docIds });
  }
  return { docs: docs.length, nodes, refusedDocs, refusedNodes };
}
