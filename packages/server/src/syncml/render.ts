/**
 * What the session machine sends a phone for an item: adapted to the phone's datastore (its
 * DevInf Rx-Pref/Rx and CTCap, kept from its Put and read by the session), its model's quirks
 * from the catalogue and its SyncML client's time zone (items/).
 */
import type { Store } from '@atomsync/store';
import type { RenderItem } from './exchange.js';
import { phoneFormat, renderForPhone, type ItemDataclass, type PhoneFormat } from '@atomsync/items';
import type { PhoneTarget } from './session/session.js';

/** `./contacts`, `contacts` and `Contacts/` name one datastore. */
const sameUri = (a: string, b: string): boolean => {
  const norm = (u: string) => u.trim().replace(/^\.\//, '').replace(/\/+$/, '').toLowerCase();
  return norm(a) === norm(b);
};

export function phoneRenderer(store: Store) {
  return async ({ devinf, client, datastore }: PhoneTarget): Promise<RenderItem> => {
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
