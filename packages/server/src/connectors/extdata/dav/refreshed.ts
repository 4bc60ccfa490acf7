/**
 * Where a refreshed OAuth 2.0 token goes: sealed (secrets/box.ts) into every datastore of the
 * client that held the refresh token it replaces — a Contacts and a Calendar datastore registered
 * with one Google token share it, and a provider that rotates refresh tokens has just voided the
 * old one for both. One locked read-modify-write (store.extdata.updateDatastores).
 */
import type { SecretBox } from '../../../secrets/box.js';
import type { ExtdataClientRecord } from '../../../store/records.js';
import type { Store } from '../../../store/store.js';
import { isBearer } from './credentials.js';
import type { StoreRefreshed } from './oauth.js';

export function storeRefreshedTokens(store: Store, secrets: SecretBox, client: Pick<ExtdataClientRecord, 'accountId' | 'uuid'>): StoreRefreshed {
  return async (previous, renewed) => {
    const refreshToken = renewed.refreshToken ?? previous;
    await store.extdata.updateDatastores(client.accountId, client.uuid, (d) => {
      if (d.token === null || !isBearer(d.token.scopes)) return undefined;
      let held: string;
      try {
        held = secrets.open(d.token.sealedSecret);
      } catch {
        return undefined; // Sealed under another key: not the token refreshed.
      }
      if (held !== previous) return undefined;
      return { ...d, token: { ...d.token, sealedKey: secrets.seal(renewed.accessToken), sealedSecret: secrets.seal(refreshToken) } };
    });
  };
}
