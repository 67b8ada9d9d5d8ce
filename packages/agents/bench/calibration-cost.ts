// Cost of the calibrated "verified" per answer: the shipped model against a baseline model file
// (e.g. the previous logistic model that re-reads the evidence), in the same run on the same
// answers. The agent answers each question once with calibration off; then each calibrator scores
// every answer, alternating baseline / shipped for --rounds rounds, and the time per answer and the
// ratio are printed. Also prints whether each model re-reads the evidence.
// Run: node --conditions=@rag/source --import tsx packages/agents/bench/calibration-cost.ts --baseline FILE [--set hotpotqa-train100] [--n 40] [--rounds 3]
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createRunContext } from '@rag/core';
import { createA2ragAgent } from '../src/a2rag/a2rag-agent.js';
import { parseCalibrationModel } from '../src/calibration/calibration-model.js';
import { createCalibrator, usesReaderSignals } from '../src/calibration/calibrator.js';
import { defaultCalibrationModel } from '../src/calibration/default-model.js';
import { benchIndex, readDataset } from './shared.js';

const arg = (name: string, dflt?: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const baselineFile = arg('--baseline');
if (!baselineFile) throw new Error('--baseline FILE: the calibration model JSON to compare the shipped one with');
const set = arg('--set', 'hotpotqa-train100')!;
const n = Number(arg('--n', '40'));
const rounds = Number(arg('--rounds', '3'));

const baseline = parseCalibrationModel(JSON.parse(readFileSync(baselineFile, 'utf8')), baselineFile);
const shipped = defaultCalibrationModel();
const index = await benchIndex(set);
const agent = createA2ragAgent({ index, calibration: false });
const answers = [];
const askStart = performance.now();
for (const q of readDataset(set).questions.slice(0, n)) answers.push({ question: q.question, answer: await agent.answer(q.question) });
const askMs = (performance.now() - askStart) / answers.length;
const scored = answers.filter((a) => a.answer.status === 'answered' && a.answer.form !== 'sentence');

const time = async (calibrator: ReturnType<typeof createCalibrator>) => {
  const t0 = performance.now();
  for (const a of scored) await calibrator.apply(a.question, a.answer, createRunContext());
  return performance.now() - t0;
};
const calibrators = { baseline: createCalibrator({ model: baseline, index }), shipped: createCalibrator({ model: shipped, index }) };
const totals = { baseline: 0, shipped: 0 };
for (let r = 0; r < rounds; r++) {
  totals.baseline += await time(calibrators.baseline);
  totals.shipped += await time(calibrators.shipped);
}
const per = (ms: number) => (ms / (rounds * scored.length)).toFixed(2);
console.log(`${set}: ${scored.length} scored answers of ${answers.length} questions, ${rounds} rounds`);
console.log(`| model | kind | re-reads evidence | ms per scored answer |\n|---|---|---|---|`);
console.log(`| baseline (${baselineFile}) | ${baseline.kind} | ${usesReaderSignals(baseline)} | ${per(totals.baseline)} |`);
console.log(`| shipped | ${shipped.kind} | ${usesReaderSignals(shipped)} | ${per(totals.shipped)} |`);
console.log(`for scale: one ask without calibration took ${askMs.toFixed(0)} ms on average (single pass, same run)`);
console.log(`shipped / baseline time: ${(totals.shipped / totals.baseline).toFixed(3)}`);
