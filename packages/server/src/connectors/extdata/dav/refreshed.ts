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
import type { LoadStored, StoreRefreshed } from './oauth.js';

/**
 * The tokens stored now for a collection: a run of another binding of the same account, here or on
 * another instance, may have renewed them since this run opened them — and a provider that rotates
 * refresh tokens has then voided the one this run holds.
 */
export function loadStoredTokens(store: Store, secrets: SecretBox, client: Pick<ExtdataClientRecord, 'accountId' | 'uuid'>): LoadStored {
  return async (collection) => {
    const now = await store.extdata.get(client.accountId, client.uuid);
    const token = now?.datastores.find((d) => d.dav?.collection === collection && d.token !== null && isBearer(d.token.scopes))?.token;
    if (token === undefined || token === null) return undefined;
    try {
      return { accessToken: secrets.open(token.sealedKey), refreshToken: secrets.open(token.sealedSecret) };
    } catch {
      return undefined;
    }
  };
}

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
