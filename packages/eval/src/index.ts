// @rag/eval public API: dataset loaders, metrics, method registry, runner, reports, CLI.
// Named exports only.
export type {
  DatasetFormat,
  EvalDataset,
  EvalMethod,
  EvalQuestion,
  EvalReport,
  MethodInstance,
  MethodOptions,
  MethodResult,
  MethodRun,
  MethodStack,
  QuestionRecord,
  AnswerCorrectness,
  LlmStepCost,
  RunOptions,
  StackMode,
} from './types.js';

export { loadDataset } from './datasets/load-dataset.js';
export type { LoadDatasetOptions } from './datasets/load-dataset.js';
export { loadJsonlDataset, parseJsonlDataset } from './datasets/jsonl-dataset.js';
export { loadHotpotQa, load2WikiMultiHopQa, convertHotpotStyle } from './datasets/hotpotqa.js';
export { loadMusique, convertMusique } from './datasets/musique.js';
export { CorpusLineSchema, QuestionLineSchema, HotpotRecordSchema, TwoWikiRecordSchema, MusiqueRecordSchema } from './datasets/schemas.js';

export { normalizeAnswer, answerTokens } from './metrics/normalize-answer.js';
export { exactMatch } from './metrics/exact-match.js';
export { f1Score } from './metrics/f1-score.js';
export { containAcc } from './metrics/contain-acc.js';
export { recallAtK, rankDocuments } from './metrics/recall-at-k.js';
export { meanOf, percentile, fractions } from './metrics/summary-stats.js';
export { calibrationOf, matchesEitherWay } from './metrics/calibration.js';
export type { Calibration } from './metrics/calibration.js';
export { riskCoverageOf } from './metrics/risk-coverage.js';
export type { RiskCoverage, RiskCoveragePoint } from './metrics/risk-coverage.js';
export { runCalibrate } from './calibrate/calibrate-command.js';
export { DEV_SETS, devQuestionLines } from './calibrate/dev-sets.js';
export type { DevSet } from './calibrate/dev-sets.js';
export { createLlmJudge, parseVerdict, JudgeVerdictSchema } from './metrics/llm-judge.js';
export type { LlmJudge, LlmJudgeOptions, JudgeResult, JudgeVerdict } from './metrics/llm-judge.js';

export { createMethodRegistry } from './methods/registry.js';
export type { MethodRegistry } from './methods/registry.js';
export { BUILTIN_METHODS } from './methods/builtin-methods.js';
export { retrieverInstance, agentInstance } from './methods/adapters.js';
export type { AnsweringAgent } from './methods/adapters.js';
export { parseMethodOptions } from './methods/method-options.js';

export { createStackFromEnv } from './stack.js';
export type { EvalStack } from './stack.js';
export * from './config/index.js';
export { openCachedIndex, corpusHash, INDEX_CACHE_VERSION } from './index-cache.js';
export type { IndexBackend, CachedIndex, CachedIndexOptions } from './index-cache.js';
export { withKgDeletion } from './kg-deletion.js';

export { runEval, validateK } from './runner.js';
export type { RunEvalOptions, SelectedMethod, OpenedStack, RunProgress } from './runner.js';
export { scoreQuestion } from './score-question.js';
export { aggregateRecords } from './aggregate.js';

export { renderMarkdownReport } from './report/markdown-report.js';
export type { MarkdownReportOptions } from './report/markdown-report.js';
export { stageBarsSvg, linesSvg } from './report/svg-charts.js';
export { writeJsonReport, writeTextFile, questionsPathFor } from './report/write-report.js';

export { runCli } from './cli/main.js';
export type { CliDeps, CliIo } from './cli/main.js';
export { createDefaultCliDeps, createIndexerBackend } from './default-deps.js';
