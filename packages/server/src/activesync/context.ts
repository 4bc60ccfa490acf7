/** What every ActiveSync command is handed: the phone, its device record, its request line, the deps. */
import type { AsRequestLine, HoldBounds } from '@atomsync/activesync';
import type { Logger } from 'pino';
import type { AccountPrincipal } from '../auth/principal.js';
import type { SynchronizationDeps } from '../services/synchronization.js';
import type { ActivesyncClientRecord, ActivesyncDeviceRecord } from '@atomsync/store';
import type { ChangeWatch } from './watch.js';

/** Ping's bounds (ping.ts), which a hanging Sync's are too: the heartbeat in seconds (MS-ASCMD's are 60 and 3540) and the folders watched. */
export type PingSettings = HoldBounds;

/** The endpoint's dependencies: a binding run's, without the request's logger. */
export type ActivesyncDeps = Omit<SynchronizationDeps, 'log'>;

export interface PhoneRequest {
  readonly deps: SynchronizationDeps;
  readonly line: AsRequestLine;
  readonly client: ActivesyncClientRecord;
  readonly account: AccountPrincipal;
  readonly device: ActivesyncDeviceRecord;
  readonly log: Logger;
  readonly now: Date;
  /** What the endpoint holds for every request: the datastore watch of Ping, its bounds, the request's abort. */
  readonly endpoint: { readonly watch: ChangeWatch; readonly ping: PingSettings; readonly signal?: AbortSignal };
}
