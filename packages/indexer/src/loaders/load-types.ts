// Shared types of the file loaders: what a load returns and why a file was skipped.
import type { DocInput } from '@rag/core';

export type LoadProblemReason = 'unreadable' | 'binary' | 'empty' | 'oversized' | 'malformed' | 'unsupported';

/** A file (or a record inside one) that was skipped, with the reason; the rest of the batch still loads. */
export interface LoadProblem {
  path: string;
  reason: LoadProblemReason;
  message: string;
  /** 1-based line of a .jsonl record, when the problem is one record. */
  line?: number;
}

export interface LoadResult {
  docs: DocInput[];
  problems: LoadProblem[];
}

/** Where a JSON / JSONL record keeps its id, title, text and metadata (dotted paths allowed). */
export interface JsonFieldMapping {
  id?: string;
  title?: string;
  text?: string;
  /** A field holding an object of metadata, or a list of fields copied into metadata. */
  metadata?: string | string[];
}

export interface LoadOptions {
  /** gitignore-style patterns, relative to the directory being loaded. */
  ignore?: string[];
  /** Files larger than this are skipped as "oversized" (default 50 MiB). */
  maxBytes?: number;
  /** Field mapping for .json / .jsonl; the default reads {id, title, text, metadata}. */
  json?: JsonFieldMapping;
  /** Extensions to load from directories (default: all supported). */
  extensions?: string[];
}

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const SUPPORTED_EXTENSIONS = ['.txt', '.md', '.markdown', '.html', '.htm', '.json', '.jsonl', '.ndjson', '.pdf'] as const;
