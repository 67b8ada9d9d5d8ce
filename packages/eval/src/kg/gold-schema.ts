// The hand-written knowledge-graph gold: one passage per JSONL line with its entities (name,
// type, aliases) and every fact a careful reader states, in the relation schema of @rag/core.
// Validated line by line; a bad line is a RagError naming the file, the line and the problem.
import { readFile } from 'node:fs/promises';
import { RagError } from '@rag/core';
import { z } from 'zod';

export const GoldEntitySchema = z.object({
  name: z.string().min(1),
  type: z.string().min(1),
  aliases: z.array(z.string().min(1)).optional(),
});

export const GoldFactSchema = z.object({
  head: z.string().min(1),
  relation: z.string().regex(/^[a-z0-9_]+$/, 'relation must be a snake_case label'),
  tail: z.string().min(1),
});

export const GoldPassageSchema = z.object({
  id: z.string().min(1),
  dataset: z.string().optional(),
  title: z.string().optional(),
  text: z.string().min(1),
  entities: z.array(GoldEntitySchema),
  facts: z.array(GoldFactSchema),
});
export type GoldEntity = z.infer<typeof GoldEntitySchema>;
export type GoldFact = z.infer<typeof GoldFactSchema>;
export type GoldPassage = z.infer<typeof GoldPassageSchema>;

export function parseGold(text: string, source: string): GoldPassage[] {
  const out: GoldPassage[] = [];
  const ids = new Set<string>();
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      throw new RagError('RAG_INVALID_INPUT', `${source}:${i + 1}: not JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    const parsed = GoldPassageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new RagError('RAG_INVALID_INPUT', `${source}:${i + 1}: ${issue.path.join('.') || '(line)'}: ${issue.message}`);
    }
    const p = parsed.data;
    if (ids.has(p.id)) throw new RagError('RAG_INVALID_INPUT', `${source}:${i + 1}: duplicate passage id "${p.id}"`);
    ids.add(p.id);
    const names = new Set(p.entities.map((e) => e.name));
    for (const f of p.facts)
      if (!names.has(f.head)) throw new RagError('RAG_INVALID_INPUT', `${source}:${i + 1}: fact head "${f.head}" is not one of the passage's entities`);
    out.push(p);
  });
  if (out.length === 0) throw new RagError('RAG_INVALID_INPUT', `${source}: no gold passages`);
  return out;
}

export async function loadGold(path: string): Promise<GoldPassage[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new RagError('RAG_INVALID_INPUT', `--gold ${path}: cannot read (${e instanceof Error ? e.message : String(e)})`);
  }
  return parseGold(text, path);
}
