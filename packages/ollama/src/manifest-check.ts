// An index is only searchable with the embedder that built it. This compares an embedder with
// the embedderId/dimensions stored in an index manifest and, on a mismatch, names the model
// that built the index so the user can switch back or re-index.
import { RagError, type Embedder } from '@rag/core';

export interface EmbedderManifest {
  embedderId: string;
  dimensions: number;
}

/** The Ollama model behind an embedder id such as "ollama:nomic-embed-text", else the id itself. */
function modelOf(embedderId: string): string {
  return embedderId.startsWith('ollama:') ? embedderId.slice('ollama:'.length) : embedderId;
}

function hint(manifest: EmbedderManifest): string {
  return manifest.embedderId.startsWith('ollama:')
    ? `set OLLAMA_EMBED_MODEL=${modelOf(manifest.embedderId)} (and \`ollama pull ${modelOf(manifest.embedderId)}\`), or re-index`
    : 're-index with the current embedder, or use the one that built the index';
}

/**
 * Throws RAG_DIMENSION_MISMATCH when `embedder` cannot search an index built per `manifest`.
 * When the embedder does not know its dimensions yet, one short probe text is embedded.
 */
export async function assertEmbedderMatchesManifest(
  embedder: Embedder,
  manifest: EmbedderManifest,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  let dimensions = embedder.dimensions;
  if (dimensions === undefined) {
    const [probe] = await embedder.embed(['dimension probe'], options.signal ? { signal: options.signal } : {});
    dimensions = probe?.length ?? 0;
  }
  const details = {
    indexEmbedderId: manifest.embedderId,
    indexDimensions: manifest.dimensions,
    embedderId: embedder.id,
    dimensions,
    builtWithModel: modelOf(manifest.embedderId),
  };
  if (dimensions !== manifest.dimensions)
    throw new RagError(
      'RAG_DIMENSION_MISMATCH',
      `the index was built with "${manifest.embedderId}" (${manifest.dimensions} dimensions) but the embedder is "${embedder.id}" (${dimensions} dimensions): ${hint(manifest)}`,
      { details: { ...details, reason: 'dimensions' } },
    );
  if (embedder.id !== manifest.embedderId)
    throw new RagError(
      'RAG_DIMENSION_MISMATCH',
      `the index was built with "${manifest.embedderId}" but the embedder is "${embedder.id}"; same length (${dimensions}), different vector space: ${hint(manifest)}`,
      { details: { ...details, reason: 'embedder' } },
    );
}
