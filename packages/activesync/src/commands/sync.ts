/**
 * The Sync command (MS-ASCMD §2.2.1.21): the request as a typed value, the response from one.
 * What the server does with them (SyncKeys, the engine, windows) is the server's business.
 */
import { ActiveSyncDecodeError } from '../errors.js';
import { child, childrenOf, childText, el, nameOf, requireText, type AsElement } from '../tree.js';
import { boolOf, expectRoot, intOf } from './values.js';

/** The largest WindowSize MS-ASCMD allows (§2.2.3.199); a larger one is read as this. */
export const MAX_WINDOW_SIZE = 512;
/** The WindowSize of a request that names none. */
export const DEFAULT_WINDOW_SIZE = 100;

export interface BodyPreference {
  /** 1 plain text, 2 HTML, 3 RTF, 4 MIME. */
  readonly type: number;
  readonly truncationSize?: number;
  readonly allOrNone?: boolean;
}

export interface SyncOptions {
  /** Calendar: how far back (MS-ASCMD §2.2.3.70.3: 0 all, 4 two weeks, 5 a month, 6 three months, 7 six months). */
  readonly filterType?: number;
  /** 12.0+: the body forms the client takes, in order of preference. */
  readonly bodyPreferences: readonly BodyPreference[];
  /** 2.5: Truncation of bodies (a code, §2.2.3.185). */
  readonly truncation?: number;
  /** Conflict: 0 the client's change wins, 1 the server's (the binding's conflict_winner decides here). */
  readonly conflict?: number;
}

export type ClientCommand =
  | { readonly kind: 'Add'; readonly clientId: string; readonly data: readonly AsElement[] }
  | { readonly kind: 'Change'; readonly serverId: string; readonly data: readonly AsElement[] }
  | { readonly kind: 'Delete'; readonly serverId: string }
  | { readonly kind: 'Fetch'; readonly serverId: string };

export interface SyncCollectionRequest {
  readonly syncKey: string;
  readonly collectionId: string;
  /** 2.5: the collection's class (Contacts, Calendar, Tasks). */
  readonly className?: string;
  /** With SyncKey 0: the elements the client supports (`Contacts:FileAs`, …); absent elements of these are deletions. */
  readonly supported?: readonly string[];
  /** Absent: true, unless the SyncKey is 0 (MS-ASCMD §2.2.3.84). */
  readonly getChanges: boolean;
  readonly windowSize?: number;
  readonly options: SyncOptions;
  readonly commands: readonly ClientCommand[];
}

export interface SyncRequest {
  readonly collections: readonly SyncCollectionRequest[];
  readonly windowSize?: number;
  readonly wait?: number;
  readonly heartbeatInterval?: number;
  /** Only some of the collections of the cached request are sent (12.1+). */
  readonly partial: boolean;
  /** Whether the request had a Collections element (a Partial Sync may have none, §2.2.3.131). */
  readonly hasCollections: boolean;
}

/** The longest SyncKey MS-ASCMD allows (§2.2.3.181.4). */
const MAX_SYNC_KEY = 64;

function syncKeyOf(e: AsElement): string {
  const key = requireText(e, 'AirSync:SyncKey').trim();
  if (key === '' || key.length > MAX_SYNC_KEY) throw new ActiveSyncDecodeError(`AirSync:SyncKey is empty or longer than ${MAX_SYNC_KEY} characters`);
  return key;
}

function readOptions(collection: AsElement, className: string | undefined): SyncOptions {
  // 12.1+ may send one Options per Class (e-mail and SMS); ours are one class per folder.
  const all = childrenOf(collection, 'AirSync:Options');
  const options = all.find((o) => className === undefined || childText(o, 'AirSync:Class') === undefined || childText(o, 'AirSync:Class') === className) ?? all[0];
  if (options === undefined) return { bodyPreferences: [] };
  const bodyPreferences = childrenOf(options, 'AirSyncBase:BodyPreference').map((p) => ({
    type: intOf(p, 'AirSyncBase:Type', 1, 4) ?? 1,
    truncationSize: intOf(p, 'AirSyncBase:TruncationSize', 0, 2 ** 32 - 1),
    allOrNone: boolOf(p, 'AirSyncBase:AllOrNone'),
  }));
  return {
    filterType: intOf(options, 'AirSync:FilterType', 0, 8),
    bodyPreferences,
    truncation: intOf(options, 'AirSync:Truncation', 0, 9),
    conflict: intOf(options, 'AirSync:Conflict', 0, 2),
  };
}

function readCommand(command: AsElement): ClientCommand | undefined {
  const data = (): readonly AsElement[] => childrenOf(child(command, 'AirSync:ApplicationData') ?? el('AirSync:ApplicationData'));
  switch (nameOf(command)) {
    case 'AirSync:Add':
      return { kind: 'Add', clientId: requireText(command, 'AirSync:ClientId'), data: data() };
    case 'AirSync:Change':
      return { kind: 'Change', serverId: requireText(command, 'AirSync:ServerId'), data: data() };
    case 'AirSync:Delete':
      return { kind: 'Delete', serverId: requireText(command, 'AirSync:ServerId') };
    case 'AirSync:Fetch':
      return { kind: 'Fetch', serverId: requireText(command, 'AirSync:ServerId') };
    default:
      // SoftDelete and anything newer are the server's to send, not the client's.
      throw new ActiveSyncDecodeError(`${nameOf(command)} is not a command a client sends`);
  }
}

function readCollection(collection: AsElement): SyncCollectionRequest {
  const syncKey = syncKeyOf(collection);
  const className = childText(collection, 'AirSync:Class');
  const supportedElement = child(collection, 'AirSync:Supported');
  const commands = childrenOf(child(collection, 'AirSync:Commands') ?? el('AirSync:Commands')).map(readCommand).filter((c) => c !== undefined);
  const windowSize = intOf(collection, 'AirSync:WindowSize', 0, 2 ** 31 - 1);
  return {
    syncKey,
    collectionId: requireText(collection, 'AirSync:CollectionId'),
    className,
    supported: supportedElement === undefined ? undefined : childrenOf(supportedElement).map(nameOf),
    getChanges: boolOf(collection, 'AirSync:GetChanges') ?? syncKey !== '0',
    windowSize: windowSize === undefined ? undefined : Math.min(windowSize, MAX_WINDOW_SIZE),
    options: readOptions(collection, className),
    commands,
  };
}

/** A Sync request body as a typed value; a body that is not a Sync request is ActiveSyncDecodeError. */
export function readSyncRequest(root: AsElement): SyncRequest {
  expectRoot(root, 'AirSync:Sync');
  const collectionsElement = child(root, 'AirSync:Collections');
  const collections = childrenOf(collectionsElement ?? el('AirSync:Collections'), 'AirSync:Collection').map(readCollection);
  const windowSize = intOf(root, 'AirSync:WindowSize', 0, 2 ** 31 - 1);
  return {
    collections,
    windowSize: windowSize === undefined ? undefined : Math.min(windowSize, MAX_WINDOW_SIZE),
    wait: intOf(root, 'AirSync:Wait'),
    heartbeatInterval: intOf(root, 'AirSync:HeartbeatInterval'),
    partial: boolOf(root, 'AirSync:Partial') ?? false,
    hasCollections: collectionsElement !== undefined,
  };
}

export type ServerCommand =
  | { readonly kind: 'Add' | 'Change'; readonly serverId: string; readonly data: readonly AsElement[] }
  /** SoftDelete: the item left the FilterType's window (§2.2.3.172); the phone drops it, the server keeps it. */
  | { readonly kind: 'Delete' | 'SoftDelete'; readonly serverId: string };

export type CommandResponse =
  | { readonly kind: 'Add'; readonly clientId: string; readonly serverId?: string; readonly status: number }
  | { readonly kind: 'Change' | 'Delete'; readonly serverId: string; readonly status: number }
  | { readonly kind: 'Fetch'; readonly serverId: string; readonly status: number; readonly data?: readonly AsElement[] };

export interface SyncCollectionResponse {
  /** 2.5: the class, echoed. */
  readonly className?: string;
  readonly syncKey: string;
  readonly collectionId: string;
  readonly status: number;
  readonly moreAvailable?: boolean;
  readonly commands?: readonly ServerCommand[];
  readonly responses?: readonly CommandResponse[];
}

/** One of the server's commands (Add, Change, Delete, SoftDelete) as its element. */
export function serverCommandElement(command: ServerCommand): AsElement {
  const id = el('AirSync:ServerId', command.serverId);
  if (!('data' in command)) return el(`AirSync:${command.kind}`, [id]);
  return el(`AirSync:${command.kind}`, [id, el('AirSync:ApplicationData', [...command.data])]);
}

function commandResponse(response: CommandResponse): AsElement {
  const status = el('AirSync:Status', String(response.status));
  switch (response.kind) {
    case 'Add':
      return el('AirSync:Add', [
        el('AirSync:ClientId', response.clientId),
        ...(response.serverId === undefined ? [] : [el('AirSync:ServerId', response.serverId)]),
        status,
      ]);
    case 'Fetch':
      return el('AirSync:Fetch', [
        el('AirSync:ServerId', response.serverId),
        status,
        ...(response.data === undefined ? [] : [el('AirSync:ApplicationData', [...response.data])]),
      ]);
    default:
      return el(`AirSync:${response.kind}`, [el('AirSync:ServerId', response.serverId), status]);
  }
}

/** One Collection of a Sync response, its children in the order MS-ASCMD §2.2.3.29.2 fixes. */
export function syncCollectionElement(c: SyncCollectionResponse): AsElement {
  const children: AsElement[] = [];
  if (c.className !== undefined) children.push(el('AirSync:Class', c.className));
  children.push(el('AirSync:SyncKey', c.syncKey), el('AirSync:CollectionId', c.collectionId), el('AirSync:Status', String(c.status)));
  if (c.moreAvailable === true) children.push(el('AirSync:MoreAvailable'));
  if (c.commands !== undefined && c.commands.length > 0) children.push(el('AirSync:Commands', c.commands.map(serverCommandElement)));
  if (c.responses !== undefined && c.responses.length > 0) children.push(el('AirSync:Responses', c.responses.map(commandResponse)));
  return el('AirSync:Collection', children);
}

/** A Sync response of these collections (already built elements, e.g. a cached one). */
export function syncResponse(collections: readonly AsElement[]): AsElement {
  return el('AirSync:Sync', [el('AirSync:Collections', [...collections])]);
}

/**
 * A Sync response that fails the whole request (Status under Sync, no Collections); with Status 14
 * the Limit the server takes for Wait (minutes) or HeartbeatInterval (seconds), §2.2.3.97.
 */
export function syncStatusResponse(status: number, limit?: number): AsElement {
  return el('AirSync:Sync', [el('AirSync:Status', String(status)), ...(limit === undefined ? [] : [el('AirSync:Limit', String(limit))])]);
}
