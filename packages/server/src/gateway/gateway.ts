/**
 * The SMS / WAP-push gateway seam (guide/protocol.md#setup-and-server-alerts): the
 * OMA Client Provisioning document and the SyncML Server Alerted Notification are generated for
 * real (provisioning/) and handed to a Gateway. The default gateway delivers nothing: it records
 * each message in the client's outbox, which the API lists, so operators and tests see exactly
 * what would have been sent. A real gateway (an SMSC, a WAP push proxy) implements `send`.
 */
import type { OutboxKind } from '@atomsync/atom';
import type { Repositories } from '@atomsync/store';

export interface PushMessage {
  readonly kind: OutboxKind;
  readonly accountId: number;
  readonly clientUuid: string;
  /** Where it goes: the phone's number, international format. */
  readonly phoneNumber: string;
  readonly mediaType: string;
  readonly payload: Uint8Array;
}

export interface Gateway {
  /**
   * Hands one message over. `tx` is the transaction of the request that produced it, so a
   * recording gateway writes in step with it.
   */
  send(message: PushMessage, tx: Repositories): Promise<void>;
}

/** The default: record in the outbox (`GET /v2/services/syncml/<client_uuid>/outbox/`). */
export const outboxGateway: Gateway = {
  async send(message, tx) {
    await tx.outbox.append(message);
  },
};
