// The calibrated "verified": an answered span answer is verified iff its correctness score (the
// calibration model over its features) reaches the model's threshold, unsure below it; a check
// that found the answer wrong keeps it failed. Abstentions, failures and sentence answers are not
// scored (a sentence is evidence, not a claim). The features, score and threshold go into the
// trace (decision "calibration") so every label can be explained and the fit can be redone from a
// dump of them (`pnpm calibrate`).
import type { Answer, RunContext } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { answerFeatures, containsTokens, type AnswerFeatures } from './answer-features.js';
import { correctnessScore, featuresUsed, type CalibrationModel } from './calibration-model.js';
import { tokenize } from '@rag/core';
import { readerSignals, type AgreementIndex } from './reader-agreement.js';

/** Chunks read when counting how common the answer is in the corpus. */
const CORPUS_HITS_CAP = 50;

type Result = Omit<Answer, 'cost' | 'trace'>;

export interface Calibrator {
  readonly model: CalibrationModel;
  /** Score `result` and relabel its verification; anything not scored is returned unchanged. */
  apply(question: string, result: Result, context: RunContext): Promise<Result>;
}

export interface CalibratorOptions {
  model: CalibrationModel;
  index: Pick<RagIndex, 'getChunk' | 'getDoc' | 'keyword'> & { graph?: AgreementIndex['graph'] };
}

/** Features that need the evidence read again (reader-agreement.ts): the costly part of scoring. */
const READER_FEATURES = /^(?:reader|path)|^(?:passageVoteShare|docVotes|topTwoAgrees|keywordReaderAgrees)$/;

/** Is `name` a feature only the costly re-reading of the evidence computes? */
export function isRereadFeature(name: string): boolean {
  return READER_FEATURES.test(name);
}

/** Does the model give any re-reading feature a weight (or a split)? If not, the re-reading is skipped. */
export function usesReaderSignals(model: CalibrationModel): boolean {
  const used = featuresUsed(model);
  return model.features.some((name, i) => READER_FEATURES.test(name) && used.has(i));
}

export function createCalibrator({ model, index }: CalibratorOptions): Calibrator {
  const reread = usesReaderSignals(model);
  const features = async (question: string, result: Result): Promise<AnswerFeatures> => {
    const evidence = (result.evidence ?? []).flatMap((e) => {
      const chunk = index.getChunk(e.chunkId);
      return chunk ? [{ chunkId: e.chunkId, docId: e.docId, score: e.score, text: chunk.text }] : [];
    });
    const answerTokens = tokenize(result.text);
    const hits = answerTokens.length === 0 ? [] : await index.keyword.search(result.text, CORPUS_HITS_CAP);
    const count = hits.filter((h) => containsTokens(tokenize(index.getChunk(h.id)?.text ?? ''), answerTokens)).length;
    const reader = reread ? await readerSignals(question, result.text, evidence, index) : undefined;
    return answerFeatures({
      question,
      answer: result.text,
      citations: result.citations,
      verdicts: result.verdicts ?? [],
      evidence,
      retries: result.retries ?? 0,
      titleOf: (docId) => index.getDoc(docId)?.title,
      corpusHits: { count, cap: CORPUS_HITS_CAP },
      ...(reader ? { reader } : {}),
    });
  };
  return {
    model,
    async apply(question, result, context) {
      if (result.status !== 'answered' || result.form === 'sentence' || !result.text.trim()) return result;
      const checks = result.verification;
      const f = await features(question, result);
      const score = correctnessScore(model, f);
      // Threshold 1 is a fit that reached its target nowhere: nothing is verified, not even a score rounded to 1.
      const verified = model.threshold < 1 && score >= model.threshold && checks?.status !== 'failed';
      const round = (x: number) => Math.round(x * 1000) / 1000;
      const why =
        model.threshold < 1
          ? `calibrated correctness ${round(score)} ${score >= model.threshold ? '≥' : '<'} threshold ${round(model.threshold)} (fitted ${model.fittedAt.slice(0, 10)} for precision ${model.targetPrecision} on held-out answers)`
          : `calibrated correctness ${round(score)}; the model verifies nothing (fitted ${model.fittedAt.slice(0, 10)}: no threshold reached precision ${model.targetPrecision} on held-out answers)`;
      context.trace.decision('calibration', verified ? 'VERIFIED' : checks?.status === 'failed' ? 'FAILED' : 'UNSURE', { score: round(score), threshold: model.threshold, features: f });
      const reason = checks ? `${why}; checks: ${checks.reason}` : why;
      return { ...result, verification: { status: verified ? 'verified' : checks?.status === 'failed' ? 'failed' : 'unsure', reason } };
    },
  };
}
