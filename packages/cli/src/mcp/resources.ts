// MCP resources: the store's documents (`rag://docs/{id}`, listed page by page), its graph
// nodes (`rag://nodes/{id}`, not listed — there can be hundreds of thousands — but completed
// from entity names) and `rag://info`. Contents are JSON (`application/json`): document text is
// a string field, data for the client, never instructions.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, ListResourcesRequestSchema, McpError, type ListResourcesResult, type ReadResourceResult, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { RagError } from '@rag/core';
import type { RagService } from '../service/rag-service.js';
import type { McpWriteAccess } from './write-access.js';

/** Documents per resources/list page. */
export const RESOURCE_PAGE_SIZE = 100;
/** Neighbours shown in a node resource. */
const NODE_NEIGHBOURS = 50;
/** The MCP specification's code for an unknown resource. */
const RESOURCE_NOT_FOUND = -32002;

const JSON_MIME = 'application/json';
export const INFO_URI = 'rag://info';
export const docUri = (id: string) => `rag://docs/${encodeURIComponent(id)}`;
export const nodeUri = (id: string) => `rag://nodes/${encodeURIComponent(id)}`;

const json = (uri: URL, value: unknown): ReadResourceResult => ({ contents: [{ uri: uri.href, mimeType: JSON_MIME, text: JSON.stringify(value, null, 2) }] });

/** A template variable, percent-decoded (the SDK hands it over as it appears in the URI). */
function idFrom(uri: URL, value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value.join(',') : (value ?? '');
  try {
    const id = decodeURIComponent(raw);
    if (id !== '') return id;
  } catch {
    // fall through: malformed percent-encoding
  }
  throw new McpError(ErrorCode.InvalidParams, `uri ${uri.href}: the id is not a percent-encoded string`);
}

/** A read that found nothing answers with the specification's "resource not found". */
function orNotFound<T>(uri: URL, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (RagError.isInstance(error, 'RAG_NOT_FOUND')) throw new McpError(RESOURCE_NOT_FOUND, `uri ${uri.href}: ${error.message}`, { uri: uri.href });
    throw error;
  }
}

const cursorOf = (offset: number) => Buffer.from(`docs:${offset}`).toString('base64url');
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^docs:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new McpError(ErrorCode.InvalidParams, 'cursor: not a cursor this server returned (pass nextCursor from the previous resources/list)');
  return Number(m[1]);
}

export interface ResourcesOptions {
  access: McpWriteAccess;
  /** Include the store's directory in rag://info (false for clients on another machine). */
  showPaths?: boolean;
}

export function registerResources(server: McpServer, service: RagService, options: ResourcesOptions): void {
  const info: Resource = { uri: INFO_URI, name: 'info', title: 'Store info', description: 'The store: documents, chunks, graph size, methods, the default method, and whether the write tools are offered.', mimeType: JSON_MIME };
  server.registerResource(info.name, info.uri, { title: info.title!, description: info.description!, mimeType: JSON_MIME }, (uri) => {
    const { samples: _samples, dir, ...rest } = service.info();
    return json(uri, { ...(options.showPaths === false ? {} : { dir }), ...rest, writes: options.access });
  });

  const docsPage = (offset: number): ListResourcesResult => {
    const page = service.listDocs({ offset, limit: RESOURCE_PAGE_SIZE });
    const resources = page.items.map<Resource>((d) => ({ uri: docUri(d.id), name: d.id, title: d.title, description: `${d.chunks} chunks, ${d.chars} characters`, mimeType: JSON_MIME }));
    const next = offset + page.items.length;
    return { resources, ...(next < page.total ? { nextCursor: cursorOf(next) } : {}) };
  };

  server.registerResource(
    'document',
    new ResourceTemplate('rag://docs/{id}', {
      list: () => docsPage(0),
      complete: { id: (value) => service.listDocs({ q: value, limit: 20 }).items.map((d) => d.id) },
    }),
    { title: 'Document', description: 'A document: id, title, full text, and its chunks (id and offsets into the text) for citing.', mimeType: JSON_MIME },
    (uri, variables) =>
      orNotFound(uri, () => {
        const d = service.getDoc(idFrom(uri, variables.id));
        return json(uri, { id: d.id, title: d.title, text: d.text, chunks: d.chunks.map((c) => ({ id: c.id, start: c.start, end: c.end })) });
      }),
  );

  server.registerResource(
    'node',
    new ResourceTemplate('rag://nodes/{id}', {
      list: undefined,
      complete: { id: (value) => service.findNodes(value, 20).map((n) => n.id) },
    }),
    { title: 'Graph node', description: 'A knowledge-graph entity: name, type, aliases, the passages it was read from (quoted) and its relations.', mimeType: JSON_MIME },
    (uri, variables) =>
      orNotFound(uri, () => {
        const v = service.getNode(idFrom(uri, variables.id), { neighbourLimit: NODE_NEIGHBOURS });
        return json(uri, {
          id: v.node.id,
          name: v.node.name,
          type: v.node.type,
          aliases: v.node.aliases,
          ...(v.node.description ? { description: v.node.description } : {}),
          provenance: v.provenance.map(({ chunkId, docId, title, quote }) => ({ chunkId, docId, title, quote })),
          neighbours: v.neighbours.map((n) => ({ edgeId: n.edgeId, relation: n.relation, direction: n.direction, confidence: n.confidence, node: { id: n.node.id, name: n.node.name, type: n.node.type } })),
        });
      }),
  );

  // The SDK's resources/list calls a template's list callback without the request's cursor, so
  // a store of many documents would be listed in one answer. This handler (replacing the SDK's,
  // through the low-level server the SDK exposes for such cases) pages: the fixed resources and
  // the first RESOURCE_PAGE_SIZE documents, then `nextCursor` for the next page.
  server.server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const offset = offsetOf(request.params?.cursor);
    const page = docsPage(offset);
    return offset === 0 ? { ...page, resources: [info, ...page.resources] } : page;
  });
}
