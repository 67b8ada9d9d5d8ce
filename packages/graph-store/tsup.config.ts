import { libraryConfig } from '../../tooling/tsup.shared';

export default libraryConfig(['src/index.ts', 'src/algorithms/*.ts', '!src/**/*.test.ts']);
