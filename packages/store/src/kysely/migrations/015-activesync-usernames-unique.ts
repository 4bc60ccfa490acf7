import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 15,
  name: 'ActiveSync usernames unique across the service, compared without ASCII case',
  up: (w) => {
    // A phone's HTTP Basic names no account, so a username held in two accounts let the password
    // pick between them: another account registering a phone's name (and guessing or sharing its
    // password) captured the phone (issue 20). From here a name routes to one client, keyed by its
    // folded form (routes.ts activesyncNameKey: ASCII letters lowered, as PostgreSQL's lower()
    // does under the "C" collation and SQLite's built-in lower() does always).
    //
    // A name more than one client held before (in one account or several, or only by case) routes
    // to none of them: the migration cannot tell which phone knows which password (the passwords
    // are hashes), so any of them could reach another's client. Such a row keeps the count of
    // those clients and the name stays taken until the last is deleted, so nobody can register it
    // anew and catch their phones. Their owners see the clients as before; the phones get 401
    // until a client is registered again under a name of its own (guide/operators.md).
    const fold = w.dialect === 'postgres' ? 'lower(username collate "C")' : 'lower(username)';
    return [
      `create table activesync_names (username text primary key, account_id bigint, client_uuid text, holders integer not null)`,
      `insert into activesync_names (username, account_id, client_uuid, holders)
          select name, case when count(*) = 1 then min(account_id) end, case when count(*) = 1 then min(uuid) end, count(*)
          from (select ${fold} as name, account_id, uuid from activesync_clients) c group by name`,
      `drop table activesync_routes`,
      `alter table activesync_names rename to activesync_routes`,
      ...(w.dialect === 'postgres' ? ['alter table activesync_routes rename constraint activesync_names_pkey to activesync_routes_pkey'] : []),
    ];
  },
};
