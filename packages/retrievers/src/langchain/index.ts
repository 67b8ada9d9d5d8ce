// @rag/retrievers/langchain: LangChain adapters (a BaseRetriever and StructuredTools). A separate
// subpath so that users without LangChain never load it; `@langchain/core` is an optional peer
// dependency, so users with it share their own copy (instanceof BaseRetriever holds).
export { toLangChainTools } from './langchain-tools.js';
export { toLangChainRetriever } from './langchain-retriever.js';
export type { LangChainRetrieverOptions, RagDocumentMetadata } from './langchain-retriever.js';
