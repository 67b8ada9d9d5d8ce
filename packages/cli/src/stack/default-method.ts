// The method `pnpm demo`, `rag ask`, the web UI and MCP `ask` use when none is named: the
// A2RAG controller from @rag/agents (verified, cited answers).
export const DEFAULT_METHOD = 'a2rag-agent';
