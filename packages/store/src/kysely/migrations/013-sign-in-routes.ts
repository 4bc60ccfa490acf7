import { account, rebuildSqlite, type Migration } from './ddl.js';

export const migration: Migration = {
  version: 13,
  name: 'tokens, consumers and nonces keyed by account; routing tables for the sign-in look-ups',
  up: (w) => {
    // Sharding by account: a sign-in starts with a name (a username, a bearer token's digest, an
    // OAuth consumer key, an ActiveSync username), not an account. Each name goes to its account
    // through a routing table keyed by the name (distributed by it, apart from the accounts), and
    // the owned row is then read by its account. A distributed store enforces only unique keys
    // that include the distribution column, so the names' uniqueness moves from the owned tables'
    // global unique indexes to the routing tables' primary keys. No foreign keys from a routing
    // table (it is not colocated with accounts): the store writes and deletes its rows in the
    // transaction of the row it routes. ActiveSync usernames are unique in no scope (the password
    // picks among a username's clients), so that table routes to every client registered with one.
    const routes = [
      `create table username_routes (username text primary key, account_id bigint not null)`,
      `insert into username_routes (username, account_id) select username, id from accounts`,
      `create table token_routes (digest text primary key, account_id bigint not null)`,
      `insert into token_routes (digest, account_id) select digest, account_id from tokens`,
      `create table consumer_routes ("key" text primary key, account_id bigint not null)`,
      `insert into consumer_routes ("key", account_id) select "key", account_id from consumers`,
      `create table activesync_routes (username text not null, account_id bigint not null, client_uuid text not null,
          created bigint not null, primary key (username, account_id, client_uuid))`,
      `insert into activesync_routes (username, account_id, client_uuid, created) select username, account_id, uuid, created from activesync_clients`,
    ];
    // A nonce is checked once its consumer is found, so it is kept by the consumer's account, and
    // goes with its consumer. Rebuilt under its name, each row's account read from its consumer.
    const nonces = [
      `create table nonces_by_account (account_id bigint not null, consumer_key text not null, "timestamp" bigint not null,
          nonce text not null, primary key (account_id, consumer_key, "timestamp", nonce),
          foreign key (account_id, consumer_key) references consumers (account_id, "key") on delete cascade)`,
      `insert into nonces_by_account (account_id, consumer_key, "timestamp", nonce)
          select c.account_id, n.consumer_key, n."timestamp", n.nonce from nonces n join consumers c on c."key" = n.consumer_key`,
      `drop table nonces`,
      `alter table nonces_by_account rename to nonces`,
      // Housekeeping's sweep of every account's stale nonces.
      `create index nonces_timestamp on nonces ("timestamp")`,
    ];
    if (w.dialect === 'sqlite') {
      // accounts keeps its AUTOINCREMENT id: the rebuilt table takes over the old one's counter, so
      // no id is given twice (a deleted account's newest id included).
      const [createAccounts, copyAccounts, ...swapAccounts] = rebuildSqlite(
        'accounts',
        `id integer primary key autoincrement, username text not null, password_hash text not null, syncml_digest text,
          admin integer not null, created bigint not null, updated bigint not null`,
        'id, username, password_hash, syncml_digest, admin, created, updated',
      );
      return [
        ...routes,
        createAccounts!,
        copyAccounts!,
        `delete from sqlite_sequence where name = 'accounts_rebuilt'`,
        `insert into sqlite_sequence (name, seq) select 'accounts_rebuilt', seq from sqlite_sequence where name = 'accounts'`,
        ...swapAccounts,
        // Token ids come from id_sequences (ids.ts) now, carrying on from the last one given.
        `insert into id_sequences (name, last) values ('tokens', coalesce((select seq from sqlite_sequence where name = 'tokens'), 0))`,
        ...rebuildSqlite(
          'tokens',
          `${account}, id integer not null, digest text not null, created bigint not null, primary key (account_id, id)`,
          'account_id, id, digest, created',
          [`create unique index tokens_account_digest on tokens (account_id, digest)`],
        ),
        ...rebuildSqlite(
          'consumers',
          `${account}, "key" text not null, sealed_secret text not null, created bigint not null, primary key (account_id, "key")`,
          'account_id, "key", sealed_secret, created',
        ),
        ...nonces,
      ];
    }
    return [
      ...routes,
      `alter table accounts drop constraint accounts_username_key`,
      `alter table tokens drop constraint tokens_digest_key`,
      `alter table tokens drop constraint tokens_pkey`,
      `alter table tokens add primary key (account_id, id)`,
      `create unique index tokens_account_digest on tokens (account_id, digest)`,
      `drop index tokens_account`,
      `alter table consumers drop constraint consumers_pkey`,
      `alter table consumers add primary key (account_id, "key")`,
      `drop index consumers_account`,
      ...nonces,
    ];
  },
};
