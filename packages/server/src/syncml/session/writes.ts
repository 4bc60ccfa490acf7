/** Makes the writes a turn of the session machine gives (SessionWrite), inside the endpoint's transaction. */
import type { SessionState, SessionWrite } from '@atomsync/syncml';
import type { Repositories } from '@atomsync/store';
import { DEVINF, IN_CHANGE } from './codecs.js';
import { accountIdOf } from './session.js';

export async function applyWrites(tx: Repositories, sessionId: string, state: SessionState, writes: readonly SessionWrite[]): Promise<void> {
  for (const write of writes) {
    switch (write.kind) {
      case 'buffer-changes':
        await tx.syncmlSessions.appendItems(sessionId, 'in', write.changes.map((change) => IN_CHANGE.encode(change)));
        break;
      case 'keep-devinf':
        await tx.syncmlDevices.save(accountIdOf(state), state.deviceId, { devinf: DEVINF.encode(write.devinf) });
        break;
      case 'claim-client':
        await tx.syncml.setImei(accountIdOf(state), write.clientUuid, state.deviceId);
        break;
      case 'map-ids':
        await tx.syncState.renameIds({ accountId: accountIdOf(state), id: write.bindingId }, write.side, write.renames);
        break;
      case 'record-datastore':
        await tx.syncml.addDatastore(accountIdOf(state), write.clientUuid, { name: write.name, dataclass: write.dataclass, serverUri: write.serverUri });
        break;
    }
  }
}
