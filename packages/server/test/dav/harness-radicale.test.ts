/**
 * The DAV client harnesses proven against Debian's Radicale 3 (a known-good server) before they
 * judge ours: vdirsyncer's two-way scenario at small sizes (the same function vdirsyncer.test.ts
 * runs against atomsync at issue 21's sizes).
 */
import { describe } from 'vitest';
import { startRadicale } from './clients/radicale.js';
import { vdirsyncerScenario } from './clients/vdirsyncer-scenario.js';

describe('vdirsyncer against Radicale', () => {
  vdirsyncerScenario({ start: () => startRadicale(), contacts: 30, events: 10, timeoutMs: 60_000, servesBytesAsWritten: false });
});
