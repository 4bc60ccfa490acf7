/**
 * The phone side of a device session, as a device endpoint drives it. The SyncML endpoint gathers what
 * the phone sent in its Sync package (its changes in a two-way sync; every item in a slow sync or
 * a refresh from the client), runs the engine with this connector as the phone's side, and takes
 * back in `outgoing` the changes the engine computed for the phone: they go out in the server's
 * Sync package, and the phone's statuses and Map come back in later messages.
 *
 * The phone names items itself (LUIDs). An item the server adds has no LUID until the phone's Map
 * arrives, so an add answers with a provisional id (`pending:<n>`) that the endpoint replaces in
 * the id map when the phone maps it; `outgoing[i].provisionalId` says which. An ActiveSync phone
 * takes the ids the server gives (ServerIds): with `newId`, an add gets its final id at once.
 */
import type { ClientKind } from '@atomsync/atom';
import type { ItemDataclass } from '@atomsync/items';
import type { ApplyResult, Change, Connector, Item, Listing, OutgoingChange } from '../connector.js';

const PROVISIONAL = 'pending:';

/** An id the phone has not mapped yet. */
export const isProvisionalId = (id: string): boolean => id.startsWith(PROVISIONAL);

export interface PhoneOutgoing {
  readonly change: OutgoingChange;
  /** For an add: the id the engine recorded until the phone's Map names the LUID. */
  readonly provisionalId?: string;
  /** For an add with `newId`: the id the phone is given. */
  readonly assignedId?: string;
}

export interface PhoneExchange {
  /** What the phone sent: Add/Replace as upserts (with its LUIDs), Delete as deletes. */
  readonly sent: readonly Change[];
  /** The phone's Next anchor: recorded for the phone's side when the run completes. */
  readonly anchor: string;
  /**
   * Makes provisional ids unique across sessions (`pending:<session>:<n>`): a session that ends
   * before the phone's Map leaves its ids in the map, and the next session must not reuse them.
   */
  readonly session?: string;
  /** The client kind the phone stands for (`syncml` unless told). */
  readonly kind?: ClientKind;
  /** Names an item the server adds, when the server names the phone's items (ActiveSync ServerIds). */
  readonly newId?: () => string;
}

export class PhoneConnector implements Connector {
  readonly kind: ClientKind;
  /** Nothing is written by `apply`; what the phone must do is only collected. */
  readonly local = false;
  readonly outgoing: PhoneOutgoing[] = [];
  private pending = 0;

  constructor(private readonly exchange: PhoneExchange) {
    this.kind = exchange.kind ?? 'syncml';
  }

  async changesSince(dataclasses: readonly ItemDataclass[]): Promise<Listing<Change>> {
    const entries = this.exchange.sent.filter((change) => change.op === 'delete' || dataclasses.includes(change.item.dataclass));
    return { entries, anchor: this.exchange.anchor };
  }

  /** In a slow sync the phone sends every item it has. */
  async all(dataclasses: readonly ItemDataclass[]): Promise<Listing<Item>> {
    const entries: Item[] = [];
    for (const change of this.exchange.sent) if (change.op === 'upsert' && dataclasses.includes(change.item.dataclass)) entries.push(change.item);
    return { entries, anchor: this.exchange.anchor };
  }

  async apply(changes: readonly OutgoingChange[]): Promise<ApplyResult[]> {
    return changes.map((change) => {
      if (change.op !== 'add') {
        this.outgoing.push({ change });
        return { ok: true, id: change.id };
      }
      if (this.exchange.newId !== undefined) {
        const id = this.exchange.newId();
        this.outgoing.push({ change, assignedId: id });
        return { ok: true, id };
      }
      const tag = this.exchange.session === undefined ? '' : `${this.exchange.session}:`;
      const provisionalId = `${PROVISIONAL}${tag}${++this.pending}`;
      this.outgoing.push({ change, provisionalId });
      return { ok: true, id: provisionalId };
    });
  }
}
