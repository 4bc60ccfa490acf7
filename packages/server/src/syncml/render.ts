/**
 * What the session machine sends a phone for an item: adapted to the phone's datastore (its
 * DevInf Rx-Pref/Rx and CTCap, kept from its Put), its model's quirks from the catalogue and its
 * SyncML client's time zone (items/).
 */
import type { DevInf } from '@atomsync/syncml';
import type { ItemDataclass } from '@atomsync/engine';
import type { SyncmlClientRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import type { RenderItem } from './exchange.js';
import { phoneFormat, renderForPhone, type PhoneFormat } from './items/index.js';
import type { DatastoreState, SessionState } from './state.js';

/** `./contacts`, `contacts` and `Contacts/` name one datastore. */
const sameUri = (a: string, b: string): boolean => {
  const norm = (u: string) => u.trim().replace(/^\.\//, '').replace(/\/+$/, '').toLowerCase();
  return norm(a) === norm(b);
};

export function phoneRenderer(store: Store) {
  return async (state: SessionState, client: SyncmlClientRecord | undefined, datastore: DatastoreState): Promise<RenderItem> => {
    const device = state.accountId === undefined ? undefined : await store.syncmlDevices.get(state.accountId, state.deviceId);
    const devinf = device?.devinf ? (JSON.parse(device.devinf) as DevInf) : undefined;
    const phoneDatastore = devinf?.dataStores.find((d) => sameUri(d.sourceRef, datastore.phoneUri));
    const model = client === undefined ? undefined : await store.catalogue.getModel(client.modelUuid);
    const formats = new Map<ItemDataclass, PhoneFormat>();
    return (item) => {
      let format = formats.get(item.dataclass);
      if (format === undefined) {
        format = phoneFormat({ dataclass: item.dataclass, datastore: phoneDatastore, quirks: model?.quirks ?? {}, timezone: client?.timezone ?? 'UTC', utc: devinf?.utc });
        formats.set(item.dataclass, format);
      }
      return renderForPhone(item, format);
    };
  };
}
