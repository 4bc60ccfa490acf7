import type { Options } from 'tsup';
import { packageBuild } from '../../tsup.base.js';

type Plugin = NonNullable<Options['plugins']>[number];

const SHEBANG = '#!/usr/bin/env node\n';

/**
 * `#!/usr/bin/env node` on dist/cli.js alone, made executable. (esbuild's `banner` would put it on
 * index.js and the shared chunks too.) The source map moves down the one line.
 */
const cliShebang: Plugin = {
  name: 'cli-shebang',
  renderChunk(code, info) {
    if (!/[/\\]cli\.js$/.test(info.path) || code.startsWith('#!')) return undefined;
    info.mode = 0o755;
    if (info.map !== undefined) {
      const map = typeof info.map === 'string' ? (JSON.parse(info.map) as { mappings: string }) : info.map;
      info.map = { ...map, mappings: `;${map.mappings}` };
    }
    return { code: SHEBANG + code };
  },
};

const LIBRARY = { index: 'src/index.ts' };

export default packageBuild({
  // ESM: the library and the CLI in one build with code splitting, so dist/cli.js is a few lines
  // importing the chunk dist/index.js imports too, not a second copy of the server.
  entry: { ...LIBRARY, cli: 'src/cli.ts' },
  // CommonJS: the library alone (the bin is ESM), unsplit. One config, so one declaration build
  // writes index.d.ts and index.d.cts, and one clean removes stale chunks.
  esbuildOptions(options, { format }) {
    if (format === 'cjs') options.entryPoints = LIBRARY;
  },
  // store.d.ts: the declarations of @atomsync/server/store (src/store-types.ts says why).
  dts: { entry: { ...LIBRARY, store: 'src/store-types.ts' } },
  plugins: [cliShebang],
});
