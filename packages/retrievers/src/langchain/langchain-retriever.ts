// Any @rag Retriever as a LangChain BaseRetriever. Documents carry the chunk id, document id,
// score, the ranking source and — when the index is given — the chunk's character offsets
// into its source document.
import { Document } from '@langchain/core/documents';
import { BaseRetriever } from '@langchain/core/retrievers';
import { invalidInput, type Retriever } from '@rag/core';
import type { RagIndex } from '@rag/indexer';

export interface LangChainRetrieverOptions {
  /** Resolves chunk offsets (start, end) for Document metadata. */
  index?: RagIndex;
  /** Chunks per query (default 5). */
  k?: number;
}

export interface RagDocumentMetadata {
  chunkId: string;
  docId: string;
  score: number;
  start?: number;
  end?: number;
  title?: string;
  source?: string;
  retriever: string;
}

class RagLangChainRetriever extends BaseRetriever {
  lc_namespace = ['rag', 'retrievers'];
  constructor(
    private readonly inner: Retriever,
    private readonly opts: LangChainRetrieverOptions,
  ) {
    super();
  }
  override async _getRelevantDocuments(query: string): Promise<Document<RagDocumentMetadata>[]> {
    const evidence = await this.inner.retrieve(query, { k: this.opts.k ?? 5 });
    return evidence.chunks.slice(0, this.opts.k ?? 5).map((c) => {
      const chunk = this.opts.index?.getChunk(c.chunkId);
      const title = this.opts.index?.getDoc(c.docId)?.title;
      const metadata: RagDocumentMetadata = {
        chunkId: c.chunkId,
        docId: c.docId,
        score: c.score,
        retriever: this.inner.name,
        ...(chunk ? { start: chunk.start, end: chunk.end } : {}),
        ...(title ? { title } : {}),
        ...(c.source ? { source: c.source } : {}),
      };
      return new Document({ pageContent: c.text, metadata, id: c.chunkId });
    });
  }
}

export function toLangChainRetriever(retriever: Retriever, options: LangChainRetrieverOptions = {}): BaseRetriever {
  if (!retriever || typeof retriever.retrieve !== 'function') throw invalidInput('toLangChainRetriever(retriever)', 'must be a Retriever');
  if (options.k !== undefined && !(Number.isInteger(options.k) && options.k > 0)) throw invalidInput('toLangChainRetriever(options.k)', 'must be a positive integer');
  return new RagLangChainRetriever(retriever, options);
}
