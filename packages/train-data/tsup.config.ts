import { libraryConfig } from '../../tooling/tsup.shared';

export default libraryConfig(['src/index.ts'], { 'bin/rag-train-data': 'src/bin/rag-train-data.ts' });
