// Holds a wire fake and an adapter to a service's official OpenAPI document: every request body
// an adapter sends is validated against the operation's request schema, and every response a
// fake returns against the response schema for its status and content type. Built on ajv (a
// maintained JSON Schema validator; OpenAPI 3.1 schemas are JSON Schema 2020-12, 3.0 schemas
// are close to draft-07 with `nullable`). ajv, ajv-formats and yaml are optional peer
// dependencies: only tests that call this need them.
import { readFile } from 'node:fs/promises';

export interface OpenApiValidator {
  /** Whether the document describes this method on this (concrete or templated) path. */
  documents(method: string, path: string): boolean;
  /** Problems with a request body, as readable lines (empty: valid). */
  request(method: string, path: string, body: unknown): string[];
  /** Problems with a response body for this status and content type (empty: valid). */
  response(method: string, path: string, status: number, body: unknown, contentType?: string): string[];
}

type Doc = { openapi?: string; paths?: Record<string, Record<string, Operation>> };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Compiled = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** OpenAPI 3.0's `nullable: true` as JSON Schema: `type: [t, 'null']`, or an anyOf with null. */
function fromOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromOpenApi30);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = fromOpenApi30(v);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

/** Numeric formats OpenAPI documents use (int32, uint64, double, …): checked by `type`, not here. */
const NUMERIC_FORMATS = ['int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'float', 'double'];

/** Load an OpenAPI document (JSON or YAML) and build a validator over it. */
export async function createOpenApiValidator(file: string): Promise<OpenApiValidator> {
  const text = await readFile(file, 'utf8');
  const doc = (file.endsWith('.json') ? JSON.parse(text) : (await import('yaml')).parse(text)) as Doc;
  const v31 = (doc.openapi ?? '').startsWith('3.1');
  const { default: Ajv } = v31 ? await import('ajv/dist/2020.js') : await import('ajv');
  const { default: addFormats } = await import('ajv-formats');
  const AjvClass = Ajv as unknown as new (o: object) => {
    addSchema(s: object, key: string): void;
    getSchema(ref: string): Compiled | undefined;
    addKeyword(k: string): void;
    addFormat(name: string, format: boolean): void;
  };
  const ajv = new AjvClass({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  for (const f of NUMERIC_FORMATS) ajv.addFormat(f, true);
  const { openapi: _openapi, ...rest } = doc as Record<string, unknown>;
  void _openapi;
  ajv.addSchema((v31 ? rest : fromOpenApi30(rest)) as object, 'spec');
  const cache = new Map<string, Compiled>();
  const compiled = (pointer: string): Compiled => {
    let fn = cache.get(pointer);
    if (!fn) {
      fn = ajv.getSchema(`spec#${pointer}`);
      if (!fn) throw new Error(`openapi: no schema at ${pointer}`);
      cache.set(pointer, fn);
    }
    return fn;
  };
  // concrete paths ("/collections/rag/points") match their templates ("/collections/{collection_name}/points")
  const templates = Object.keys(doc.paths ?? {}).map((t) => ({ t, re: new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`) }));
  const templateOf = (method: string, path: string) =>
    doc.paths?.[path]?.[method.toLowerCase()] ? path : templates.find(({ t, re }) => re.test(path) && doc.paths![t]![method.toLowerCase()])?.t;
  const operation = (method: string, path: string): [string, Operation] => {
    const t = templateOf(method, path);
    if (!t) throw new Error(`openapi: ${method} ${path} is not in ${file}`);
    return [`/paths/${escape(t)}/${method.toLowerCase()}`, doc.paths![t]![method.toLowerCase()]!];
  };
  const check = (pointer: string, value: unknown, where: string): string[] => {
    const fn = compiled(pointer);
    if (fn(value)) return [];
    return (fn.errors ?? []).map((e) => `${where}${e.instancePath || ''}: ${e.message ?? 'invalid'}`);
  };
  return {
    documents: (method, path) => templateOf(method, path) !== undefined,
    request(method, path, body) {
      const [base, op] = operation(method, path);
      const content = op.requestBody?.content;
      if (!content) return body === undefined || body === null || (typeof body === 'object' && Object.keys(body as object).length === 0) ? [] : [`${method} ${path}: the spec takes no body`];
      const type = content['application/json'] ? 'application/json' : Object.keys(content)[0]!;
      return check(`${base}/requestBody/content/${escape(type)}/schema`, body, `${method} ${path} request`);
    },
    response(method, path, status, body, contentType = 'application/json') {
      const [base, op] = operation(method, path);
      const key = op.responses?.[String(status)] ? String(status) : op.responses?.[`${String(status)[0]}XX`] ? `${String(status)[0]}XX` : op.responses?.default ? 'default' : undefined;
      if (!key) return [`${method} ${path}: status ${status} is not documented`];
      const content = op.responses![key]!.content;
      if (!content) return [];
      const type = content[contentType] ? contentType : undefined;
      if (!type) return [`${method} ${path}: ${status} ${contentType} is not documented (documented: ${Object.keys(content).join(', ')})`];
      if (!content[type]!.schema) return [];
      return check(`${base}/responses/${escape(key)}/content/${escape(type)}/schema`, body, `${method} ${path} ${status} response`);
    },
  };
}
