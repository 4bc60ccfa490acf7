/**
 * What the session machine needs to know of the server's store for one message, loaded by the
 * server before readCommands: for the datastores its Alerts name, the phone's SyncML client, the
 * binding each syncs through and its anchors; whether the device's DevInf is kept.
 */
import type { Dataclass } from '@atomsync/atom';
import type { SyncmlMessage } from '../message.js';
import { alertRequest } from '../rules/alerts.js';
import { serverDatastore } from './datastores.js';
import type { BindingSide } from './state.js';

/** A server datastore an Alert of the message asks to sync. */
export interface AlertedDatastore {
  /** Canonical (`contacts`). */
  readonly serverUri: string;
  readonly dataclass: Dataclass;
}

/** The binding a datastore syncs through and the anchors kept for it, or why it cannot sync. */
export type DatastoreFact =
  | { readonly bindingId: number; readonly side: BindingSide; readonly anchors: { readonly kept: string | null; readonly peer: string | null } }
  | { readonly refused: string };

/** The phone's SyncML client, or why it has none. */
export type ClientFact =
  /** `claims`: the client waited for its first session (no imei) and takes the phone's DevID. */
  | { readonly uuid: string; readonly claims: boolean }
  | { readonly refused: string };

export interface TurnFacts {
  /** Known when the message alerts a datastore (alertedDatastores is not empty). */
  readonly client?: ClientFact;
  /** By canonical server URI, for each of alertedDatastores. */
  readonly datastores: ReadonlyMap<string, DatastoreFact>;
  /** The device's DevInf is kept (from an earlier session, or this one's); read only when the message alerts a datastore. */
  readonly devinfKept: boolean;
}

/** The server datastores the message's Alerts ask to sync (or resume): their facts are loaded. */
export function alertedDatastores(message: SyncmlMessage): AlertedDatastore[] {
  const found = new Map<string, AlertedDatastore>();
  for (const command of message.commands) {
    if (command.kind !== 'Alert') continue;
    const request = alertRequest(command.data);
    if (request?.kind !== 'sync' && request?.kind !== 'resume') continue;
    const target = serverDatastore(command.items[0]?.target?.locUri ?? '');
    if (target !== undefined) found.set(target.uri, { serverUri: target.uri, dataclass: target.dataclass });
  }
  return [...found.values()];
}
