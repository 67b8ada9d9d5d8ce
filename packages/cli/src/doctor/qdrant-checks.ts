// `rag doctor` for Qdrant: reachable and version (GET /), the collection and its vector size
// against the embedding dimension (GET /collections/{name}).
import { z } from 'zod';
import { describeError, getJson, type DoctorCheck, type FetchLike } from './check.js';

const Root = z.looseObject({ version: z.string() });
const Info = z.looseObject({ result: z.looseObject({ config: z.looseObject({ params: z.looseObject({ vectors: z.unknown() }) }) }) });

export async function checkQdrant(input: { url: string; apiKey?: string; collection: string; embeddingDimension?: number; fetch: FetchLike }): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  const url = input.url.replace(/\/+$/, '');
  const headers: Record<string, string> = input.apiKey ? { 'api-key': input.apiKey } : {};
  const add = (c: Omit<DoctorCheck, 'service'>) => out.push({ service: 'qdrant', ...c });
  try {
    const r = await getJson(input.fetch, `${url}/`, { headers });
    if (r.status === 401 || r.status === 403) {
      add({ name: 'reachable', status: 'fail', detail: `${url}: HTTP ${r.status}`, fix: 'set QDRANT_API_KEY' });
      return out;
    }
    add({ name: 'reachable', status: 'ok', detail: `${url}, Qdrant ${Root.parse(r.body).version}` });
  } catch (error) {
    add({ name: 'reachable', status: 'fail', detail: `${url}: ${describeError(error)}`, fix: 'start it (`docker compose up -d qdrant`) or fix QDRANT_URL' });
    return out;
  }
  try {
    const r = await getJson(input.fetch, `${url}/collections/${encodeURIComponent(input.collection)}`, { headers });
    if (r.status === 404) {
      add({ name: 'collection', status: 'ok', detail: `"${input.collection}" does not exist yet; the first index creates it` });
      return out;
    }
    const vectors = Info.parse(r.body).result.config.params.vectors as { size?: number } | Record<string, { size?: number }>;
    const sizes = typeof (vectors as { size?: number }).size === 'number' ? [(vectors as { size: number }).size] : Object.values(vectors as Record<string, { size?: number }>).map((v) => v.size ?? 0);
    const dim = input.embeddingDimension;
    if (dim === undefined) add({ name: 'collection', status: 'ok', detail: `"${input.collection}" exists (vector size ${sizes.join(', ')})` });
    else
      add(
        sizes.includes(dim)
          ? { name: 'collection', status: 'ok', detail: `"${input.collection}" vector size ${dim} matches the embedder` }
          : { name: 'collection', status: 'fail', detail: `"${input.collection}" has vector size ${sizes.join(', ')}, the embedder gives ${dim}`, fix: 'set QDRANT_COLLECTION to a new name (or re-index into a fresh collection)' },
      );
  } catch (error) {
    add({ name: 'collection', status: 'fail', detail: `GET /collections/${input.collection}: ${describeError(error)}` });
  }
  return out;
}
