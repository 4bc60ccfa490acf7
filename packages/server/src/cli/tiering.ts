/**
 * V8 optimises a function once it has run enough bytecode (its interrupt budget, 66 KB in Node
 * 20's V8): a function that runs once per request with a short body takes thousands of requests
 * to get there, and a server's request path is hundreds of such functions (HTTP, routing, sign-in,
 * the DAV handlers, the store's queries). A fresh server ran its first ~3,000 DAV PUTs mostly in
 * baseline code, at about twice a warmed PUT's CPU (perf's on-CPU samples of a vdirsyncer upload of
 * 5,000 contacts: 75% of them in baseline code in the first 5 s, under 5% after 30 s). With an
 * eighth of the budget the same upload cost the server 12% less CPU (1.88–1.95 ms per contact
 * against 2.15–2.24, bench/dav-vdirsyncer-probe.ts, NODE_ARGS and in process alike); the
 * optimising itself runs on V8's background threads, counted in those figures.
 *
 * A quarter, not an eighth: at an eighth, V8 also optimises code that runs only once or a few
 * times per request, so a phone's ActiveSync first sync (5,000 contacts in 50 requests) made it
 * compile twice the functions Node's default does (HTTP internals, routing, query building), and the
 * server's background threads spent ~0.5 s more CPU on a 2 s session. Medians of runs interleaved
 * on one machine (the server's CPU over that session, 7–10 runs each; vdirsyncer's upload of 5,000
 * in server CPU per contact, 7–11 runs each): an eighth 2.32 s and 1.19 ms, a quarter 1.96 s and
 * 1.25 ms, Node's default 1.89 s and 1.34 ms. A quarter gives the sync back nearly all it lost
 * and keeps most of the upload's gain.
 *
 * Set from the process before the server's modules load (cli.ts), and only when the operator's
 * node flags (on the command line or in NODE_OPTIONS) do not name a budget of their own.
 */
import { setFlagsFromString } from 'node:v8';

export const INTERRUPT_BUDGET = 16 * 1024;

export function tierUpSooner(execArgv: readonly string[] = process.execArgv, nodeOptions: string = process.env.NODE_OPTIONS ?? ''): void {
  if ([...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => arg.startsWith('--interrupt-budget'))) return;
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
