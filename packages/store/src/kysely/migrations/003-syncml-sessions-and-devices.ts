import { account, type Migration } from './ddl.js';

export const migration: Migration = {
  version: 3,
  name: 'SyncML sessions in progress and phone devices',
  up: (w) => [
    // A session's state machine between messages, so any instance can take the next one.
    // `version` is the compare-and-set counter; the last reply is kept for a repeated message.
    `create table syncml_session_state ("key" text primary key, device_id text not null,
        phone_session_id text not null, state text not null, version integer not null,
        last_msg_id text, last_reply ${w.blob}, updated bigint not null)`,
    `create index syncml_session_state_device on syncml_session_state (device_id, phone_session_id)`,
    `create index syncml_session_state_updated on syncml_session_state (updated)`,
    // Item changes a session buffers, per direction in order. No foreign key: the session's
    // delete and prune drop them in the same transaction.
    `create table syncml_session_items (session_key text not null, direction text not null,
        seq integer not null, body text not null, primary key (session_key, direction, seq))`,
    // Per phone device of an account, across sessions: the MD5 nonce last issued, its DevInf.
    `create table syncml_devices (${account}, device_id text not null, nonce text not null,
        devinf text, updated bigint not null, primary key (account_id, device_id))`,
  ],
};
