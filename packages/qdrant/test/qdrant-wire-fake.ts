// Wire-format fake of the Qdrant REST API: a local node:http server on 127.0.0.1 (random port)
// implementing the request/response shapes of the OpenAPI spec shipped with
// @qdrant/js-client-rest 1.16 for exactly the endpoints @rag/qdrant uses:
//   GET  /collections                        -> {result: {collections: [{name}]}}
//   GET  /collections/{name}                 -> {result: CollectionInfo} | 404
//   PUT  /collections/{name}                 {vectors: {size, distance}} | {sparse_vectors: {name: {modifier}}}
//                                            -> {result: true} | 409
//   DELETE /collections/{name}               -> {result: true|false} (live-test cleanup only)
//   PUT  /collections/{name}/index?wait=     {field_name, field_schema} -> {result: UpdateResult}
//   PUT  /collections/{name}/points?wait=    {points: PointStruct[]} -> {result: UpdateResult}
//   POST /collections/{name}/points/delete   {points: ids} | {filter} -> {result: UpdateResult}
//   POST /collections/{name}/points/query    {query: number[], filter, limit, with_payload, params}
//                                            | {query: {indices, values}, using: <sparse name>, limit}
//                                            -> {result: {points: ScoredPoint[]}}
//   POST /collections/{name}/points/count    {filter, exact} -> {result: {count}}
//   POST /collections/{name}/points          {ids, with_payload, with_vector} -> {result: Record[]}
//   GET  /                                   -> {title, version} (the client's compatibility probe)
// Every answer is wrapped as Qdrant does: {result, status: "ok", time}; errors are
// {status: {error: "..."}, time} with the HTTP status. As in Qdrant, Cosine collections store
// vectors L2-normalised (so a retrieved vector is the normalised one), point ids must be
// unsigned integers or UUIDs, and `match.value` / `match.any` accept strings, integers and
// booleans only (floats are a JSON format error).
// Sparse vectors: a query scores Σ query·document over shared indices, times Qdrant's documented
// IDF, ln(1 + (N − df + 0.5) / (df + 0.5)) over the points holding that sparse vector, when the
// vector's modifier is "idf"; only points sharing an index with the query are returned.
// Uncertain points, stated: creating an existing collection answers 409 here (older servers
// answered 400 "already exists"; the adapter accepts both); search is exact here, HNSW in
// Qdrant (exact for small collections below the full-scan threshold).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { OpenApiValidator } from '@rag/core/testing';
import type { AddressInfo, Socket } from 'node:net';

/** Qdrant's official OpenAPI document (vendored in tooling/specs; RAG_SPECS_DIR overrides): every request and 2xx response is checked. */
export const QDRANT_SPEC = join(process.env.RAG_SPECS_DIR ?? join(import.meta.dirname, '..', '..', '..', 'tooling', 'specs'), 'qdrant-openapi.json');
/** Loaded on first use: @rag/core/testing needs a vitest worker, which a benchmark script does not have. */
let specValidator: Promise<OpenApiValidator> | undefined;
const loadSpec = () => (specValidator ??= import('@rag/core/testing').then((m) => m.createOpenApiValidator(QDRANT_SPEC)));

interface SparseVector {
  indices: number[];
  values: number[];
}
interface Point {
  /** Empty in a collection without a dense vector. */
  vector: number[];
  sparse: Record<string, SparseVector>;
  payload: Record<string, unknown>;
}
interface Collection {
  /** Dense vector params; undefined in a sparse-only collection. */
  size?: number;
  distance?: string;
  sparse: Record<string, { modifier?: string }>;
  points: Map<string, Point>;
  indexes: Record<string, unknown>;
}

export interface QdrantWireFake {
  url: string;
  port: number;
  /** Collections by name; survives stop()/start(), like a server's storage volume. */
  collections: Map<string, Collection>;
  requests: Array<{ method: string; path: string; body: unknown; apiKey: string | undefined }>;
  /** Requests the adapter sent and 2xx responses this fake returned that the official spec rejects. */
  violations: string[];
  failNext(times: number, status: number, pathPattern?: RegExp): void;
  /** After `n` more answered requests matching `pathPattern`, every connection is dropped unanswered. */
  dieAfter(n: number, pathPattern?: RegExp): void;
  hang(on: boolean): void;
  /** Stop listening (connections refused); storage is kept. */
  stop(): Promise<void>;
  /** Listen again on the same port, with the same storage, healthy. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Per response: checks its body against the spec before it is sent (set by `handle`). */
const responseChecks = new WeakMap<ServerResponse, (status: number, body: unknown) => void>();

function send(res: ServerResponse, status: number, body: unknown): void {
  responseChecks.get(res)?.(status, body);
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
const ok = (res: ServerResponse, result: unknown) => send(res, 200, { result, status: 'ok', time: 0.0001 });
const fail = (res: ServerResponse, status: number, error: string) => send(res, status, { status: { error }, time: 0.0001 });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function getPath(payload: Record<string, unknown>, key: string): unknown {
  let v: unknown = payload;
  for (const part of key.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

class FormatError extends Error {}

function isMatchScalar(v: unknown): boolean {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isInteger(v));
}

function conditionHolds(cond: Record<string, unknown>, point: Point, id: string): boolean {
  if ('must' in cond || 'should' in cond || 'must_not' in cond) return filterHolds(cond, point, id);
  if ('has_id' in cond) return (cond.has_id as unknown[]).map(String).includes(id);
  const key = cond.key;
  if (typeof key !== 'string') throw new FormatError('condition without key');
  const raw = getPath(point.payload, key);
  const values = Array.isArray(raw) ? raw : [raw];
  const match = cond.match as Record<string, unknown> | undefined;
  if (match) {
    if ('value' in match) {
      if (!isMatchScalar(match.value)) throw new FormatError('match.value must be a string, integer or boolean');
      return values.some((v) => v === match.value);
    }
    if ('any' in match) {
      const any = match.any as unknown[];
      if (!Array.isArray(any) || !(any.every((x) => typeof x === 'string') || any.every((x) => typeof x === 'number' && Number.isInteger(x))))
        throw new FormatError('match.any must be a list of strings or of integers');
      return values.some((v) => any.includes(v));
    }
    if ('except' in match) return !values.some((v) => (match.except as unknown[]).includes(v));
    throw new FormatError('unsupported match');
  }
  const range = cond.range as Record<string, number> | undefined;
  if (range)
    return values.some(
      (v) =>
        typeof v === 'number' &&
        (range.gte === undefined || v >= range.gte) &&
        (range.gt === undefined || v > range.gt) &&
        (range.lte === undefined || v <= range.lte) &&
        (range.lt === undefined || v < range.lt),
    );
  throw new FormatError('unsupported condition');
}

function list(x: unknown): Record<string, unknown>[] {
  if (x == null) return [];
  return (Array.isArray(x) ? x : [x]) as Record<string, unknown>[];
}

function filterHolds(filter: unknown, point: Point, id: string): boolean {
  if (filter == null) return true;
  const f = filter as Record<string, unknown>;
  const must = list(f.must);
  const should = list(f.should);
  const mustNot = list(f.must_not);
  return (
    must.every((c) => conditionHolds(c, point, id)) &&
    (should.length === 0 || should.some((c) => conditionHolds(c, point, id))) &&
    !mustNot.some((c) => conditionHolds(c, point, id))
  );
}

/** Why a point's named sparse vectors are not acceptable, or undefined when they are. */
function sparseProblem(vector: unknown, config: Record<string, unknown>): string | undefined {
  if (vector == null || typeof vector !== 'object' || Array.isArray(vector)) return 'expected named sparse vectors';
  for (const [name, v] of Object.entries(vector as Record<string, SparseVector>)) {
    if (!(name in config)) return `Not existing vector name error: ${name}`;
    if (!Array.isArray(v.indices) || !Array.isArray(v.values) || v.indices.length !== v.values.length)
      return 'Sparse vector indices and values must be the same length';
    if (new Set(v.indices).size !== v.indices.length) return 'Sparse vector indices must be unique';
  }
  return undefined;
}

/** Σ query·document over shared indices, times IDF when the vector's modifier is "idf". */
function sparseScores(col: Collection, name: string, q: SparseVector): Array<[string, number]> {
  const holders = [...col.points].filter(([, p]) => name in p.sparse);
  const idf = (dim: number): number => {
    if (col.sparse[name]?.modifier !== 'idf') return 1;
    const n = holders.length;
    const df = holders.filter(([, p]) => p.sparse[name]!.indices.includes(dim)).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const weights = new Map(q.indices.map((d, i) => [d, q.values[i]! * idf(d)]));
  const out: Array<[string, number]> = [];
  for (const [id, p] of holders) {
    const v = p.sparse[name]!;
    let score = 0;
    let shared = false;
    v.indices.forEach((d, i) => {
      const w = weights.get(d);
      if (w !== undefined) {
        score += w * v.values[i]!;
        shared = true;
      }
    });
    if (shared) out.push([id, score]);
  }
  return out;
}

function normalise(v: number[]): number[] {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return n > 0 ? v.map((x) => x / n) : v;
}

export interface QdrantWireFakeOptions {
  apiKey?: string;
  /** Check every request and 2xx answer against Qdrant's OpenAPI document (default true; needs a vitest worker). */
  validate?: boolean;
}

export async function startQdrantWireFake(options: QdrantWireFakeOptions = {}): Promise<QdrantWireFake> {
  const spec = options.validate === false ? undefined : await loadSpec();
  const collections = new Map<string, Collection>();
  const requests: QdrantWireFake['requests'] = [];
  const violations: string[] = [];
  const sockets = new Set<Socket>();
  const failures: Array<{ times: number; status: number; pattern?: RegExp }> = [];
  let death: { remaining: number; pattern?: RegExp } | undefined;
  let hanging = false;
  let opId = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (hanging) return;
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (death && death.remaining <= 0 && (!death.pattern || death.pattern.test(path))) {
      req.socket.destroy();
      return;
    }
    const raw = req.method === 'GET' ? '' : await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return fail(res, 400, 'Format error in JSON body: invalid JSON');
    }
    const apiKey = req.headers['api-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path, body, apiKey });
    const method = req.method ?? 'GET';
    if (spec?.documents(method, path)) {
      if (raw) violations.push(...spec.request(method, path, body));
      responseChecks.set(res, (status, payload) => {
        if (status < 300) violations.push(...spec.response(method, path, status, payload));
      });
    }
    if (options.apiKey && apiKey !== options.apiKey) return fail(res, 401, 'Must provide an API key or an Authorization bearer token');
    const failure = failures.find((f) => f.times > 0 && (!f.pattern || f.pattern.test(path)));
    if (failure) {
      failure.times--;
      return fail(res, failure.status, `Service internal error: injected ${failure.status}`);
    }
    if (death && (!death.pattern || death.pattern.test(path))) death.remaining--;

    if (req.method === 'GET' && path === '/') return send(res, 200, { title: 'qdrant - vector search engine', version: '1.16.0' });
    if (req.method === 'GET' && path === '/collections') return ok(res, { collections: [...collections.keys()].map((name) => ({ name })) });
    const m = /^\/collections\/([^/]+)(\/.*)?$/.exec(path);
    if (!m) return fail(res, 404, `Not found: ${path}`);
    const name = decodeURIComponent(m[1]!);
    const rest = m[2] ?? '';
    const col = collections.get(name);
    const missing = () => fail(res, 404, `Not found: Collection \`${name}\` doesn't exist!`);
    const updated = () => ok(res, { operation_id: opId++, status: url.searchParams.get('wait') === 'true' ? 'completed' : 'acknowledged' });

    try {
      if (rest === '' && req.method === 'GET') {
        if (!col) return missing();
        return ok(res, {
          status: 'green',
          optimizer_status: 'ok',
          indexed_vectors_count: 0,
          points_count: col.points.size,
          segments_count: 1,
          config: {
            params: {
              vectors: col.size === undefined ? {} : { size: col.size, distance: col.distance },
              ...(Object.keys(col.sparse).length > 0 ? { sparse_vectors: col.sparse } : {}),
              shard_number: 1, replication_factor: 1, write_consistency_factor: 1, on_disk_payload: true },
            hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10000 },
            optimizer_config: { deleted_threshold: 0.2, vacuum_min_vector_number: 1000, default_segment_number: 0, flush_interval_sec: 5 },
            wal_config: { wal_capacity_mb: 32, wal_segments_ahead: 0 },
          },
          payload_schema: col.indexes,
        });
      }
      if (rest === '' && req.method === 'PUT') {
        if (col) return fail(res, 409, `Wrong input: Collection \`${name}\` already exists!`);
        const vectors = body.vectors as { size?: unknown; distance?: unknown } | undefined;
        const sparse = (body.sparse_vectors ?? {}) as Record<string, { modifier?: string }>;
        if (vectors === undefined && Object.keys(sparse).length > 0) {
          collections.set(name, { sparse, points: new Map(), indexes: {} });
          return ok(res, true);
        }
        if (typeof vectors?.size !== 'number' || !['Cosine', 'Euclid', 'Dot', 'Manhattan'].includes(String(vectors.distance)))
          return fail(res, 400, 'Format error in JSON body: vectors: missing field `size` or `distance`');
        collections.set(name, { size: vectors.size, distance: String(vectors.distance), sparse, points: new Map(), indexes: {} });
        return ok(res, true);
      }
      if (rest === '' && req.method === 'DELETE') return ok(res, collections.delete(name));
      if (!col) return missing();
      if (rest === '/index' && req.method === 'PUT') {
        const field = body.field_name;
        if (typeof field !== 'string') return fail(res, 400, 'Format error in JSON body: missing field `field_name`');
        const schema = body.field_schema;
        const params = typeof schema === 'string' ? { type: schema } : schema;
        col.indexes[field] = { data_type: (params as { type: string }).type, params, points: 0 };
        return updated();
      }
      if (rest === '/points' && req.method === 'PUT') {
        const points = body.points as Array<{ id: unknown; vector: unknown; payload?: Record<string, unknown> }> | undefined;
        if (!Array.isArray(points)) return fail(res, 400, 'Format error in JSON body: missing field `points`');
        for (const p of points) {
          if (!(typeof p.id === 'string' ? UUID.test(p.id) : Number.isInteger(p.id) && (p.id as number) >= 0))
            return fail(res, 400, `Format error in JSON body: value ${String(p.id)} is not a valid point ID, valid values are either an unsigned integer or a UUID`);
          if (col.size === undefined) {
            const problem = sparseProblem(p.vector, col.sparse);
            if (problem) return fail(res, 400, `Wrong input: ${problem}`);
          } else if (!Array.isArray(p.vector) || p.vector.length !== col.size)
            return fail(res, 400, `Wrong input: Vector dimension error: expected dim: ${col.size}, got ${Array.isArray(p.vector) ? p.vector.length : 0}`);
        }
        for (const p of points) {
          const id = String(p.id).toLowerCase();
          if (col.size === undefined) col.points.set(id, { vector: [], sparse: p.vector as Record<string, SparseVector>, payload: p.payload ?? {} });
          else {
            const v = p.vector as number[];
            col.points.set(id, { vector: col.distance === 'Cosine' ? normalise(v) : v, sparse: {}, payload: p.payload ?? {} });
          }
        }
        return updated();
      }
      if (rest === '/points/delete' && req.method === 'POST') {
        if (Array.isArray(body.points)) for (const id of body.points) col.points.delete(String(id).toLowerCase());
        else if (body.filter) {
          for (const [id, p] of [...col.points]) if (filterHolds(body.filter, p, id)) col.points.delete(id);
        } else return fail(res, 400, 'Format error in JSON body: expected `points` or `filter`');
        return updated();
      }
      if (rest === '/points/query' && req.method === 'POST' && typeof body.using === 'string' && body.using in col.sparse) {
        const q = body.query as SparseVector;
        const problem = sparseProblem({ [body.using]: q }, col.sparse);
        if (problem) return fail(res, 400, `Wrong input: ${problem}`);
        const limit = typeof body.limit === 'number' ? body.limit : 10;
        const hits = sparseScores(col, body.using, q)
          .filter(([id]) => filterHolds(body.filter, col.points.get(id)!, id))
          .map(([id, score]) => ({ id, version: 0, score, ...(body.with_payload ? { payload: col.points.get(id)!.payload } : {}) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, limit);
        return ok(res, { points: hits });
      }
      if (rest === '/points/query' && req.method === 'POST') {
        const q = body.query as number[];
        if (!Array.isArray(q) || q.length !== col.size)
          return fail(res, 400, `Wrong input: Vector dimension error: expected dim: ${col.size}, got ${Array.isArray(q) ? q.length : 0}`);
        const qn = col.distance === 'Cosine' ? normalise(q) : q;
        const limit = typeof body.limit === 'number' ? body.limit : 10;
        const hits = [...col.points]
          .filter(([id, p]) => filterHolds(body.filter, p, id))
          .map(([id, p]) => ({ id, version: 0, score: p.vector.reduce((s, x, i) => s + x * qn[i]!, 0), ...(body.with_payload ? { payload: p.payload } : {}) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, limit);
        return ok(res, { points: hits });
      }
      if (rest === '/points/count' && req.method === 'POST') {
        return ok(res, { count: [...col.points].filter(([id, p]) => filterHolds(body.filter, p, id)).length });
      }
      if (rest === '/points' && req.method === 'POST') {
        const ids = body.ids as unknown[];
        if (!Array.isArray(ids)) return fail(res, 400, 'Format error in JSON body: missing field `ids`');
        const out = ids.flatMap((id) => {
          const p = col.points.get(String(id).toLowerCase());
          return p ? [{ id, ...(body.with_payload ? { payload: p.payload } : {}), ...(body.with_vector ? { vector: p.vector } : {}) }] : [];
        });
        return ok(res, out);
      }
    } catch (error) {
      if (error instanceof FormatError) return fail(res, 400, `Format error in JSON body: ${error.message}`);
      throw error;
    }
    return fail(res, 404, `Not found: ${req.method} ${path}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => fail(res, 500, `Service internal error: ${String(e)}`));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen(0);
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    collections,
    requests,
    violations,
    failNext(times, status, pattern) {
      failures.push({ times, status, ...(pattern ? { pattern } : {}) });
    },
    dieAfter(n, pattern) {
      death = { remaining: n, ...(pattern ? { pattern } : {}) };
    },
    hang(on) {
      hanging = on;
    },
    stop,
    async start() {
      death = undefined;
      hanging = false;
      failures.length = 0;
      await listen(port);
    },
    async close() {
      if (server.listening) await stop();
    },
  };
}
