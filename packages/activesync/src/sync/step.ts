/**
 * The Sync collection step (MS-ASCMD §2.2.1.21) as pure functions: given the collection's stored
 * row, the phone's request and what the server read for it, each says the reply, the next state
 * and the writes to make. The server loads, calls, runs the engine when told and writes what it is
 * given in one transaction; it decides no status and no SyncKey.
 *
 * openCollection: the key checked (0 starts the collection again; a resent key gets the reply it
 * had — loop.ts; a key of no life of the collection gets Status 3; a folder the phone was not
 * given Status 12), the options taken, the phone's commands read into changes (each item on its
 * own: one that cannot be read is answered Status 6, an unknown ServerId Status 8, the rest go
 * on), and whether the engine runs. closeCollection: the window of the queue sent, MoreAvailable
 * while more wait, the new key only when something moved. failedRun: the engine run did not commit.
 */
import type { SyncMode } from '@atomsync/atom';
import { titleOf, type AirSyncVersion, type ItemContent, type ItemDataclass } from '@atomsync/items';
import { DEFAULT_WINDOW_SIZE, syncCollectionElement, type ClientCommand, type CommandResponse, type SyncCollectionRequest } from '../commands/sync.js';
import { elementFromJson, elementToJson } from '../json.js';
import { sameFilter, type ItemFilter } from '../rules/filter.js';
import type { FolderDefinition } from '../rules/folders.js';
import { SYNC_STATUS } from '../rules/status.js';
import type { AsElement } from '../tree.js';
import { formatOf, type ItemFormat } from './formats.js';
import { readItem, renderItem, serverCommandsOf } from './items.js';
import type { OutboxEntry } from './outbox.js';
import { collectionStateOr, pendingOf, syncKeyOf, writeCollectionState, type CollectionState, type Fault, type IdSource } from './state.js';
import { filterOf, needsScan, type HeldItem } from './window.js';

/** A collection's row as the server's store keeps it. */
export interface StoredCollection {
  /** The SyncKey handed out last. */
  readonly syncKey: string;
  /** The SyncKey of the request `lastReply` answered. */
  readonly previousKey: string | null;
  /** That reply (elementToJson, as text), or null. */
  readonly lastReply: string | null;
  /** The CollectionState, as text. */
  readonly state: string;
}

/** One collection's answer. */
export interface CollectionReply {
  readonly element: AsElement;
  /** Status OK, the key as the phone sent it, nothing for it: a hanging Sync waits on (§3.1.5.4). */
  readonly quiet: boolean;
}

/** A change the phone sent, for the engine (its Change). */
export type PhoneChange =
  | { readonly op: 'upsert'; readonly item: ItemContent & { readonly id: string } }
  | { readonly op: 'delete'; readonly id: string; readonly dataclass: ItemDataclass };

export interface StepInput {
  readonly request: SyncCollectionRequest;
  readonly version: AirSyncVersion;
  /** The phone's folder of this CollectionId, when the phone is bound and was given it. */
  readonly folder: FolderDefinition | undefined;
  /** The collection's stored row, if any. */
  readonly row: StoredCollection | undefined;
  /** What the phone holds of heldIdsOf(request). */
  readonly held: ReadonlyMap<string, HeldItem>;
  /** The size of the collection's queue. */
  readonly queued: number;
  /** The Sync's own WindowSize. */
  readonly windowSize: number | undefined;
  /** The phone's side of its binding (which way a first run copies). */
  readonly side: 'source' | 'target';
  readonly now: Date;
  readonly ids: IdSource;
}

/** What the phone's commands do. */
export interface Incoming {
  /** The phone's changes, for the engine. */
  readonly sent: PhoneChange[];
  readonly responses: CommandResponse[];
  /** Items the phone now holds as written here. */
  readonly remember: HeldItem[];
  /** Items the phone no longer holds. */
  readonly forget: string[];
}

/** A collection the step runs: what the server does, in this order, in one transaction. */
export interface RunPlan {
  readonly collectionId: string;
  readonly format: ItemFormat;
  readonly version: AirSyncVersion;
  readonly className?: string;
  /** The key the row must still hold when the transaction writes (another request may have moved it meanwhile). */
  readonly expectKey: string;
  readonly sentKey: string;
  readonly state: CollectionState;
  readonly next: CollectionState;
  readonly incoming: Incoming;
  /** The queue up to this seq leaves it: the phone sent the key of the reply that carried it. */
  readonly dropThrough?: number;
  /** Look at what the phone holds against `filter` (window.ts windowMoves); with `widen`, the peer's items the phone lacks too. */
  readonly scan: boolean;
  readonly widen: boolean;
  readonly filter: ItemFilter;
  /** Peek this many of the queue (the window and one more) for the reply; undefined: the phone asked for no changes. */
  readonly peek?: number;
  /** The engine run, when there is one: its mode and the phone's anchor after it. */
  readonly engine?: { readonly mode: SyncMode; readonly anchor: string };
}

/** What the server saves as the collection's row. */
export interface SavedCollection {
  readonly syncKey: string;
  readonly previousKey: string | null;
  readonly lastReply: string | null;
  readonly state: string;
}

export type Opened =
  /** Answered now, nothing written. */
  | { readonly kind: 'answer'; readonly reply: CollectionReply; readonly faults: readonly Fault[] }
  /** SyncKey 0: the collection's queue and held items are forgotten and `save` written, in one transaction. */
  | { readonly kind: 'start'; readonly reply: CollectionReply; readonly save: SavedCollection }
  /** The key of our last reply again: loop.ts answerRepeat, with the queue's first `state.sentCount` entries. */
  | { readonly kind: 'repeat'; readonly lastReply: AsElement; readonly state: CollectionState; readonly format: ItemFormat }
  | { readonly kind: 'run'; readonly plan: RunPlan; readonly faults: readonly Fault[] };

/** The ServerIds of the phone's commands, whose held items the step reads (Change, Delete, Fetch). */
export function heldIdsOf(request: SyncCollectionRequest): string[] {
  return request.commands.flatMap((c) => (c.kind === 'Add' ? [] : [c.serverId]));
}

/** 2.5 echoes the collection's class (§2.2.3.27.4). */
const classOf = (version: AirSyncVersion, folder: FolderDefinition | undefined): { className?: string } => (version === '2.5' && folder !== undefined ? { className: folder.className } : {});

/** A reply of only a status (the key as the phone sent it). */
function statusOnly(input: Pick<StepInput, 'request' | 'version'>, status: number, folder?: FolderDefinition): CollectionReply {
  const c = input.request;
  return { element: syncCollectionElement({ ...classOf(input.version, folder), syncKey: c.syncKey, collectionId: c.collectionId, status }), quiet: false };
}

function bodyPreferenceOf(c: SyncCollectionRequest): CollectionState['bodyPreference'] {
  // Plain text when the phone takes it: our items have no other body of their own.
  const preference = c.options.bodyPreferences.find((p) => p.type === 1) ?? c.options.bodyPreferences[0];
  if (preference === undefined) return undefined;
  return { type: preference.type as 1 | 2 | 3 | 4, ...(preference.truncationSize === undefined ? {} : { truncationSize: preference.truncationSize }) };
}

/**
 * The engine mode of a run: a phone that starts from SyncKey 0 holds nothing, so the peer is
 * copied over it (a refresh from the peer's side) — unless it already sent items, when it is a
 * slow sync (a union: nothing of the phone's is deleted); otherwise two-way.
 */
export function runMode(side: 'source' | 'target', initial: boolean, sentSomething: boolean): SyncMode {
  if (!initial) return 200;
  if (sentSomething) return 201;
  return side === 'target' ? 203 : 205;
}

export function openCollection(input: StepInput): Opened {
  const { request: c, folder, row, version, now } = input;
  const format = folder === undefined ? undefined : formatOf(folder.className);
  // A folder the phone was not given (or no longer has): it runs FolderSync first (§2.2.3.177.17, 12).
  if (folder === undefined || format === undefined) {
    return { kind: 'answer', reply: statusOnly(input, SYNC_STATUS.FOLDER_HIERARCHY_CHANGED), faults: [{ level: 'info', message: 'ActiveSync Sync of a folder the phone does not have', detail: { collectionId: c.collectionId } }] };
  }
  if (c.syncKey === '0') return startCollection(input, folder);

  const repeat = row !== undefined && row.previousKey === c.syncKey && row.lastReply !== null;
  if (row === undefined || (!repeat && row.syncKey !== c.syncKey)) return { kind: 'answer', reply: statusOnly(input, SYNC_STATUS.INVALID_SYNC_KEY, folder), faults: [] };
  let state = collectionStateOr(row.state);
  if (state === undefined) {
    const fault: Fault = { level: 'warn', message: 'ActiveSync collection state unreadable: the phone starts the collection again', detail: { collectionId: c.collectionId } };
    return { kind: 'answer', reply: statusOnly(input, SYNC_STATUS.INVALID_SYNC_KEY, folder), faults: [fault] };
  }
  // Our reply was lost (the same again, nothing applied twice), or the phone keeps failing on it (loop.ts).
  if (repeat) return { kind: 'repeat', lastReply: elementFromJson(JSON.parse(row.lastReply!)), state, format };
  // Options may come with any request; a phone that sends none keeps those it set.
  const bodyPreference = bodyPreferenceOf(c) ?? state.bodyPreference;
  const filterChanged = c.options.filterType !== undefined && !sameFilter(state.className, c.options.filterType, state.filterType);
  state = { ...state, ...(bodyPreference === undefined ? {} : { bodyPreference }), ...(c.options.filterType === undefined ? {} : { filterType: c.options.filterType }) };
  const filter = filterOf(state, now);
  // A changed FilterType moves only the items across its edge (no resync); time moves a calendar's window too.
  const scan = needsScan(filter, state, filterChanged, now);
  const { incoming, faults } = readCommands(input, format, state);
  const window = Math.max(1, c.windowSize ?? input.windowSize ?? DEFAULT_WINDOW_SIZE);
  const queued = pendingOf(state, input.queued);
  const next: CollectionState = {
    ...state,
    initial: false,
    counter: state.counter + 1,
    replays: 0,
    sentThrough: undefined,
    sentCount: 0,
    ...(scan || state.initial ? { agedAt: now.getTime() } : {}),
  };
  const runEngine = incoming.sent.length > 0 || state.initial || (c.getChanges && queued === 0);
  const plan: RunPlan = {
    collectionId: c.collectionId,
    format,
    version,
    ...classOf(version, folder),
    expectKey: row.syncKey,
    sentKey: c.syncKey,
    state,
    next,
    incoming,
    ...(state.sentThrough === undefined ? {} : { dropThrough: state.sentThrough }),
    scan,
    widen: filterChanged && !state.initial,
    filter,
    ...(c.getChanges ? { peek: window + 1 } : {}),
    ...(runEngine ? { engine: { mode: runMode(input.side, state.initial, incoming.sent.some((s) => s.op === 'upsert')), anchor: syncKeyOf(next) } } : {}),
  };
  return { kind: 'run', plan, faults };
}

/** SyncKey 0: the collection starts again — its queue and what the phone held are forgotten, the next run refreshes it. */
function startCollection(input: StepInput, folder: FolderDefinition): Opened {
  const c = input.request;
  const bodyPreference = bodyPreferenceOf(c);
  const state: CollectionState = {
    className: folder.className,
    ...(c.supported === undefined ? {} : { supported: c.supported }),
    ...(bodyPreference === undefined ? {} : { bodyPreference }),
    ...(c.options.filterType === undefined ? {} : { filterType: c.options.filterType }),
    initial: true,
    generation: input.ids.generation(),
    counter: 1,
  };
  const element = syncCollectionElement({ ...classOf(input.version, folder), syncKey: syncKeyOf(state), collectionId: c.collectionId, status: SYNC_STATUS.OK });
  return {
    kind: 'start',
    reply: { element, quiet: false },
    save: { syncKey: syncKeyOf(state), previousKey: '0', lastReply: JSON.stringify(elementToJson(element)), state: writeCollectionState(state) },
  };
}

function readCommands(input: StepInput, format: ItemFormat, state: CollectionState): { incoming: Incoming; faults: Fault[] } {
  const incoming: Incoming = { sent: [], responses: [], remember: [], forget: [] };
  const faults: Fault[] = [];
  const { held, version } = input;
  const dataclass = format.itemDataclasses[0]!;
  const refused = (command: ClientCommand, message: string, error: unknown) => {
    const id = command.kind === 'Add' ? { clientId: command.clientId } : { serverId: command.serverId };
    faults.push({ level: 'warn', message, detail: { ...id, fault: String(error) } });
  };
  for (const command of input.request.commands) {
    if (command.kind === 'Add') {
      try {
        const body = readItem(format, command.data, state, version);
        const serverId = input.ids.serverId();
        incoming.sent.push({ op: 'upsert', item: { id: serverId, dataclass, type: format.type, title: titleOf(dataclass, body), body } });
        incoming.remember.push({ serverId, dataclass, body });
        incoming.responses.push({ kind: 'Add', clientId: command.clientId, serverId, status: SYNC_STATUS.OK });
      } catch (error) {
        refused(command, 'ActiveSync Add refused: its data does not convert', error);
        incoming.responses.push({ kind: 'Add', clientId: command.clientId, status: SYNC_STATUS.CONVERSION_ERROR });
      }
      continue;
    }
    const previous = held.get(command.serverId);
    if (previous === undefined) {
      incoming.responses.push({ kind: command.kind, serverId: command.serverId, status: SYNC_STATUS.OBJECT_NOT_FOUND });
      continue;
    }
    switch (command.kind) {
      case 'Change':
        try {
          const body = readItem(format, command.data, state, version, previous.body);
          incoming.sent.push({ op: 'upsert', item: { id: command.serverId, dataclass: previous.dataclass, type: format.type, title: titleOf(previous.dataclass, body), body } });
          incoming.remember.push({ serverId: command.serverId, dataclass: previous.dataclass, body });
        } catch (error) {
          refused(command, 'ActiveSync Change refused: its data does not convert', error);
          incoming.responses.push({ kind: 'Change', serverId: command.serverId, status: SYNC_STATUS.CONVERSION_ERROR });
        }
        break;
      case 'Delete':
        incoming.sent.push({ op: 'delete', id: command.serverId, dataclass: previous.dataclass });
        incoming.forget.push(command.serverId);
        break;
      case 'Fetch':
        try {
          incoming.responses.push({ kind: 'Fetch', serverId: command.serverId, status: SYNC_STATUS.OK, data: renderItem(format, previous.body, state, version) });
        } catch (error) {
          refused(command, 'ActiveSync Fetch: the item does not convert', error);
          incoming.responses.push({ kind: 'Fetch', serverId: command.serverId, status: SYNC_STATUS.CONVERSION_ERROR });
        }
        break;
    }
  }
  return { incoming, faults };
}

/**
 * The reply once the plan's writes (and the engine's queue) are made: `peeked`, the queue's first
 * `plan.peek` entries, of which a window is sent and the rest says MoreAvailable. Nothing moved
 * (nothing sent, nothing answered, not a first run): the key stays, and there is no reply to send
 * again.
 */
export function closeCollection(plan: RunPlan, peeked: readonly OutboxEntry[]): { reply: CollectionReply; save: SavedCollection; faults: readonly Fault[] } {
  const { next, state, incoming } = plan;
  const window = plan.peek === undefined ? 0 : plan.peek - 1;
  const sending = plan.peek === undefined ? [] : peeked.slice(0, window);
  const moreAvailable = plan.peek !== undefined && peeked.length > window;
  const rendered = serverCommandsOf(plan.format, next, plan.version, sending);
  const moved = sending.length > 0 || incoming.responses.length > 0 || incoming.sent.length > 0 || state.initial;
  const element = syncCollectionElement({
    ...(plan.className === undefined ? {} : { className: plan.className }),
    syncKey: moved ? syncKeyOf(next) : plan.expectKey,
    collectionId: plan.collectionId,
    status: SYNC_STATUS.OK,
    moreAvailable,
    commands: rendered.commands,
    responses: incoming.responses,
  });
  const kept: CollectionState = moved ? { ...next, ...(sending.length > 0 ? { sentThrough: sending.at(-1)!.seq, sentCount: sending.length } : {}) } : { ...next, counter: state.counter };
  return {
    // Not moved: no commands, no responses, the key as sent (MoreAvailable comes only with a window sent).
    reply: { element, quiet: !moved },
    save: {
      syncKey: syncKeyOf(kept),
      previousKey: moved ? plan.sentKey : null,
      lastReply: moved ? JSON.stringify(elementToJson(element)) : null,
      state: writeCollectionState(kept),
    },
    faults: rendered.faults,
  };
}

/**
 * The engine run did not commit: the same request answered meanwhile gets that answer (`now`, the
 * row as it is); else nothing was written, and the phone keeps its changes and sends them again
 * with the same key (Status 5).
 */
export function failedRun(plan: RunPlan, now: StoredCollection | undefined, reason: string | undefined): { reply: CollectionReply; faults: readonly Fault[] } {
  if (now !== undefined && now.previousKey === plan.sentKey && now.lastReply !== null) return { reply: { element: elementFromJson(JSON.parse(now.lastReply)), quiet: false }, faults: [] };
  const element = syncCollectionElement({ ...(plan.className === undefined ? {} : { className: plan.className }), syncKey: plan.sentKey, collectionId: plan.collectionId, status: SYNC_STATUS.SERVER_ERROR });
  return { reply: { element, quiet: false }, faults: [{ level: 'warn', message: 'ActiveSync Sync: the binding run failed', detail: { collectionId: plan.collectionId, reason } }] };
}
