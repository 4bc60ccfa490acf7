import { packageBuild } from '../../tsup.base.js';

export default packageBuild({
  // fixtures: items as real clients write them, for other packages' tests (`@atomsync/items/fixtures`).
  // files: the .vcf/.ics splitter and writer alone, with no Node built-in, for a browser (the console's import and export).
  entry: { index: 'src/index.ts', fixtures: 'src/fixtures/index.ts', files: 'src/files/index.ts' },
});
