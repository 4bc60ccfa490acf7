import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 2,
  name: 'sync engine state and run locks',
  up: () => [
    // The id map of a binding: one row per pair. A source item has one twin and so does a
    // target item, hence the primary key on the source id and the unique target id.
    `create table sync_map (binding_id bigint not null references bindings(id) on delete cascade,
        dataclass text not null, source_id text not null, target_id text not null,
        source_hash text not null, target_hash text not null,
        primary key (binding_id, source_id), unique (binding_id, target_id))`,
    // Anchors per binding and dataclass as asked (`Calendar` is a key of its own).
    `create table sync_anchors (binding_id bigint not null references bindings(id) on delete cascade,
        anchor_key text not null, source_anchor text, target_anchor text,
        primary key (binding_id, anchor_key))`,
    // The run lock of a binding: a lease that runs out, so a crashed instance blocks nothing for long.
    `create table sync_locks (binding_id bigint primary key references bindings(id) on delete cascade,
        holder text not null, expires bigint not null)`,
  ],
};
