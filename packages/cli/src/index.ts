// @rag/cli public API: the pieces of the `rag` CLI, HTTP server and MCP server, for embedding
// them in another app. Named exports only.
export type {
  AskRequest,
  AskResult,
  CitationView,
  CompactSummary,
  RagStack,
  DemoStack,
  EvidenceView,
  IngestProgress,
  IngestSummary,
  MethodRunner,
} from './types.js';
export { createRagService } from './service/rag-service.js';
export type { RagService, RagServiceOptions, ManualProposal, NodeView, NeighbourView, ProvenanceView, DocListItem } from './service/rag-service.js';
export { toAskResult, quoteSpan, subgraphOfChunks } from './service/ask-result.js';
export { createIngestJobs } from './service/ingest-jobs.js';
export type { IngestJob, IngestJobs, IngestJobsOptions, JobEvent, JobStage, JobState } from './service/ingest-jobs.js';
export { loadUploadedFiles } from './service/upload-docs.js';
export type { UploadedFile, UploadProblem, LoadedUpload } from './service/upload-docs.js';
export { createRagStack, createDemoStack } from './stack/create-rag-stack.js';
export type { RagStackOptions, DemoStackOptions, WritableIndex } from './stack/create-rag-stack.js';
export { createMethodRunners, retrieverRunner, agentRunner } from './stack/methods.js';
export type { AnsweringAgent, MethodRunnersOptions } from './stack/methods.js';
export { DEFAULT_METHOD } from './stack/default-method.js';
export { createIndexerBackend, isStore } from './stack/indexer-backend.js';
export type { IndexerBackendOptions } from './stack/indexer-backend.js';
export { createHttpApp } from './http/create-app.js';
export type { HttpAppOptions } from './http/create-app.js';
export { startServer } from './http/serve.js';
export type { ServeOptions, RunningServer } from './http/serve.js';
export { createMcpServer } from './mcp/create-mcp-server.js';
export type { McpServerOptions } from './mcp/create-mcp-server.js';
export { readToolSchemas } from './mcp/read-tools.js';
export { writeToolSchemas } from './mcp/write-tools.js';
export { mcpOutputSchemas } from './mcp/output-schemas.js';
export type { McpToolName, McpToolResult } from './mcp/output-schemas.js';
export type { McpWriteAccess } from './mcp/write-access.js';
export { createMcpHttpSessions } from './mcp/http-sessions.js';
export type { McpHttpSessions, McpHttpSessionsOptions } from './mcp/http-sessions.js';
export type { McpEndpointOptions } from './http/routes/mcp-routes.js';
export { runRagCli, serviceFor } from './commands/rag-cli.js';
export type { CliIo, RagCliDeps } from './commands/rag-cli.js';
export type { StoreBackend, LoadedDocs, ExtractionPreflight } from './commands/store-backend.js';
export { runDemo, loadSample } from './demo/run-demo.js';
export type { DemoOptions, SampleQuestion } from './demo/run-demo.js';
export { loadUiAssets, bundleUi, bundleLayoutWorker, bundleCss } from './ui/ui-assets.js';
export type { UiAssets } from './ui/ui-assets.js';
