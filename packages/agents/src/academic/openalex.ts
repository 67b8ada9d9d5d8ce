// Loader for real OpenAlex works (JSON lines, one work per line, as the OpenAlex API and
// snapshot distribute them). Only the fields the scholarly graph needs are read; every line is
// validated with a zod schema and bad lines are reported with their 1-based line number
// instead of being guessed at. Works become the same Author–Paper–Venue graph as the fixture.
import { readFile } from 'node:fs/promises';
import { RagError, type DocInput } from '@rag/core';
import { createGraphStore, type GraphStore } from '@rag/graph-store';
import { z } from 'zod';
import { addWorks, type ScholarlyWork } from './scholarly-schema.js';

export const OpenAlexWorkSchema = z
  .object({
    id: z.string().min(1),
    title: z.string().min(1).nullish(),
    display_name: z.string().min(1).nullish(),
    publication_year: z.number().int().min(1000).max(3000),
    cited_by_count: z.number().int().nonnegative().default(0),
    authorships: z
      .array(z.object({ author: z.object({ id: z.string().nullish(), display_name: z.string().min(1) }) }))
      .default([]),
    primary_location: z.object({ source: z.object({ id: z.string().nullish(), display_name: z.string().min(1) }).nullish() }).nullish(),
  })
  .refine((w) => Boolean(w.title ?? w.display_name), { message: 'a work needs a title or display_name' });
export type OpenAlexWork = z.infer<typeof OpenAlexWorkSchema>;

export interface OpenAlexProblem {
  line: number;
  reason: string;
}

export interface OpenAlexLoadResult {
  graph: GraphStore;
  docs: DocInput[];
  works: ScholarlyWork[];
  problems: OpenAlexProblem[];
}

/** Short work id from an OpenAlex URL ("https://openalex.org/W2741809807" → "W2741809807"). */
function shortId(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1) || id;
}

export function parseOpenAlexWorks(text: string, source = 'input'): { works: ScholarlyWork[]; problems: OpenAlexProblem[] } {
  const works: ScholarlyWork[] = [];
  const problems: OpenAlexProblem[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      problems.push({ line: i + 1, reason: `${source}:${i + 1}: not JSON` });
      return;
    }
    const r = OpenAlexWorkSchema.safeParse(raw);
    if (!r.success) {
      problems.push({ line: i + 1, reason: `${source}:${i + 1}: ${z.prettifyError(r.error).replace(/\n/g, '; ')}` });
      return;
    }
    const w = r.data;
    const id = shortId(w.id);
    if (seen.has(id)) {
      problems.push({ line: i + 1, reason: `${source}:${i + 1}: duplicate work id ${id}` });
      return;
    }
    seen.add(id);
    const venue = w.primary_location?.source?.display_name;
    works.push({
      id,
      title: (w.title ?? w.display_name)!,
      year: w.publication_year,
      citations: w.cited_by_count,
      authors: [...new Set(w.authorships.map((a) => a.author.display_name))],
      ...(venue ? { venue } : {}),
    });
  });
  return { works, problems };
}

/** Read OpenAlex works JSON lines into a scholarly graph; bad lines are listed in `problems`. */
export async function loadOpenAlexWorks(path: string, options: { graph?: GraphStore } = {}): Promise<OpenAlexLoadResult> {
  if (typeof path !== 'string' || !path) throw new RagError('RAG_INVALID_INPUT', 'path: must be a non-empty string', { details: { input: 'path' } });
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new RagError('RAG_IO', `cannot read OpenAlex works file ${path}`, { cause, details: { input: 'path', path } });
  }
  const { works, problems } = parseOpenAlexWorks(text, path);
  const graph = options.graph ?? createGraphStore();
  const docs = addWorks(graph, works);
  return { graph, docs, works, problems };
}
