/**
 * Issue 21's vdirsyncer scenario against atomsync at the issue's sizes (1,000 contacts, 300
 * events): the same function harness-radicale.test.ts proves against Radicale.
 */
import { describe } from 'vitest';
import { startAtomsync } from './clients/atomsync.js';
import { vdirsyncerScenario } from './clients/vdirsyncer-scenario.js';

describe('vdirsyncer against atomsync', () => {
  vdirsyncerScenario({ start: () => startAtomsync(), contacts: 1_000, events: 300, timeoutMs: 300_000, servesBytesAsWritten: true });
});
