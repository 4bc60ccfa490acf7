/** npm run bench: every benchmark of the project, in one run; exits non-zero if a floor is missed. */
import { runCodecBench } from './codec.bench.js';
import { runHostileBench, runHostileHttpBench } from './hostile.bench.js';
import { runImportBench } from './import.bench.js';
import { runServerBench } from './server.bench.js';
import { runSyncBench } from './sync.bench.js';
import { runSyncmlBench } from './syncml.bench.js';

console.log(`atomsync benchmarks — node ${process.version}, ${new Date().toISOString()}`);
const results = [runCodecBench(), runHostileBench(), await runHostileHttpBench(), await runServerBench(), runSyncBench(), await runSyncmlBench(), await runImportBench()];
const ok = results.every(Boolean);
console.log(ok ? '\nall floors met' : '\nSOME FLOORS MISSED');
process.exitCode = ok ? 0 : 1;
