import { packageBuild } from '../../tsup.base.js';

export default packageBuild({
  // index: the Node build (undici pool). browser: browsers and edge runtimes, chosen by the
  // `browser`/`worker`/`workerd`/`edge-light` conditions of package.json's exports.
  entry: { index: 'src/index.ts', browser: 'src/browser.ts' },
  target: 'es2022',
});
