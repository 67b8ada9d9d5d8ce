// Export of stage-1 data in the formats fine-tuning tools read: chat-messages JSONL
// (system/user/assistant, e.g. TRL SFTTrainer, Axolotl "chat_template", OpenAI fine-tuning),
// Alpaca-style JSONL (instruction/input/output), the full pairs, the rejected side file, and a
// dataset card as Markdown and JSON. Line i of the chat and Alpaca files is pair i of the pairs
// file, whose `source` tells a teacher-written graph from one the embedded fallback wrote.
import { join } from 'node:path';
import { z } from 'zod';
import { writeJsonl, writeText } from '../io/jsonl.js';
import type { SftPair, SftResult } from './generate-sft.js';

export const ChatRecordSchema = z.object({
  messages: z
    .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string().min(1) }))
    .length(3)
    .refine((m) => m[0]!.role === 'system' && m[1]!.role === 'user' && m[2]!.role === 'assistant', 'messages must be system, user, assistant'),
});
export type ChatRecord = z.infer<typeof ChatRecordSchema>;

export const AlpacaRecordSchema = z.object({ instruction: z.string().min(1), input: z.string(), output: z.string().min(1) });
export type AlpacaRecord = z.infer<typeof AlpacaRecordSchema>;

export const DatasetCardSchema = z.object({
  name: z.string(),
  kind: z.literal('tadarag-sft'),
  createdAt: z.string(),
  teacher: z.object({ id: z.string(), models: z.array(z.string()) }),
  source: z.object({ corpus: z.string(), license: z.string() }),
  counts: z.object({
    kept: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    byDomain: z.record(z.string(), z.number().int().nonnegative()),
    byTemplate: z.record(z.string(), z.number().int().nonnegative()),
    rejectedByReason: z.record(z.string(), z.number().int().nonnegative()),
    /** Kept pairs by who wrote G: "teacher" or "fallback" (the embedded extractor). */
    bySource: z.record(z.string(), z.number().int().nonnegative()).default({}),
    /** Instructions whose teacher reply was unusable, so the embedded extractor wrote G (kept or not). */
    fallbacks: z.number().int().nonnegative().default(0),
  }),
  filters: z.array(z.string()),
  files: z.record(z.string(), z.string()),
  stopped: z.string().optional(),
  notes: z.array(z.string()),
});
export type DatasetCard = z.infer<typeof DatasetCardSchema>;

export function toChatRecord(pair: SftPair): ChatRecord {
  const [system, user] = pair.messages;
  return {
    messages: [
      { role: 'system', content: system!.content },
      { role: 'user', content: user!.content },
      { role: 'assistant', content: JSON.stringify(pair.graph) },
    ],
  };
}

export function toAlpacaRecord(pair: SftPair): AlpacaRecord {
  return { instruction: pair.messages[0]!.content, input: pair.messages[1]!.content, output: JSON.stringify(pair.graph) };
}

export interface DatasetCardInput {
  name: string;
  teacherId: string;
  /** Where the source corpus came from (path or name). */
  corpus: string;
  /** Licence of the source corpus, e.g. "CC BY-SA 4.0"; "unknown" when not given. */
  license?: string;
  notes?: string[];
  createdAt?: string;
}

export const SFT_FILES = {
  chat: 'sft.chat.jsonl',
  alpaca: 'sft.alpaca.jsonl',
  pairs: 'sft.pairs.jsonl',
  rejected: 'sft.rejected.jsonl',
  cardJson: 'dataset-card.json',
  cardMarkdown: 'dataset-card.md',
} as const;

const tally = (xs: string[]) => xs.reduce<Record<string, number>>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {});

export function buildDatasetCard(result: SftResult, input: DatasetCardInput): DatasetCard {
  return {
    name: input.name,
    kind: 'tadarag-sft',
    createdAt: input.createdAt ?? new Date().toISOString(),
    teacher: { id: input.teacherId, models: result.teacherModels },
    source: { corpus: input.corpus, license: input.license ?? 'unknown' },
    counts: {
      kept: result.pairs.length,
      rejected: result.rejected.length,
      byDomain: tally(result.pairs.map((p) => p.domain)),
      byTemplate: tally(result.pairs.map((p) => p.template)),
      rejectedByReason: tally(result.rejected.map((r) => r.reason)),
      bySource: tally(result.pairs.map((p) => p.source)),
      fallbacks: result.fallbacks,
    },
    filters: result.filters,
    files: { ...SFT_FILES },
    ...(result.stopped ? { stopped: result.stopped } : {}),
    notes: input.notes ?? [],
  };
}

export function datasetCardMarkdown(card: DatasetCard): string {
  const table = (m: Record<string, number>) =>
    Object.keys(m).length ? ['| key | count |', '|---|---|', ...Object.entries(m).sort().map(([k, v]) => `| ${k} | ${v} |`)].join('\n') : '_none_';
  return [
    `# ${card.name}`,
    '',
    `Supervised knowledge-extraction data (TAdaRAG stage 1): instruction {question, reference text, domain template} → typed knowledge graph (JSON) written by a teacher model.`,
    '',
    `- Created: ${card.createdAt}`,
    `- Teacher: \`${card.teacher.id}\`${card.teacher.models.length ? ` (models reported: ${card.teacher.models.map((m) => `\`${m}\``).join(', ')})` : ''}`,
    `- Source corpus: ${card.source.corpus}`,
    `- Source licence: ${card.source.license}`,
    `- Pairs kept: ${card.counts.kept}; rejected: ${card.counts.rejected}`,
    `- Teacher replies unusable, graph written by the embedded fallback instead: ${card.counts.fallbacks} (kept: ${card.counts.bySource.fallback ?? 0}; such pairs have \`source: "fallback"\` in \`${SFT_FILES.pairs}\`)`,
    ...(card.stopped ? [`- Stopped early: ${card.stopped}`] : []),
    '',
    '## Pairs per domain',
    '',
    table(card.counts.byDomain),
    '',
    '## Pairs per template',
    '',
    table(card.counts.byTemplate),
    '',
    '## Pairs per source',
    '',
    table(card.counts.bySource),
    '',
    '## Rejections by reason',
    '',
    table(card.counts.rejectedByReason),
    '',
    '## Filters applied',
    '',
    ...card.filters.map((f) => `- ${f}`),
    '',
    '## Files',
    '',
    ...Object.entries(card.files).map(([k, v]) => `- ${k}: \`${v}\``),
    ...(card.notes.length ? ['', '## Notes', '', ...card.notes.map((n) => `- ${n}`)] : []),
    '',
  ].join('\n');
}

/** Write every SFT output into `dir`; returns the card. */
export async function writeSftDataset(dir: string, result: SftResult, input: DatasetCardInput): Promise<DatasetCard> {
  const card = buildDatasetCard(result, input);
  await writeJsonl(join(dir, SFT_FILES.chat), result.pairs.map(toChatRecord));
  await writeJsonl(join(dir, SFT_FILES.alpaca), result.pairs.map(toAlpacaRecord));
  await writeJsonl(join(dir, SFT_FILES.pairs), result.pairs);
  await writeJsonl(join(dir, SFT_FILES.rejected), result.rejected);
  await writeText(join(dir, SFT_FILES.cardJson), JSON.stringify(card, null, 2) + '\n');
  await writeText(join(dir, SFT_FILES.cardMarkdown), datasetCardMarkdown(card));
  return card;
}
