// The A-RAG tools as LangChain tools (`tool()` from @langchain/core with the zod schemas).
// Tool output is JSON data for the model to read; retrieved text is never instructions.
import { tool, type StructuredToolInterface } from '@langchain/core/tools';
import type { AragTools } from '../arag-tools/arag-tools.js';
import { aragToolDescriptors } from '../arag-tools/descriptors.js';
import { ChunkReadInputSchema, KeywordSearchInputSchema, SemanticSearchInputSchema } from '../arag-tools/schemas.js';

const describe = (name: string) => aragToolDescriptors.find((d) => d.name === name)!.description;

export function toLangChainTools(tools: AragTools): StructuredToolInterface[] {
  return [
    tool(async (input) => JSON.stringify(await tools.keywordSearch(input)), {
      name: 'keyword_search',
      description: describe('keyword_search'),
      schema: KeywordSearchInputSchema,
    }),
    tool(async (input) => JSON.stringify(await tools.semanticSearch(input)), {
      name: 'semantic_search',
      description: describe('semantic_search'),
      schema: SemanticSearchInputSchema,
    }),
    tool(async (input) => JSON.stringify(await tools.chunkRead(input)), {
      name: 'chunk_read',
      description: describe('chunk_read'),
      schema: ChunkReadInputSchema,
    }),
  ] as StructuredToolInterface[];
}
