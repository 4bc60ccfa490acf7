import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 4,
  name: 'SyncML sessions keyed by a digest of their key, repeats bound to the exact request',
  up: () => [
    // Session keys were kept as they are sent (a bearer secret at rest) and a repeated MsgID was
    // answered whatever it carried. Sessions in progress at the upgrade are dropped: their phones
    // start a new session, as they do after any lost session.
    `delete from syncml_session_items`,
    `delete from syncml_session_state`,
    // The digest of the last request answered (encoding, session key, Authorization, body): a
    // repeat is answered from the cache only when it is that very request.
    `alter table syncml_session_state add column last_request text`,
  ],
};
