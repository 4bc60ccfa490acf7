import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 8,
  name: 'the sync engine state keyed by account',
  up: () => [
    // Sharding by account (guide/operators.md): a binding's id map, anchors and run lock lead
    // their keys with its account, and reach the binding through (account_id, id), which this
    // unique index names (and which serves what the index on account_id alone did). Each table
    // is rebuilt under its name with its rows, their account read from their binding.
    `create unique index bindings_account_id on bindings (account_id, id)`,
    `drop index bindings_account`,
    `create table sync_map_by_account (account_id bigint not null, binding_id bigint not null,
        dataclass text not null, source_id text not null, target_id text not null,
        source_hash text not null, target_hash text not null,
        primary key (account_id, binding_id, source_id), unique (account_id, binding_id, target_id),
        foreign key (account_id, binding_id) references bindings (account_id, id) on delete cascade)`,
    `insert into sync_map_by_account (account_id, binding_id, dataclass, source_id, target_id, source_hash, target_hash)
        select b.account_id, m.binding_id, m.dataclass, m.source_id, m.target_id, m.source_hash, m.target_hash
        from sync_map m join bindings b on b.id = m.binding_id`,
    `drop table sync_map`,
    `alter table sync_map_by_account rename to sync_map`,
    `create table sync_anchors_by_account (account_id bigint not null, binding_id bigint not null,
        anchor_key text not null, source_anchor text, target_anchor text,
        primary key (account_id, binding_id, anchor_key),
        foreign key (account_id, binding_id) references bindings (account_id, id) on delete cascade)`,
    `insert into sync_anchors_by_account (account_id, binding_id, anchor_key, source_anchor, target_anchor)
        select b.account_id, a.binding_id, a.anchor_key, a.source_anchor, a.target_anchor
        from sync_anchors a join bindings b on b.id = a.binding_id`,
    `drop table sync_anchors`,
    `alter table sync_anchors_by_account rename to sync_anchors`,
    `create table sync_locks_by_account (account_id bigint not null, binding_id bigint not null,
        holder text not null, expires bigint not null,
        primary key (account_id, binding_id),
        foreign key (account_id, binding_id) references bindings (account_id, id) on delete cascade)`,
    `insert into sync_locks_by_account (account_id, binding_id, holder, expires)
        select b.account_id, l.binding_id, l.holder, l.expires from sync_locks l join bindings b on b.id = l.binding_id`,
    `drop table sync_locks`,
    `alter table sync_locks_by_account rename to sync_locks`,
  ],
};
