/**
 * npm run bench: every benchmark of the project, in one run; exits non-zero if a floor is missed.
 * ATOMSYNC_BENCH=<name>[,<name>…] runs only those (names below), e.g. `ATOMSYNC_BENCH=activesync npm run bench`.
 */
import { runActivesyncBench } from './activesync.bench.js';
import { runCitusBench } from './citus.bench.js';
import { runCodecBench } from './codec.bench.js';
import { runConsoleBench } from './console.bench.js';
import { runDavBench } from './dav.bench.js';
import { runExtdataDavBench } from './extdata-dav.bench.js';
import { runHostileBench, runHostileHttpBench, runWideBodiesHttpBench } from './hostile.bench.js';
import { runImportBench } from './import.bench.js';
import { runListingBench } from './listing.bench.js';
import { runServerBench } from './server.bench.js';
import { runSignInBench } from './sign-in.bench.js';
import { runSyncBench } from './sync.bench.js';
import { runSyncmlBench } from './syncml.bench.js';
import { runWritesBench } from './writes.bench.js';
import { runZonesBench } from './zones.bench.js';

/** In the order they run. */
const BENCHES: Record<string, () => boolean | Promise<boolean>> = {
  codec: runCodecBench,
  zones: runZonesBench,
  hostile: runHostileBench,
  'hostile-http': runHostileHttpBench,
  'wide-bodies': runWideBodiesHttpBench,
  server: runServerBench,
  listing: runListingBench,
  sync: runSyncBench,
  syncml: runSyncmlBench,
  import: runImportBench,
  activesync: runActivesyncBench,
  writes: runWritesBench,
  'sign-in': runSignInBench,
  dav: runDavBench,
  'extdata-dav': runExtdataDavBench,
  console: runConsoleBench,
  citus: runCitusBench,
};

const only = process.env.ATOMSYNC_BENCH?.split(',').map((name) => name.trim()).filter((name) => name !== '');
const unknown = only?.filter((name) => !(name in BENCHES)) ?? [];
if (unknown.length > 0) throw new Error(`ATOMSYNC_BENCH names no benchmark ${unknown.join(', ')}; there are ${Object.keys(BENCHES).join(', ')}`);

console.log(`atomsync benchmarks — node ${process.version}, ${new Date().toISOString()}${only === undefined || only.length === 0 ? '' : ` (only ${only.join(', ')})`}`);
const results: boolean[] = [];
for (const [name, run] of Object.entries(BENCHES)) {
  if (only === undefined || only.length === 0 || only.includes(name)) results.push(await run());
}
const ok = results.every(Boolean);
console.log(ok ? '\nall floors met' : '\nSOME FLOORS MISSED');
process.exitCode = ok ? 0 : 1;
