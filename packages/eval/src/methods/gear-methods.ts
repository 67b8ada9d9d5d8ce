// GEAR fusion retrievers (multi-head path index, cross-path rerank, Fusion-Union / PPR /
// PCST) from @rag/retrievers, one stable name per fusion.
import { createGearRetriever } from '@rag/retrievers';
import type { EvalMethod } from '../types.js';
import { retrieverInstance } from './adapters.js';
import { numberOption } from './method-options.js';

function gearMethod(fusion: 'union' | 'ppr' | 'pcst', label: string): EvalMethod {
  const name = `gear-${fusion}`;
  return {
    name,
    kind: 'retriever',
    description: `GEAR multi-path retrieval with Fusion-${label} subgraph construction`,
    usesGraph: true,
    options: {
      k: 'number, top-k per path view and merged seeds (default 10)',
      m: 'number, nodes added by fusion expansion (default 10)',
      textBoost: 'number ≥ 0, weight of the subgraph score against BM25 text anchoring (default 1; 0 = subgraph only)',
    },
    create: (stack, options) => {
      const k = numberOption(options, name, 'k');
      const m = numberOption(options, name, 'm');
      const textBoost = numberOption(options, name, 'textBoost');
      return retrieverInstance(
        createGearRetriever({
          index: stack.index,
          fusion,
          name,
          ...(k !== undefined ? { k } : {}),
          ...(m !== undefined ? { m } : {}),
          ...(textBoost !== undefined ? { textBoost } : {}),
        }),
      );
    },
  };
}

export const gearUnionMethod = gearMethod('union', 'Union');
export const gearPprMethod = gearMethod('ppr', 'PPR');
export const gearPcstMethod = gearMethod('pcst', 'PCST');
