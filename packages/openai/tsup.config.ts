import { libraryConfig } from '../../tooling/tsup.shared';

export default libraryConfig(['src/index.ts']);
