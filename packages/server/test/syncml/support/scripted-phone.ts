/**
 * A scripted SyncML phone: a test double that speaks exact SyncML DS to POST /syncml, so a test
 * decides every byte a phone would send (the real-client tests in test/interop/ use SyncEvolution).
 *
 * It keeps what a phone keeps between messages: the SessionID and MsgID, the RespURI of the last
 * reply (where the next message goes), the last NextNonce of the server's Chal (also across
 * sessions, as phones do), and whether the session is authenticated (credentials go in every
 * message until the server accepts them). Messages are built from the typed model and encoded by
 * '@atomsync/syncml' in XML or WBXML.
 *
 * Two levels: `send` posts one message the test builds (MessageBuilder: CmdIDs in order, DevInf,
 * Alerts with anchors, Sync with Add/Replace/Delete, Map, the Statuses a phone owes the server);
 * `sync` runs a whole session over phone datastores that hold items by LUID, as a phone would:
 * package 1 (DevInf + Alerts), 3 (its changes, or everything in a slow sync, optionally spread
 * over several messages), 5 (Statuses and Map), asking for the rest of package 4 with Alert 222.
 */
import { createHash } from 'node:crypto';
import {
  decodeMessage, encodeMessage, SYNCML_MEDIA_TYPES,
  type Command, type Cred, type DevInf, type Item, type MapItem, type Status, type SyncHdr, type SyncItemCommand, type SyncmlEncoding, type SyncmlMessage, type SyncmlVersion,
} from '@atomsync/syncml';
import { alertCodes, commandsOf, headerStatus } from './replies.js';

export type PhoneAuth = 'md5' | 'basic' | 'http-basic' | 'none';

const md5 = (data: Buffer | string): Buffer => createHash('md5').update(data).digest();

/** `syncml:auth-basic`: B64(user:password). */
export function basicCredential(username: string, password: string): string {
  return Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
}

/**
 * `syncml:auth-md5` in the DS 1.1+ form: B64(MD5(B64(MD5(user:password)) ":" nonce)), where the
 * nonce is the bytes of the base64 NextNonce. Written here from the spec, not taken from the
 * server, so the server's own computation is checked against it.
 */
export function md5Credential(username: string, password: string, nonceB64: string): string {
  const digest = md5(`${username}:${password}`).toString('base64');
  return md5(Buffer.concat([Buffer.from(`${digest}:`, 'utf8'), Buffer.from(nonceB64, 'base64')])).toString('base64');
}

/** One change a phone sends in its Sync. */
export interface PhoneChange {
  readonly op: 'add' | 'replace' | 'delete';
  /** The phone's LUID. */
  readonly luid: string;
  readonly data?: string;
  readonly type?: string;
  /** Meta Size of the item (the whole object's, on a large object's first chunk). */
  readonly size?: number;
  /** A large object's chunk with more to come. */
  readonly moreData?: boolean;
}

/** The DevInf a scripted phone puts: contacts (vCard 3.0), calendar (iCalendar 2.0), notes. */
export function phoneDevInf(deviceId: string, version: SyncmlVersion): DevInf {
  const store = (sourceRef: string, ctType: string, verCt: string) => ({
    sourceRef,
    displayName: sourceRef.slice(2),
    maxGuidSize: 64,
    rxPref: { ctType, verCt },
    rx: [],
    txPref: { ctType, verCt },
    tx: [],
    ctCaps: [],
    syncTypes: [1, 2, 3, 4, 5, 6, 7],
  });
  return {
    verDTD: version,
    man: 'atomsync tests',
    mod: 'Scripted Phone',
    swV: '1.0',
    devId: deviceId,
    devTyp: 'phone',
    utc: true,
    supportLargeObjs: true,
    supportNumberOfChanges: true,
    dataStores: [store('./contacts', 'text/vcard', '3.0'), store('./calendar', 'text/calendar', '2.0'), store('./notes', 'text/plain', '1.0')],
  };
}

const devinfUri = (version: SyncmlVersion) => (version === '1.1' ? './devinf11' : './devinf12');
const DEVINF_TYPE = 'application/vnd.syncml-devinf+xml';

/** The commands of one phone message, with CmdIDs in order. */
export class MessageBuilder {
  private lastCmdId = 0;
  readonly commands: Command[] = [];

  constructor(private readonly version: SyncmlVersion) {}

  id(): string {
    return String(++this.lastCmdId);
  }

  /** Any command, as given (take its CmdID from `id()`). */
  add(command: Command): this {
    this.commands.push(command);
    return this;
  }

  putDevInf(devinf: DevInf): this {
    return this.add({ kind: 'Put', cmdId: this.id(), meta: { type: DEVINF_TYPE }, items: [{ source: { locUri: devinfUri(this.version) }, devinf }] });
  }

  getDevInf(): this {
    return this.add({ kind: 'Get', cmdId: this.id(), meta: { type: DEVINF_TYPE }, items: [{ target: { locUri: devinfUri(this.version) } }] });
  }

  /** An Alert for a datastore: `target` the server's URI, `source` the phone's, with anchors. */
  alert(code: number, datastore: { target: string; source: string; last?: string; next?: string }): this {
    const anchor = { ...(datastore.last !== undefined ? { last: datastore.last } : {}), ...(datastore.next !== undefined ? { next: datastore.next } : {}) };
    return this.add({
      kind: 'Alert',
      cmdId: this.id(),
      data: code,
      items: [{ target: { locUri: datastore.target }, source: { locUri: datastore.source }, ...(Object.keys(anchor).length > 0 ? { meta: { anchor } } : {}) }],
    });
  }

  /** Alert 222: "go on" — the next message of the package. */
  nextMessage(target: string, source: string): this {
    return this.add({ kind: 'Alert', cmdId: this.id(), data: 222, items: [{ target: { locUri: target }, source: { locUri: source } }] });
  }

  sync(target: string, source: string, changes: readonly PhoneChange[], options: { numberOfChanges?: number } = {}): this {
    const cmdId = this.id();
    const commands: SyncItemCommand[] = changes.map((change) => {
      const id = this.id();
      if (change.op === 'delete') return { kind: 'Delete', cmdId: id, items: [{ source: { locUri: change.luid } }] };
      const meta = { type: change.type ?? 'text/vcard', ...(change.size !== undefined ? { size: change.size } : {}) };
      const item: Item = { source: { locUri: change.luid }, data: change.data ?? '', ...(change.moreData ? { moreData: true } : {}) };
      return { kind: change.op === 'add' ? 'Add' : 'Replace', cmdId: id, meta, items: [item] };
    });
    return this.add({
      kind: 'Sync',
      cmdId,
      target: { locUri: target },
      source: { locUri: source },
      ...(options.numberOfChanges !== undefined ? { numberOfChanges: options.numberOfChanges } : {}),
      commands,
    });
  }

  /** Results with the phone's DevInf, answering the server's Get. */
  devinfResults(reply: SyncmlMessage, get: Command & { kind: 'Get' }, devinf: DevInf): this {
    return this.add({
      kind: 'Results',
      cmdId: this.id(),
      msgRef: reply.header.msgId,
      cmdRef: get.cmdId,
      meta: { type: DEVINF_TYPE },
      items: [{ source: { locUri: devinfUri(this.version) }, devinf }],
    });
  }

  map(target: string, source: string, mapItems: readonly MapItem[]): this {
    return this.add({ kind: 'Map', cmdId: this.id(), target: { locUri: target }, source: { locUri: source }, mapItems });
  }

  /**
   * The Statuses a phone owes the server for its message: its SyncHdr (200), each command that
   * wants one (Alert 200, Results 200, Sync 200, Add 201, Replace and Delete 200, a large
   * object's chunk 213), unless `code` says otherwise for a command.
   */
  statuses(reply: SyncmlMessage, code: (command: Command | SyncHdr) => number | undefined = () => undefined): this {
    const msgRef = reply.header.msgId;
    const status = (cmdRef: string, cmd: string, data: number, refs: { targetRefs?: string[]; sourceRefs?: string[] } = {}, items: Item[] = []): Status => ({
      kind: 'Status', cmdId: this.id(), msgRef, cmdRef, cmd, targetRefs: refs.targetRefs ?? [], sourceRefs: refs.sourceRefs ?? [], data, items,
    });
    if (!reply.header.noResp) {
      this.commands.push(status('0', 'SyncHdr', code(reply.header) ?? 200, { targetRefs: [reply.header.target.locUri], sourceRefs: [reply.header.source.locUri] }));
    }
    for (const command of reply.commands) {
      if (command.kind === 'Status' || command.noResp) continue;
      if (command.kind === 'Sync') {
        this.commands.push(status(command.cmdId, 'Sync', code(command) ?? 200, { targetRefs: command.target ? [command.target.locUri] : [], sourceRefs: command.source ? [command.source.locUri] : [] }));
        for (const inner of command.commands) {
          if (inner.kind === 'Unsupported' || inner.noResp) continue;
          const item = inner.items[0];
          const refs = { targetRefs: item?.target ? [item.target.locUri] : [], sourceRefs: item?.source ? [item.source.locUri] : [] };
          const chunk = inner.kind !== 'Delete' && item?.moreData === true;
          this.commands.push(status(inner.cmdId, inner.kind, code(inner) ?? (chunk ? 213 : inner.kind === 'Add' ? 201 : 200), refs));
        }
        continue;
      }
      const name = command.kind === 'Unsupported' ? command.name : command.kind;
      const anchorNext = command.kind === 'Alert' ? command.items[0]?.meta?.anchor?.next : undefined;
      this.commands.push(status(command.cmdId, name, code(command) ?? 200, {}, anchorNext !== undefined ? [{ anchor: { next: anchorNext } }] : []));
    }
    return this;
  }
}

export interface PhoneOptions {
  /** The server's base URL: the first message of a session goes to `${url}/syncml`. */
  readonly url: string;
  /** The DevID (SyncHdr Source LocURI). */
  readonly deviceId: string;
  readonly username: string;
  readonly password: string;
  /** Default md5. */
  readonly auth?: PhoneAuth;
  /** Default xml. */
  readonly encoding?: SyncmlEncoding;
  /** Default 1.2. */
  readonly version?: SyncmlVersion;
  /** The phone's MaxMsgSize / MaxObjSize in its SyncHdr Meta (none when undefined). */
  readonly maxMsgSize?: number;
  readonly maxObjSize?: number;
  /** Changes the DevInf `sync` puts (e.g. a phone without large objects). */
  readonly devinf?: (devinf: DevInf) => DevInf;
  /** Rewrites the URL a message goes to (e.g. to alternate between two server instances). */
  readonly route?: (url: string, msgId: number) => string;
}

/** One message posted and what came back. */
export interface Exchange {
  readonly url: string;
  readonly request: SyncmlMessage;
  /** The bytes posted. */
  readonly body: Uint8Array;
  readonly status: number;
  readonly contentType: string | null;
  /** The reply's bytes. */
  readonly bytes: Uint8Array;
  /** The decoded reply (only on HTTP 200). */
  readonly reply: SyncmlMessage;
}

/** A datastore on the phone: items by LUID and what changed since the last session. */
export class PhoneDatastore {
  readonly items = new Map<string, { data: string; type: string }>();
  private readonly changed = new Map<string, PhoneChange['op']>();
  /** The Next anchor of the last completed session (sent as Last). */
  last: string | undefined;

  constructor(
    /** The phone's URI of it (`./contacts`) and the server URI it syncs with (`contacts`). */
    readonly phoneUri: string,
    readonly serverUri: string,
    readonly type = 'text/vcard',
  ) {}

  add(luid: string, data: string): void {
    this.items.set(luid, { data, type: this.type });
    this.changed.set(luid, this.changed.get(luid) === 'delete' ? 'replace' : (this.changed.get(luid) ?? 'add'));
  }

  replace(luid: string, data: string): void {
    this.items.set(luid, { data, type: this.type });
    if (this.changed.get(luid) !== 'add') this.changed.set(luid, 'replace');
  }

  delete(luid: string): void {
    this.items.delete(luid);
    if (this.changed.get(luid) === 'add') this.changed.delete(luid);
    else this.changed.set(luid, 'delete');
  }

  /** What a two-way sync sends: the changes since the last session. */
  changes(): PhoneChange[] {
    return [...this.changed].map(([luid, op]) => (op === 'delete' ? { op, luid } : { op, luid, data: this.items.get(luid)!.data, type: this.type }));
  }

  /** What a slow sync (or refresh from the phone) sends: every item, as Add. */
  everything(): PhoneChange[] {
    return [...this.items].map(([luid, item]) => ({ op: 'add', luid, data: item.data, type: item.type }));
  }

  forgetChanges(): void {
    this.changed.clear();
  }
}

export interface SessionDatastore {
  readonly store: PhoneDatastore;
  /** The Alert code (default 200, two-way). */
  readonly code?: number;
  /** The Last anchor to send (default: the store's; null: none). */
  readonly last?: string | null;
}

export interface SessionPlan {
  readonly datastores: readonly SessionDatastore[];
  /** Spread package 3 over messages of at most this many changes (default: one message). */
  readonly changesPerMessage?: number;
  /** Put and Get DevInf in package 1 (default true). */
  readonly devinf?: boolean;
}

export interface SessionResult {
  readonly exchanges: Exchange[];
  /** The mode the server alerted, per phone datastore URI. */
  readonly modes: Map<string, number>;
  /** The Statuses the server gave the Alerts, per phone datastore URI. */
  readonly alertStatuses: Map<string, number>;
  /** The server's Add/Replace/Delete commands, in order (a large object once, whole). */
  readonly received: SyncItemCommand[];
  /** The data of each large-object chunk the server sent (MoreData), in order. */
  readonly chunks: string[];
  /** The Statuses of the phone's Add/Replace/Delete, in order. */
  readonly itemStatuses: number[];
}

let anchors = 0;

export class ScriptedPhone {
  readonly encoding: SyncmlEncoding;
  readonly version: SyncmlVersion;
  auth: PhoneAuth;
  password: string;
  sessionId = 0;
  msgId = 0;
  /** Where the next message goes (the last reply's RespURI); undefined at a session's start. */
  respUri: string | undefined;
  /** The last NextNonce the server gave (kept across sessions). */
  nonce = '';
  authenticated = false;
  /** Every exchange of this phone, in order. */
  readonly log: Exchange[] = [];
  private last: { url: string; message: SyncmlMessage; body: Uint8Array } | undefined;

  constructor(readonly options: PhoneOptions) {
    this.encoding = options.encoding ?? 'xml';
    this.version = options.version ?? '1.2';
    this.auth = options.auth ?? 'md5';
    this.password = options.password;
  }

  get deviceId(): string {
    return this.options.deviceId;
  }

  /** A new session: the next SessionID, MsgID from 1, the first message to `${url}/syncml`. */
  newSession(): void {
    this.sessionId += 1;
    this.msgId = 0;
    this.respUri = undefined;
    this.authenticated = false;
  }

  /** The DevInf this phone puts (and answers a Get with). */
  devinf(): DevInf {
    const devinf = phoneDevInf(this.deviceId, this.version);
    return this.options.devinf ? this.options.devinf(devinf) : devinf;
  }

  /** The credentials this message carries (until the server accepted them). */
  cred(): Cred | undefined {
    if (this.authenticated) return undefined;
    if (this.auth === 'md5') return { meta: { type: 'syncml:auth-md5', format: 'b64' }, data: md5Credential(this.options.username, this.password, this.nonce) };
    if (this.auth === 'basic') return { meta: { type: 'syncml:auth-basic', format: 'b64' }, data: basicCredential(this.options.username, this.password) };
    return undefined;
  }

  /** Builds and posts one message of the current session (a session is started if none is). */
  async send(build: (m: MessageBuilder) => void, options: { final?: boolean; cred?: Cred | null } = {}): Promise<Exchange> {
    if (this.sessionId === 0) this.newSession();
    const builder = new MessageBuilder(this.version);
    build(builder);
    const url = this.respUri ?? `${this.options.url}/syncml`;
    this.msgId += 1;
    const cred = options.cred === null ? undefined : (options.cred ?? this.cred());
    const header: SyncHdr = {
      verDTD: this.version,
      verProto: `SyncML/${this.version}`,
      sessionId: String(this.sessionId),
      msgId: String(this.msgId),
      target: { locUri: url },
      source: { locUri: this.deviceId, locName: this.options.username },
      ...(cred ? { cred } : {}),
      ...(this.options.maxMsgSize !== undefined || this.options.maxObjSize !== undefined
        ? { meta: { ...(this.options.maxMsgSize !== undefined ? { maxMsgSize: this.options.maxMsgSize } : {}), ...(this.options.maxObjSize !== undefined ? { maxObjSize: this.options.maxObjSize } : {}) } }
        : {}),
    };
    const message: SyncmlMessage = { header, commands: builder.commands, final: options.final ?? true };
    return this.post(url, message, encodeMessage(message, this.encoding));
  }

  /** The last message again, byte for byte, to the same URL (a phone that lost the reply). */
  async resend(): Promise<Exchange> {
    if (this.last === undefined) throw new Error('nothing was sent yet');
    return this.post(this.last.url, this.last.message, this.last.body);
  }

  private async post(url: string, message: SyncmlMessage, body: Uint8Array): Promise<Exchange> {
    this.last = { url, message, body };
    const headers: Record<string, string> = { 'content-type': SYNCML_MEDIA_TYPES[this.encoding] };
    if (this.auth === 'http-basic') headers.authorization = `Basic ${basicCredential(this.options.username, this.password)}`;
    const target = this.options.route ? this.options.route(url, Number(message.header.msgId)) : url;
    // BodyInit wants Uint8Array<ArrayBuffer>; any Uint8Array is sent the same way at run time.
    const response = await fetch(target, { method: 'POST', headers, body: body as BodyInit });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const exchange: Exchange = {
      url: target,
      request: message,
      body,
      status: response.status,
      contentType: response.headers.get('content-type'),
      bytes,
      reply: response.status === 200 ? decodeMessage(bytes, this.encoding) : (undefined as never),
    };
    this.log.push(exchange);
    if (response.status !== 200) return exchange;
    const { reply } = exchange;
    if (reply.header.respUri !== undefined) this.respUri = reply.header.respUri;
    const hdr = commandsOf(reply, 'Status').find((s) => s.cmd === 'SyncHdr');
    if (hdr?.chal?.meta.nextNonce !== undefined) this.nonce = hdr.chal.meta.nextNonce;
    if (hdr !== undefined && (hdr.data === 212 || hdr.data === 200)) this.authenticated = true;
    return exchange;
  }

  /**
   * Package 1: DevInf Put and Get (unless `devinf` is false) and an Alert per datastore with its
   * anchors. Answered 401/407 with a Chal, the phone answers once more over the new nonce, in the
   * same session, as phones do.
   */
  async init(plan: SessionPlan, next: Map<string, string>): Promise<Exchange[]> {
    const build = (m: MessageBuilder) => {
      if (plan.devinf !== false) m.putDevInf(this.devinf()).getDevInf();
      for (const { store, code, last } of plan.datastores) {
        const lastAnchor = last === null ? undefined : (last ?? store.last);
        m.alert(code ?? 200, { target: store.serverUri, source: store.phoneUri, last: lastAnchor, next: next.get(store.phoneUri)! });
      }
    };
    const first = await this.send(build);
    const status = first.status === 200 ? headerStatus(first.reply) : undefined;
    if (status === undefined || (status.data !== 401 && status.data !== 407) || status.chal === undefined || this.auth !== 'md5') return [first];
    return [first, await this.send(build)];
  }

  /**
   * A whole session over phone datastores, as a phone runs it. Throws when the server refuses
   * something a session needs (its credentials, an Alert): tests of refusals use `send`.
   */
  async sync(plan: SessionPlan): Promise<SessionResult> {
    this.newSession();
    const result: SessionResult = { exchanges: [], modes: new Map(), alertStatuses: new Map(), received: [], chunks: [], itemStatuses: [] };
    const next = new Map(plan.datastores.map(({ store }) => [store.phoneUri, `${this.deviceId}-anchor-${++anchors}`]));
    const byPhoneUri = new Map(plan.datastores.map(({ store }) => [store.phoneUri, store]));
    const record = (exchange: Exchange): SyncmlMessage => {
      result.exchanges.push(exchange);
      if (exchange.status !== 200) throw new Error(`HTTP ${exchange.status}: ${Buffer.from(exchange.bytes).toString('utf8')}`);
      return exchange.reply;
    };

    // Packages 1 and 2.
    let reply: SyncmlMessage = undefined as never;
    for (const exchange of await this.init(plan, next)) reply = record(exchange);
    const hdr = headerStatus(reply);
    if (hdr.data !== 212 && hdr.data !== 200) throw new Error(`credentials refused: SyncHdr status ${hdr.data}`);
    for (const status of commandsOf(reply, 'Status').filter((s) => s.cmd === 'Alert')) {
      const phoneUri = status.sourceRefs[0];
      if (phoneUri !== undefined && byPhoneUri.has(phoneUri)) result.alertStatuses.set(phoneUri, status.data);
    }
    for (const alert of commandsOf(reply, 'Alert')) {
      const phoneUri = alert.items[0]?.target?.locUri;
      if (phoneUri !== undefined) result.modes.set(phoneUri, alert.data ?? 0);
    }
    for (const { store } of plan.datastores) {
      if (!result.modes.has(store.phoneUri)) throw new Error(`the server did not alert ${store.phoneUri} (Alert status ${result.alertStatuses.get(store.phoneUri)})`);
    }

    // Package 3: what each datastore sends in the mode the server alerted.
    const outgoing: { store: PhoneDatastore; change: PhoneChange }[] = [];
    for (const { store } of plan.datastores) {
      const mode = result.modes.get(store.phoneUri)!;
      if (mode === 205) for (const luid of [...store.items.keys()]) store.items.delete(luid);
      const changes = mode === 201 || mode === 203 ? store.everything() : mode === 200 || mode === 202 ? store.changes() : [];
      for (const change of changes) outgoing.push({ store, change });
    }
    const size = plan.changesPerMessage ?? Math.max(outgoing.length, 1);
    for (let from = 0; from === 0 || from < outgoing.length; from += size) {
      const chunk = outgoing.slice(from, from + size);
      const last = from + size >= outgoing.length;
      const previous = reply;
      const exchange = await this.send(
        (m) => {
          m.statuses(previous);
          // The server asks for our DevInf when it has none: Results in package 3.
          for (const get of commandsOf(previous, 'Get')) m.devinfResults(previous, get, this.devinf());
          for (const { store } of plan.datastores) {
            const changes = chunk.filter((c) => c.store === store).map((c) => c.change);
            if (changes.length > 0 || last) m.sync(store.serverUri, store.phoneUri, changes);
          }
        },
        { final: last },
      );
      reply = record(exchange);
      result.itemStatuses.push(...commandsOf(reply, 'Status').filter((s) => ['Add', 'Replace', 'Delete'].includes(s.cmd)).map((s) => s.data));
      if (!last && !alertCodes(reply).includes(222)) throw new Error('a message of package 3 without Final was not answered with Alert 222');
    }

    // Package 4, asking for its next message with Alert 222 while it has no Final.
    const maps = new Map<PhoneDatastore, MapItem[]>();
    let luids = 0;
    /** A large object arriving in chunks (MoreData): its command, data so far and declared size. */
    let partial: { key: string; data: string; size: number | undefined } | undefined;
    for (;;) {
      for (const sync of commandsOf(reply, 'Sync')) {
        const store = byPhoneUri.get(sync.target?.locUri ?? '');
        if (store === undefined) throw new Error(`the server synced ${sync.target?.locUri}, which the phone did not alert`);
        for (let command of sync.commands) {
          if (command.kind === 'Unsupported') continue;
          let item = command.items[0]!;
          if (command.kind !== 'Delete') {
            const key = `${command.kind} ${item.source?.locUri ?? item.target?.locUri}`;
            const continued = partial !== undefined && partial.key === key;
            if (partial !== undefined && !continued) throw new Error(`a large object's chunks were interrupted by ${key}`);
            const data = (continued ? partial!.data : '') + (item.data ?? '');
            const size = continued ? partial!.size : (item.meta?.size ?? command.meta?.size);
            if (item.moreData) {
              partial = { key, data, size };
              result.chunks.push(item.data ?? '');
              continue;
            }
            partial = undefined;
            if (continued) result.chunks.push(item.data ?? '');
            if (size !== undefined && Buffer.byteLength(data, 'utf8') !== size) throw new Error(`a large object of ${Buffer.byteLength(data, 'utf8')} bytes was announced with Size ${size}`);
            item = { ...item, data, moreData: false };
            command = { ...command, items: [item] };
          }
          result.received.push(command);
          if (command.kind === 'Add') {
            const luid = `${store.phoneUri.replace(/\W/g, '')}-from-server-${this.sessionId}-${++luids}`;
            store.items.set(luid, { data: item.data ?? '', type: item.meta?.type ?? command.meta?.type ?? store.type });
            maps.set(store, [...(maps.get(store) ?? []), { target: item.source!.locUri, source: luid }]);
          } else if (command.kind === 'Replace') {
            store.items.set(item.target!.locUri, { data: item.data ?? '', type: item.meta?.type ?? command.meta?.type ?? store.type });
          } else {
            store.items.delete(item.target!.locUri);
          }
        }
      }
      if (reply.final) {
        if (partial !== undefined) throw new Error(`package 4 ended inside a large object (${partial.key})`);
        break;
      }
      const previous = reply;
      reply = record(await this.send((m) => m.statuses(previous).nextMessage(this.options.url, this.deviceId), { final: false }));
    }

    // Package 5: Statuses and the Map; package 6 ends the session.
    const previous = reply;
    reply = record(
      await this.send((m) => {
        m.statuses(previous);
        for (const [store, items] of maps) m.map(store.serverUri, store.phoneUri, items);
      }),
    );
    if (!reply.final) throw new Error('the server did not end the session after the Map');
    for (const { store } of plan.datastores) {
      store.last = next.get(store.phoneUri);
      store.forgetChanges();
    }
    return result;
  }
}
