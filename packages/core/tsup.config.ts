import { libraryConfig } from '../../tooling/tsup.shared';

export default libraryConfig(['src/index.ts', 'src/testing/index.ts', 'src/testing/simulate.ts']);
