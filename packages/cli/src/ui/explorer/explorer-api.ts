// The explorer's calls to the HTTP API, typed with the service's own view types.
import type { EditRecord } from '@rag/graph-store';
import type { ExplorerGraph, Facets } from '../../service/graph-explorer.js';
import type { NodeView } from '../../service/rag-service.js';
import type { Api } from '../docs-tab.js';

export type { EditRecord, ExplorerGraph, Facets, NodeView };

export interface ViewFilters {
  /** Entity types shown; undefined = all. */
  types?: string[];
  /** Relation labels shown; undefined = all. */
  relations?: string[];
  minConfidence: number;
  includeWeak: boolean;
}

export interface NodeHit {
  id: string;
  name: string;
  type: string;
}

export function explorerApi(api: Api) {
  const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
  return {
    facets: () => api<Facets>('/api/graph/facets'),
    overview: (limit: number) => api<ExplorerGraph>(`/api/graph/overview?limit=${limit}`),
    neighbourhood(id: string, depth: 1 | 2, limit: number, f: ViewFilters) {
      const q = new URLSearchParams({ id, depth: String(depth), limit: String(limit), minConfidence: String(f.minConfidence), includeWeak: String(f.includeWeak) });
      if (f.types) q.set('types', f.types.join(','));
      if (f.relations) q.set('relations', f.relations.join(','));
      return api<ExplorerGraph>(`/api/graph/neighbourhood?${q}`);
    },
    search: (q: string) => api<NodeHit[]>(`/api/nodes?${new URLSearchParams({ q, limit: '12' })}`),
    node: (id: string) => api<NodeView>(`/api/nodes/${encodeURIComponent(id)}`),
    updateEntity: (id: string, edit: { name?: string; type?: string; description?: string | null; aliases?: string[] }) => api<EditRecord>(`/api/nodes/${encodeURIComponent(id)}`, json('PATCH', edit)),
    createRelation: (input: { source: string; target: string; relation: string; evidenceChunkId?: string; note?: string }) => api<EditRecord>('/api/relations', json('POST', input)),
    removeRelation: (id: string) => api<EditRecord>(`/api/relations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    editLog: () => api<EditRecord[]>('/api/graph/edits'),
    undo: () => api<EditRecord>('/api/graph/edits/undo', json('POST', {})),
  };
}
export type ExplorerApi = ReturnType<typeof explorerApi>;
