/**
 * What the session machine is told of the store for one message (TurnFacts): for the datastores
 * the message alerts, the phone's SyncML client (by DevID, else the one client with an empty imei
 * adopts it), the binding it syncs through and the anchors kept for it; whether the device's
 * DevInf is kept.
 */
import { alertedDatastores, type ClientFact, type DatastoreFact, type SessionState, type SyncmlMessage, type TurnFacts } from '@atomsync/syncml';
import type { Store } from '@atomsync/store';
import { accountIdOf } from './session.js';

export async function loadFacts(store: Store, state: SessionState, message: SyncmlMessage): Promise<TurnFacts> {
  const accountId = accountIdOf(state);
  const alerted = alertedDatastores(message);
  if (alerted.length === 0) return { datastores: new Map(), devinfKept: false };
  // Asked only once a session (askDevInf): a session that knows already needs no read.
  const devinfKept = state.devinfKnown === true || Boolean((await store.syncmlDevices.get(accountId, state.deviceId))?.devinf);
  const client = await identifyClient(store, accountId, state.deviceId);
  const datastores = new Map<string, DatastoreFact>();
  if ('refused' in client) return { client, datastores, devinfKept };
  const bindings = await store.bindings.byClient(accountId, client.uuid);
  const binding = [...bindings].sort((a, b) => a.id - b.id)[0];
  for (const { serverUri, dataclass } of alerted) {
    if (binding === undefined) {
      datastores.set(serverUri, { refused: `the SyncML client ${client.uuid} is in no sync binding: its data has nowhere to go` });
      continue;
    }
    const side = binding.source.kind === 'syncml' && binding.source.uuid === client.uuid ? 'source' : 'target';
    const { anchors } = await store.syncState.load(binding, [], dataclass);
    datastores.set(serverUri, { bindingId: binding.id, side, anchors: { kept: anchors[side], peer: anchors[side === 'source' ? 'target' : 'source'] } });
  }
  return { client, datastores, devinfKept };
}

async function identifyClient(store: Store, accountId: number, deviceId: string): Promise<ClientFact> {
  const clients = await store.syncml.list(accountId);
  const client = clients.find((c) => c.imei === deviceId);
  if (client !== undefined) return { uuid: client.uuid, claims: false };
  const unclaimed = clients.filter((c) => c.imei === '');
  if (unclaimed.length === 1) return { uuid: unclaimed[0]!.uuid, claims: true };
  return {
    refused:
      unclaimed.length === 0
        ? `no SyncML client of this account has imei ${JSON.stringify(deviceId)}, and none is waiting for its first session (empty imei)`
        : `no SyncML client of this account has imei ${JSON.stringify(deviceId)}, and ${unclaimed.length} have an empty imei: set the imei of the right one`,
  };
}
