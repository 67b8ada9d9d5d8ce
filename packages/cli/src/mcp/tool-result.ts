// How a tool answers: `structuredContent: { result }` (checked by the SDK against the tool's
// output schema) plus the same result as JSON text; failures are `isError` results whose message
// names the tool and the argument at fault. Arguments are validated by the SDK against each
// tool's input schema before a handler runs ("Invalid arguments for tool …: <problem> at <arg>").
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RagError } from '@rag/core';
import { z } from 'zod';

export function toolResult(result: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: { result } };
}

export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** The message a failed call answers with; errors that are not the toolkit's are not shown (as in the HTTP API). */
export function toolErrorMessage(tool: string, error: unknown): string {
  if (RagError.isInstance(error)) return `${tool}: ${error.message}`;
  if (error instanceof z.ZodError) return `${tool}: ${error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`;
  return `${tool}: internal error`;
}

/** Runs a tool body: its value becomes the result, a thrown error an `isError` result. */
export async function runTool(tool: string, body: () => unknown): Promise<CallToolResult> {
  try {
    return toolResult(await body());
  } catch (error) {
    return toolError(toolErrorMessage(tool, error));
  }
}

/** A RagError for an id argument that names nothing in the store. */
export const notFound = (argument: string, what: string, id: string) =>
  new RagError('RAG_NOT_FOUND', `${argument}: no ${what} with id ${JSON.stringify(id)}`, { details: { input: argument, id } });
