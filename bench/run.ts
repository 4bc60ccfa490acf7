/** npm run bench: every benchmark of the project, in one run; exits non-zero if a floor is missed. */
import { runCodecBench } from './codec.bench.js';

console.log(`atomsync benchmarks — node ${process.version}, ${new Date().toISOString()}`);
const ok = [runCodecBench()].every(Boolean);
console.log(ok ? '\nall floors met' : '\nSOME FLOORS MISSED');
process.exitCode = ok ? 0 : 1;
