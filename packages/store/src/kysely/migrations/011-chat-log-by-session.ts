import { rebuildSqlite, type Migration } from './ddl.js';

export const migration: Migration = {
  version: 11,
  name: 'the SyncML chat log keyed by session',
  up: (w) => {
    // A message is logged before its phone signs in, so the log is kept by the phone's session
    // (as the session tables are), its id serial within that: (session_id, id). SQLite's ids
    // come from id_sequences (ids.ts), carrying on from the last one given.
    if (w.dialect === 'sqlite') {
      return [
        `insert into id_sequences (name, last) values ('chat_log', coalesce((select seq from sqlite_sequence where name = 'chat_log'), 0))`,
        ...rebuildSqlite(
          'chat_log',
          `session_id text not null, id integer not null, msg_id integer not null, direction text not null, encoding text not null,
            body text not null, created bigint not null, primary key (session_id, id)`,
          'session_id, id, msg_id, direction, encoding, body, created',
          [`create index chat_log_created on chat_log (created)`],
        ),
      ];
    }
    return [
      `alter table chat_log drop constraint chat_log_pkey`,
      `alter table chat_log add primary key (session_id, id)`,
      `drop index chat_log_session`,
    ];
  },
};
