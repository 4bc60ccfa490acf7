import { packageBuild } from '../../tsup.base.js';

export default packageBuild({
  // fixtures: items as real clients write them, for other packages' tests (`@atomsync/items/fixtures`).
  entry: { index: 'src/index.ts', fixtures: 'src/fixtures/index.ts' },
});
