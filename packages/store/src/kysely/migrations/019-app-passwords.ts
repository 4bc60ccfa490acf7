import { account, type Migration } from './ddl.js';

export const migration: Migration = {
  version: 19,
  name: 'app passwords',
  // An account's named passwords for its devices' CardDAV/CalDAV sign-in (issue 21), keyed by
  // the account (sharded by it, like every owned table) and found through it: a sign-in names the
  // account's username first, so no routing table. A name is unique in its account. They go
  // with the account (the foreign key); the hint is what a sign-in picks its candidates by.
  up: () => [
    `create table app_passwords (${account}, uuid text not null, name text not null, password_hash text not null,
        hint integer not null, created bigint not null, last_used bigint, primary key (account_id, uuid))`,
    `create unique index app_passwords_name on app_passwords (account_id, name)`,
  ],
};
