/**
 * Loop protection (what Z-Push's users suffer from): a phone that sends the same SyncKey again and
 * again after our reply is failing on something in it — most often one item it cannot take. The
 * first repeats get the same reply (a lost answer). From LOOP_REPEATS on, the reply is cut: half
 * of its changes, then half again, down to one; a single change the phone still fails on is taken
 * out of its queue and reported (the server records it: a failed entry in the binding's sync log
 * naming it, the item on the device record, and a warning), and the rest of the folder syncs on.
 * The phone never has to start the folder again. This module decides; the server writes.
 */
import { el, nameOf, type AsElement } from '../tree.js';
import type { AirSyncVersion } from '@atomsync/items';
import type { ItemFormat } from './formats.js';
import { serverCommandsOf } from './items.js';
import type { OutboxEntry } from './outbox.js';
import type { CollectionState, Fault } from './state.js';
import { serverCommandElement } from '../commands/sync.js';

/** From this many repeats of one key in a row, the reply is cut. */
export const LOOP_REPEATS = 3;

/** The reply with other Commands and MoreAvailable: the rest as it was, in MS-ASCMD's order (§2.2.3.29.2). */
export function withCommands(reply: AsElement, commands: readonly AsElement[], more: boolean): AsElement {
  const kept = (reply.children ?? []).filter((c) => !['AirSync:Commands', 'AirSync:MoreAvailable', 'AirSync:Responses'].includes(nameOf(c)));
  const responses = (reply.children ?? []).filter((c) => nameOf(c) === 'AirSync:Responses');
  return el('AirSync:Collection', [...kept, ...(more ? [el('AirSync:MoreAvailable')] : []), ...(commands.length > 0 ? [el('AirSync:Commands', [...commands])] : []), ...responses]);
}

export interface RepeatInput {
  /** Our last reply, which the phone's key asks for again. */
  readonly lastReply: AsElement;
  readonly state: CollectionState;
  /** The queue's first `state.sentCount` entries: what that reply carried. */
  readonly sent: readonly OutboxEntry[];
  /** The queue's size. */
  readonly queued: number;
  readonly format: ItemFormat;
  readonly version: AirSyncVersion;
  readonly deviceId: string;
  readonly collectionId: string;
}

export interface RepeatAnswer {
  readonly reply: AsElement;
  /** The state saved with the reply (the keys stay). */
  readonly state: CollectionState;
  /** The one change the phone keeps failing on: taken out of the queue (through its seq) and reported with `reason`, all in one transaction. */
  readonly isolate?: { readonly entry: OutboxEntry; readonly reason: string };
  readonly faults: readonly Fault[];
}

/** The answer to a repeat of the last reply's key: that reply, or a cut one once the phone keeps failing on it. */
export function answerRepeat(input: RepeatInput): RepeatAnswer {
  const { lastReply: reply, state, sent, queued, collectionId } = input;
  const replays = (state.replays ?? 0) + 1;
  if (replays < LOOP_REPEATS || sent.length === 0) return { reply, state: { ...state, replays }, faults: [] };
  if (sent.length > 1) {
    const keep = sent.slice(0, Math.ceil(sent.length / 2));
    const rendered = serverCommandsOf(input.format, state, input.version, keep);
    return {
      reply: withCommands(reply, rendered.commands.map(serverCommandElement), queued > keep.length),
      state: { ...state, replays: 0, sentThrough: keep.at(-1)!.seq, sentCount: keep.length },
      faults: [{ level: 'warn', message: 'ActiveSync: the phone keeps sending the same key; sending it fewer changes', detail: { collectionId, repeats: replays, sent: sent.length, now: keep.length } }, ...rendered.faults],
    };
  }
  // One change, and the phone still fails on it: it is taken out, and said so.
  const broken = sent[0]!;
  return {
    reply: withCommands(reply, [], queued > 1),
    state: { ...state, replays: 0, sentThrough: undefined, sentCount: 0 },
    isolate: {
      entry: broken,
      reason: `the phone (DeviceId ${input.deviceId}) kept failing on the ${broken.op} of item ${broken.serverId} in folder ${collectionId}: it was left out so the rest of the folder syncs`,
    },
    faults: [{ level: 'warn', message: 'ActiveSync: an item the phone keeps failing on is left out', detail: { collectionId, serverId: broken.serverId, op: broken.op } }],
  };
}
