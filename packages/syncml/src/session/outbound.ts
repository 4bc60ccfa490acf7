/**
 * Package 4, our Sync per datastore: the queued 'out' changes in as many messages as the phone's
 * MaxMsgSize takes (it asks for the next with Alert 222), a large object no message could hold
 * whole cut into MoreData chunks when the phone takes them. Package 5 answers it: the phone's
 * Statuses (a refusal is counted on its datastore) and its Map (the LUIDs of what we added).
 */
import { encodeMessage } from '../encode.js';
import type { Item, MapCommand, Status, SyncItemCommand } from '../message.js';
import { charsWithin, chunkEnd } from '../rules/large-objects.js';
import { ITEM_OVERHEAD, itemCost, utf8Length } from '../rules/size.js';
import { refusesChange, StatusCode } from '../rules/status.js';
import { serverDatastore } from './datastores.js';
import type { OutChange } from './state.js';
import type { Turn } from './turn.js';

/** When the phone gives no MaxMsgSize: what a reply may hold. */
const DEFAULT_MAX_MSG_SIZE = 512 * 1024;
/** The smallest chunk of a large object worth a message of its own. */
const MIN_CHUNK = 256;
/** Out changes a reply is built from, at most (the server loads this page, outRange). */
export const OUT_PAGE = 2000;

/** A queued change as the server keeps it: its place in the session's 'out' changes, and it. */
export interface OutRow {
  readonly seq: number;
  readonly change: OutChange;
}

/** One out change as it goes in this message: whole, or a chunk of a large object. */
interface OutPart {
  readonly change: OutChange;
  readonly data: string;
  readonly moreData?: boolean;
  /** The whole object's size in bytes, on its first chunk. */
  readonly size?: number;
}

/**
 * The 'out' changes this reply may send, for the server to load (then finishTurn): from the
 * first not yet sent, at most OUT_PAGE; undefined when no datastore is sending.
 */
export function outRange(turn: Turn): { readonly from: number; readonly limit: number } | undefined {
  const { state } = turn;
  const sending = state.datastores.filter((d) => d.phase === 'sending' && Math.max(d.outFrom, state.outSent) < d.outTo);
  if (sending.length === 0) return undefined;
  return { from: Math.min(...sending.map((d) => Math.max(d.outFrom, state.outSent))), limit: OUT_PAGE };
}

/**
 * Our Sync per sending datastore, with as many queued changes as fit the phone's MaxMsgSize; Final
 * once everything went out. A datastore's Sync goes out even when empty.
 */
export function sendChanges(turn: Turn, rows: readonly OutRow[]): void {
  const { state, reply } = turn;
  const largeObjects = state.largeObjects === true;
  const limit = state.maxMsgSize > 0 ? state.maxMsgSize : DEFAULT_MAX_MSG_SIZE;
  // Room for the header, the statuses so far and the closing tags, measured, plus a margin.
  const base = encodeMessage(reply.message(), state.encoding).byteLength + 400;
  const roomOfMessage = Math.floor(limit * 0.9) - base;
  let budget = roomOfMessage;
  const msgId = reply.header.msgId;
  state.sent = {};
  let sentAny = false;
  let complete = true;
  for (const datastore of state.datastores) {
    if (datastore.phase !== 'sending') continue;
    const from = Math.max(datastore.outFrom, state.outSent);
    const page = rows.filter((row) => row.seq >= from && row.seq < datastore.outTo && row.seq < from + OUT_PAGE);
    const changes: OutPart[] = [];
    let full = false;
    for (const { seq, change } of page) {
      const data = change.data ?? '';
      // A large object goes out in chunks (MoreData) when the phone takes them: resume where the last message left it.
      const offset = state.outChunk?.seq === seq ? state.outChunk.sentChars : 0;
      const rest = offset === 0 ? data : data.slice(offset);
      const cost = itemCost(rest, state.encoding);
      if (cost <= budget) {
        budget -= cost;
        changes.push({ change, data: rest });
        delete state.outChunk;
        sentAny = true;
        state.outSent = seq + 1;
        continue;
      }
      // Only an object no message could hold whole is cut; one that merely does not fit what is
      // left of this message waits for the next.
      if (largeObjects && cost > roomOfMessage) {
        // Every message moves the session on: a first item gets at least a minimal chunk.
        const room = sentAny ? budget - ITEM_OVERHEAD : Math.max(budget - ITEM_OVERHEAD, MIN_CHUNK);
        if (room >= MIN_CHUNK) {
          const end = offset + chunkEnd(rest, charsWithin(rest, room, state.encoding));
          changes.push({ change, data: data.slice(offset, end), moreData: true, ...(offset === 0 ? { size: utf8Length(data) } : {}) });
          state.outChunk = { seq, sentChars: end };
          sentAny = true;
        }
      } else if (!sentAny && !largeObjects) {
        // Too big for any message to a phone without large objects: left out, counted, said why.
        datastore.refused += 1;
        state.reason = `an item of ${cost} bytes does not fit the phone's MaxMsgSize (${limit}) and the phone takes no large objects`;
        turn.events.push({ level: 'warn', message: 'SyncML item too large for the phone, left out', fields: { deviceId: state.deviceId, bytes: cost, maxMsgSize: limit } });
        state.outSent = seq + 1;
        continue;
      }
      full = true;
      break;
    }
    if (changes.length > 0 || !datastore.syncOpened) {
      const cmdId = reply.nextCmdId();
      const commands = changes.map((part) => outCommand(part, reply.nextCmdId()));
      for (const command of commands) state.sent[`${msgId}:${command.cmdId}`] = datastore.serverUri;
      reply.add({
        kind: 'Sync',
        cmdId,
        target: { locUri: datastore.phoneUri },
        source: { locUri: datastore.serverLocUri },
        ...(!datastore.syncOpened && state.version === '1.2' ? { numberOfChanges: datastore.outTo - datastore.outFrom } : {}),
        commands,
      });
      datastore.syncOpened = true;
    }
    if (full || state.outSent < datastore.outTo) {
      complete = false;
      break;
    }
    datastore.phase = 'mapping';
  }
  reply.final = complete;
}

function outCommand(part: OutPart, cmdId: string): SyncItemCommand {
  const { change } = part;
  if (change.op === 'delete') return { kind: 'Delete', cmdId, items: [{ target: { locUri: change.id } }] };
  const where = change.op === 'add' ? { source: { locUri: change.id } } : { target: { locUri: change.id } };
  const item: Item = { ...where, data: part.data, ...(part.moreData ? { moreData: true } : {}) };
  // The first chunk of a large object carries the whole size; every chunk names the type.
  const meta = { type: change.type ?? 'text/plain', ...(part.size !== undefined ? { size: part.size } : {}) };
  return { kind: change.op === 'add' ? 'Add' : 'Replace', cmdId, meta, items: [item] };
}

/** A refusal of something we sent is counted on its datastore. */
export function onStatus(turn: Turn, status: Status): void {
  if (status.cmd !== 'Add' && status.cmd !== 'Replace' && status.cmd !== 'Delete') return;
  if (!refusesChange(status.data)) return;
  const { state } = turn;
  const uri = state.sent[`${status.msgRef}:${status.cmdRef}`];
  const datastore = state.datastores.find((d) => d.serverUri === uri);
  if (datastore) datastore.refused += 1;
}

/** The phone's LUIDs for what we added: our provisional ids in the id map become them (a write). */
export function onMap(turn: Turn, map: MapCommand): void {
  const { state, reply } = turn;
  const datastore = state.datastores.find((d) => d.serverLocUri === map.target.locUri || d.serverUri === serverDatastore(map.target.locUri)?.uri);
  const refs = { targetRefs: [map.target.locUri], sourceRefs: [map.source.locUri] };
  // A datastore is alerted only once the session signed in, so its account is known with it.
  if (datastore === undefined || state.accountId === undefined) {
    if (!map.noResp) reply.status({ cmdRef: map.cmdId, cmd: 'Map', data: StatusCode.NOT_FOUND, ...refs });
    return;
  }
  const renames = map.mapItems.map((m) => ({ from: m.target, to: m.source }));
  turn.writes.push({ kind: 'map-ids', bindingId: datastore.bindingId, side: datastore.side, renames });
  if (!map.noResp) reply.status({ cmdRef: map.cmdId, cmd: 'Map', data: StatusCode.OK, ...refs });
}
