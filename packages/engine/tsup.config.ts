import { packageBuild } from '../../tsup.base.js';

export default packageBuild({
  // test-support: the model of the modes for other packages' tests (`@atomsync/engine/test-support`).
  entry: { index: 'src/index.ts', 'test-support': 'src/test-support/index.ts' },
});
