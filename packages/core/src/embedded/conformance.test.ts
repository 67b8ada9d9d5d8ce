// The embedded defaults must pass the same suites every plugin runs.
import { runChatModelConformance, runEmbedderConformance, runKeywordIndexConformance, runVectorStoreConformance } from '../testing/index.js';
import { createScriptedChatModel } from '../testing/scripted-chat-model.js';
import { decodeBm25Columns, encodeBm25Columns } from './bm25-columns.js';
import { createBm25Index, restoreBm25Columns, restoreBm25Index } from './bm25-index.js';
import { createHashingEmbedder, restoreHashingEmbedder } from './hashing-embedder.js';
import { createMemoryVectorStore, restoreMemoryVectorStore } from './memory-vector-store.js';

runVectorStoreConformance('memory', () => createMemoryVectorStore());
runVectorStoreConformance('memory (384 dims)', () => createMemoryVectorStore(), { dimensions: 384 });
runVectorStoreConformance('memory (int8 rows)', () => createMemoryVectorStore({ precision: 'int8' }));
runVectorStoreConformance('memory (int8 rows, 384 dims)', () => createMemoryVectorStore({ precision: 'int8' }), { dimensions: 384 });
runVectorStoreConformance('memory (restored from bytes)', () => restoreMemoryVectorStore(createMemoryVectorStore().serialize()));
runEmbedderConformance('hashing', () => createHashingEmbedder());
runEmbedderConformance('hashing (fitted)', () =>
  createHashingEmbedder().fit(['The cat sat on the mat.', 'Paris is in France.', 'Revenue grew in Asia last quarter.']),
);
runEmbedderConformance('hashing (fitted, restored)', () =>
  restoreHashingEmbedder(JSON.parse(JSON.stringify(createHashingEmbedder({ dimensions: 256 }).fit(['a cat', 'a dog']).toJSON()))),
);
runKeywordIndexConformance('bm25', () => createBm25Index());
runKeywordIndexConformance('bm25 (restored)', () => restoreBm25Index(JSON.parse(JSON.stringify(createBm25Index().toJSON()))));
runKeywordIndexConformance('bm25 (restored from columns)', () => restoreBm25Columns(decodeBm25Columns(encodeBm25Columns(createBm25Index().toColumns()), 'test')));
runChatModelConformance('scripted test double', () =>
  createScriptedChatModel((req) => {
    if (req.tools?.length) return { toolCalls: [{ name: req.tools[0]!.name, arguments: { city: 'Paris' } }] };
    if (req.jsonSchema) return { json: { answer: 'Paris' } };
    return 'hello';
  }),
);
