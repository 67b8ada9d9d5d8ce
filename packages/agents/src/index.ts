// @rag/agents public API. Named exports only.
export type { Agent, AnswerOptions, TripleProposal, TripleProposalSink } from './types.js';

export { createA2ragAgent, DEFAULT_ANSWER_TOKENS } from './a2rag/a2rag-agent.js';
export type { A2ragAgentOptions } from './a2rag/a2rag-agent.js';
export { createSummaryGate, DEFAULT_GATE_THRESHOLD } from './a2rag/entry-gate.js';
export type { GateDecision, SummaryGate, SummaryGateOptions } from './a2rag/entry-gate.js';
export { createCoverageGate, DEFAULT_MIN_COVERAGE } from './a2rag/coverage-gate.js';
export type { CoverageGate, CoverageGateDecision, CoverageGateOptions, MentionCoverage } from './a2rag/coverage-gate.js';
export { proposeTriples } from './a2rag/triple-proposals.js';
export { FEATURE_NAMES, answerFeatures, featureVector } from './calibration/answer-features.js';
export type { AnswerFeatures, FeatureInput, FeatureName } from './calibration/answer-features.js';
export { CalibrationModelSchema, parseCalibrationModel, correctnessScore, featuresUsed } from './calibration/calibration-model.js';
export { fitTrees, treesScore, treeValue } from './calibration/fit-trees.js';
export type { Tree, TreeFitOptions, TreeNode, TreesFit } from './calibration/fit-trees.js';
export type { CalibrationModel, LogisticCalibrationModel, TreesCalibrationModel } from './calibration/calibration-model.js';
export { createCalibrator, isRereadFeature, usesReaderSignals } from './calibration/calibrator.js';
export type { Calibrator, CalibratorOptions } from './calibration/calibrator.js';
export { defaultCalibrationModel } from './calibration/default-model.js';
export { fitLogistic } from './calibration/fit-logistic.js';
export type { FitOptions, LogisticFit } from './calibration/fit-logistic.js';
export { selectThreshold, selectThresholdPerSet, selectionAt } from './calibration/select-threshold.js';
export type { PerSetThresholdOptions, Scored, SetScored, ThresholdChoice } from './calibration/select-threshold.js';

export { createExtractiveAnswerGenerator, choiceOptions } from './strategies/extractive-answer-generator.js';
export type { ExtractiveAnswerGeneratorOptions } from './strategies/extractive-answer-generator.js';
export { createTemplateQueryRewriter } from './strategies/template-query-rewriter.js';
export type { TemplateQueryRewriterOptions } from './strategies/template-query-rewriter.js';
export { createLlmAnswerGenerator, AnswerReplySchema } from './strategies/llm-answer-generator.js';
export type { AnswerReply, LlmAnswerGeneratorOptions } from './strategies/llm-answer-generator.js';
export { createLlmQueryRewriter, RewriteReplySchema } from './strategies/llm-query-rewriter.js';
export { createLlmQueryAnalyzer, QueryAnalysisReplySchema } from './strategies/llm-query-analyzer.js';
export type { LlmQueryAnalyzerOptions } from './strategies/llm-query-analyzer.js';
export type { LlmQueryRewriterOptions } from './strategies/llm-query-rewriter.js';
export { STRICT_GROUNDING_INSTRUCTION, excludeInstruction, parseInstructions } from './strategies/instructions.js';
export type { InstructionRules } from './strategies/instructions.js';

export { createIrcotAgent } from './ircot/ircot-agent.js';
export { createNaiveRagAgent } from './baselines/naive-rag-agent.js';
export type { NaiveRagAgentOptions } from './baselines/naive-rag-agent.js';
export { createNoragAgent, NORAG_SYSTEM_PROMPT } from './baselines/norag-agent.js';
export type { NoragAgentOptions } from './baselines/norag-agent.js';
export type { IrcotAgentOptions } from './ircot/ircot-agent.js';

export { createAragAgent, retrievedTokensOf } from './arag/arag-agent.js';
export type { AragAgentOptions } from './arag/arag-agent.js';
export { createScriptedAgentPolicy, bridgeEntity, idsInObservation } from './arag/scripted-policy.js';
export type { ScriptedAgentPolicyOptions } from './arag/scripted-policy.js';
export { createToolCallingPolicy, stepMessages } from './arag/tool-calling-policy.js';
export type { ToolCallingPolicy, ToolCallingPolicyOptions } from './arag/tool-calling-policy.js';
export { createAgentAragTools, ARAG_FULL_TOOLS, ARAG_NAIVE_TOOLS, ARAG_TOOL_DEFINITIONS, ARAG_TOOL_SCHEMAS } from './arag/tools.js';
export type { AragToolName, AragToolSession, AragToolset, AragToolsOptions, ToolHit, ToolResult } from './arag/tools.js';

export { createTadaragAgent } from './tadarag/tadarag-agent.js';
export type { TadaragAgentOptions } from './tadarag/tadarag-agent.js';
export { answerFromGraph } from './tadarag/graph-answer.js';

export { createAcademicAgent } from './academic/academic-agent.js';
export type { AcademicAgentOptions } from './academic/academic-agent.js';
export { createHeuristicQueryPlanner, createLlmQueryPlanner, planFor, HOPS_BY_TYPE, PlanReplySchema } from './academic/query-plan.js';
export type { PlanTarget, QueryPlan, QueryPlanner, ScholarlyTarget, StartType, TypedTarget } from './academic/query-plan.js';
export { createTypedGraphPlanner, TYPED_HOPS_BY_TYPE } from './academic/typed-graph-plan.js';
export type { TypedGraphPlannerOptions } from './academic/typed-graph-plan.js';
export { createLlmTypedGraphPlanner, typedPlanReplySchema } from './academic/typed-llm-planner.js';
export type { LlmTypedGraphPlannerOptions } from './academic/typed-llm-planner.js';
export { readTypedGraphSchema, describeTypedGraphSchema } from './academic/typed-graph-schema.js';
export type { TypedGraphSchema, TypedRelationInfo } from './academic/typed-graph-schema.js';
export { executeTypedPlan } from './academic/typed-graph-executor.js';
export { executePlan } from './academic/graph-executor.js';
export type { Execution, SubgraphView } from './academic/graph-executor.js';
export { generateScholarlyGraph } from './academic/scholarly-graph.js';
export type { ScholarlyFixture, ScholarlyGraphOptions, ScholarlyQuestion } from './academic/scholarly-graph.js';
export { SCHOLARLY_SCHEMA, addWorks, workRecord } from './academic/scholarly-schema.js';
export type { ScholarlyWork } from './academic/scholarly-schema.js';
export { loadOpenAlexWorks, parseOpenAlexWorks, OpenAlexWorkSchema } from './academic/openalex.js';
export type { OpenAlexLoadResult, OpenAlexProblem, OpenAlexWork } from './academic/openalex.js';
