import { libraryConfig } from '../../tooling/tsup.shared';

export default libraryConfig(['src/index.ts'], { 'bin/rag-eval': 'src/bin/rag-eval.ts' });
