// Export of stage-2 data: (x, y, g_k, R_k) JSONL for REINFORCE (eq. 8), and chosen/rejected
// pairs for preference tuning (TRL's conversational preference format): per instruction, the
// candidate with the lowest L_graph is chosen and the one with the highest is rejected.
import { join } from 'node:path';
import { z } from 'zod';
import { writeJsonl } from '../io/jsonl.js';
import type { RewardRecord, RewardResult } from './generate-rewards.js';

const Message = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

export const ReinforceRecordSchema = z.object({
  instruction_id: z.string(),
  k: z.number().int().nonnegative(),
  x: z.array(Message).min(1),
  y: z.string().min(1),
  g_k: z.string().min(1),
  R_k: z.number().nonnegative(),
  l_base: z.number(),
  l_graph: z.number(),
  advantage: z.number(),
  approximate: z.boolean(),
});
export type ReinforceRecord = z.infer<typeof ReinforceRecordSchema>;

export const PreferenceRecordSchema = z.object({
  instruction_id: z.string(),
  prompt: z.array(Message).min(1),
  chosen: z.array(Message).length(1),
  rejected: z.array(Message).length(1),
  chosen_reward: z.number(),
  rejected_reward: z.number(),
  chosen_l_graph: z.number(),
  rejected_l_graph: z.number(),
});
export type PreferenceRecord = z.infer<typeof PreferenceRecordSchema>;

export const REWARD_FILES = {
  reinforce: 'rewards.reinforce.jsonl',
  preference: 'rewards.preference.jsonl',
  records: 'rewards.records.jsonl',
  skipped: 'rewards.skipped.jsonl',
} as const;

const messagesOf = (r: RewardRecord) => r.messages.map((m) => ({ role: m.role as 'system' | 'user' | 'assistant', content: m.content }));

export function toReinforceRecords(r: RewardRecord): ReinforceRecord[] {
  return r.candidates.map((c) => ({
    instruction_id: r.instructionId,
    k: c.k,
    x: messagesOf(r),
    y: r.answer,
    g_k: JSON.stringify(c.graph),
    R_k: c.reward,
    l_base: r.lBase,
    l_graph: c.lGraph,
    advantage: c.advantage,
    approximate: c.approximate,
  }));
}

/** Best vs worst candidate by L_graph; undefined when all candidates score the same. */
export function toPreferenceRecord(r: RewardRecord): PreferenceRecord | undefined {
  const sorted = [...r.candidates].sort((a, b) => a.lGraph - b.lGraph);
  const best = sorted[0]!;
  const worst = sorted[sorted.length - 1]!;
  if (!(best.lGraph < worst.lGraph)) return undefined;
  return {
    instruction_id: r.instructionId,
    prompt: messagesOf(r),
    chosen: [{ role: 'assistant', content: JSON.stringify(best.graph) }],
    rejected: [{ role: 'assistant', content: JSON.stringify(worst.graph) }],
    chosen_reward: best.reward,
    rejected_reward: worst.reward,
    chosen_l_graph: best.lGraph,
    rejected_l_graph: worst.lGraph,
  };
}

export async function writeRewardDataset(dir: string, result: RewardResult): Promise<{ reinforce: number; preference: number }> {
  const reinforce = result.records.flatMap(toReinforceRecords);
  const preference = result.records.map(toPreferenceRecord).filter((p): p is PreferenceRecord => p !== undefined);
  await writeJsonl(join(dir, REWARD_FILES.reinforce), reinforce);
  await writeJsonl(join(dir, REWARD_FILES.preference), preference);
  await writeJsonl(join(dir, REWARD_FILES.records), result.records);
  await writeJsonl(join(dir, REWARD_FILES.skipped), result.skipped);
  return { reinforce: reinforce.length, preference: preference.length };
}
