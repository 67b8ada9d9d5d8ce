// Public types of @rag/agents: the one shape every agent exposes, and the HITL proposal queue
// interface that @rag/train-data implements.
import type { Answer, BudgetLimits, TokenListener, Triple, TraceListener } from '@rag/core';

export interface AnswerOptions {
  /** Limits of this request (calls, tokens, retries, wall time); enforced, never exceeded. */
  budget?: BudgetLimits;
  signal?: AbortSignal;
  /** Streams trace events as they are recorded. */
  onEvent?: TraceListener;
  /**
   * Streams the answer text as the model writes it, when the agent's answer step uses a chat
   * model that can stream (A2RAG, IRCoT and TAdaRAG with a model). Without a streaming model
   * (the embedded strategies) it is never called and the answer arrives whole.
   */
  onToken?: TokenListener;
}

/** What every agent in this package is: a question in, a cited and traced Answer out. */
export interface Agent {
  readonly name: string;
  answer(question: string, options?: AnswerOptions): Promise<Answer>;
}

/** A candidate fact for human review (A2RAG Section III-B 4, optional HITL update). */
export interface TripleProposal {
  /** The triple with provenance pointing into the verified evidence. */
  triple: Triple;
  /** The verified question and answer the evidence supported. */
  question: string;
  answer: string;
  /** Chunks the triple was read from (source pointers). */
  sourceChunkIds: string[];
  /** Which agent proposed it. */
  proposedBy: string;
  proposedAt: string;
}

/**
 * Where proposals go. Implementations queue them for review (the persistent queue is in
 * @rag/train-data); nothing proposed here enters the graph without approval.
 */
export interface TripleProposalSink {
  propose(proposals: TripleProposal[]): Promise<void>;
}
