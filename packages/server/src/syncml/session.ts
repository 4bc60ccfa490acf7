/**
 * The SyncML DS session machine: one phone message in, the server's reply out, the session's
 * state carried between them (state.ts). The packages of a sync session:
 *
 *  1 phone: SyncHdr + Cred, Put/Get DevInf, Alert per datastore    2 server: Statuses, Results, Alerts
 *  3 phone: Sync per datastore (its changes, or all items)          4 server: Statuses, Sync (ours)
 *  5 phone: Statuses, Map (LUIDs of what we added)                  6 server: Statuses
 *
 * Any package may span several messages: a message without Final is answered with Statuses (and
 * Alert 222 when we have nothing else to say) and the package goes on. Package 4 is split to fit
 * the phone's MaxMsgSize; the phone asks for the rest with Alert 222. The engine runs when
 * package 3 is complete, one datastore after another; what it computes for the phone is queued
 * as the session's 'out' items and sent from there.
 */
import type { SyncMode } from '@atomsync/atom';
import { encodeMessage, type Alert, type DevInf, type SyncmlEncoding, type Command, type Item, type MapCommand, type Status, type Sync, type SyncItemCommand, type SyncmlMessage } from '@atomsync/syncml';
import type { AccountPrincipal } from '../auth/principal.js';
import { ServiceError } from '../errors.js';
import type { SynchronizationDeps } from '../services/synchronization.js';
import type { SecretBox } from '../secrets/box.js';
import type { SyncmlClientRecord } from '../store/records.js';
import { AUTH_MD5, AUTHENTICATED, checkCredentials, freshNonce, INVALID_CREDENTIALS, MISSING_CREDENTIALS } from './auth.js';
import { exchange, type RenderItem } from './exchange.js';
import { anchorMeta, Reply } from './reply.js';
import { devinfUri, serverDevInf } from './server-devinf.js';
import type { DatastoreState, InChange, OutChange, SessionState } from './state.js';
import { serverDatastore } from './uris.js';

export interface SessionDeps extends SynchronizationDeps {
  readonly secrets: SecretBox;
  /** Adapts an outgoing item to the phone (its DevInf, its model's quirks, its time zone). */
  readonly renderFor: (state: SessionState, client: SyncmlClientRecord | undefined, datastore: DatastoreState) => Promise<RenderItem>;
}

export interface Turn {
  readonly key: string;
  readonly state: SessionState;
  readonly message: SyncmlMessage;
  readonly authorization: string | undefined;
  /** Where the phone sends its next message (RespURI). */
  readonly respUri: string;
}

/** SyncML status codes used here. */
const OK = 200;
const ITEM_ADDED = 201;
const CHUNK_ACCEPTED = 213;
const NOT_FOUND = 404;
const COMMAND_NOT_ALLOWED = 405;
const OPTIONAL_NOT_SUPPORTED = 406;
const SIZE_MISMATCH = 424;
const REFRESH_REQUIRED = 508;
const COMMAND_FAILED = 500;

/** Alert codes that ask for a sync, and the mode each performs (206–210: server-alerted forms). */
const ALERT_MODES: Readonly<Record<number, SyncMode>> = { 200: 200, 201: 201, 202: 202, 203: 203, 204: 204, 205: 205, 206: 200, 207: 202, 208: 203, 209: 204, 210: 205 };
const NEXT_MESSAGE = 222;
const SUSPEND = 224;
const RESUME = 225;

/** When the phone gives no MaxMsgSize: what a reply may hold. */
const DEFAULT_MAX_MSG_SIZE = 512 * 1024;
/** What we take in one message and one object (our MaxMsgSize / MaxObjSize). */
export const OUR_MAX_MSG_SIZE = 4 * 1024 * 1024;
export const OUR_MAX_OBJ_SIZE = 4 * 1024 * 1024;
/** What an item costs in a message besides its data (command, ids, meta), about. */
const ITEM_OVERHEAD = 320;
/** The smallest chunk of a large object worth a message of its own. */
const MIN_CHUNK = 256;
/** Out items read from the store per reply, at most. */
const OUT_PAGE = 2000;

/** The modes where the phone sends only its changes since its Last anchor. */
const INCREMENTAL: ReadonlySet<SyncMode> = new Set<SyncMode>([200, 202, 204]);

/** One out change as it goes in this message: whole, or a chunk of a large object. */
interface OutPart {
  readonly change: OutChange;
  readonly data: string;
  readonly moreData?: boolean;
  /** The whole object's size in bytes, on its first chunk. */
  readonly size?: number;
}

/**
 * Bytes `text` takes as item data on the wire: UTF-8, plus in XML the escapes our writer uses
 * (`&#13;` for CR, which XML would otherwise turn into LF; `&amp;`, `&lt;`, `&gt;`).
 */
export function wireLength(text: string, encoding: SyncmlEncoding): number {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (encoding === 'wbxml') return bytes;
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 || c === 38) extra += 4;
    else if (c === 60 || c === 62) extra += 3;
  }
  return bytes + extra;
}

/** How many characters of `text`, from its start, fit in `bytes` bytes on the wire (at least one). */
function charsWithin(text: string, bytes: number, encoding: SyncmlEncoding): number {
  let n = Math.min(text.length, bytes);
  while (n > 1 && wireLength(text.slice(0, n), encoding) > bytes) n = Math.floor(n * 0.9);
  // Never split a surrogate pair.
  const code = text.charCodeAt(n - 1);
  if (n < text.length && code >= 0xd800 && code <= 0xdbff) n -= 1;
  return Math.max(1, n);
}

const WHITESPACE = /\s/;

/**
 * Where to cut a chunk of at most `n` characters: not next to whitespace, since a phone's XML
 * reader may trim a Data element's leading or trailing white space (SyncEvolution drops a newline
 * that starts a piece, then answers 424). Cut earlier if it can; else at `n`.
 */
function chunkEnd(text: string, n: number): number {
  if (n >= text.length) return n;
  for (let end = n; end > n / 2; end--) {
    const high = text.charCodeAt(end - 1) >= 0xd800 && text.charCodeAt(end - 1) <= 0xdbff;
    if (!high && !WHITESPACE.test(text[end - 1]!) && !WHITESPACE.test(text[end]!)) return end;
  }
  return n;
}

/**
 * Whether a whole large object has its declared size. XML reads a raw CR LF as LF, so over XML an
 * object may arrive short by at most its line count (a phone that did not escape its CRs).
 */
function sizeMatches(data: string, size: number, encoding: SyncmlEncoding): boolean {
  const bytes = Buffer.byteLength(data, 'utf8');
  if (bytes === size) return true;
  if (encoding !== 'xml' || bytes > size) return false;
  let lines = 0;
  for (let i = 0; i < data.length; i++) if (data.charCodeAt(i) === 10) lines++;
  return size - bytes <= lines;
}

function refsOf(command: { items: readonly Item[] }): { targetRefs: string[]; sourceRefs: string[] } {
  const targetRefs: string[] = [];
  const sourceRefs: string[] = [];
  for (const item of command.items) {
    if (item.target) targetRefs.push(item.target.locUri);
    if (item.source) sourceRefs.push(item.source.locUri);
  }
  return { targetRefs, sourceRefs };
}

export class SessionTurn {
  private readonly state: SessionState;
  private readonly reply: Reply;
  private readonly incoming: InChange[] = [];
  /** Statuses of this message's Sync commands, by server URI: changed when the run fails. */
  private readonly syncStatuses = new Map<string, { index: number }[]>();
  private client: SyncmlClientRecord | undefined;
  private phoneSent: InChange[] | undefined;
  /** Where our DevInf Results are in the reply, if the phone asked. */
  private devinfResults: number | undefined;

  constructor(
    private readonly deps: SessionDeps,
    private readonly turn: Turn,
  ) {
    this.state = structuredClone(turn.state);
    const { header } = turn.message;
    this.state.outMsgId += 1;
    if (header.meta?.maxMsgSize) this.state.maxMsgSize = header.meta.maxMsgSize;
    if (header.meta?.maxObjSize) this.state.maxObjSize = header.meta.maxObjSize;
    this.reply = new Reply(
      {
        verDTD: this.state.version,
        verProto: `SyncML/${this.state.version}`,
        sessionId: header.sessionId,
        msgId: String(this.state.outMsgId),
        target: { locUri: header.source.locUri },
        source: { locUri: header.target.locUri },
        respUri: turn.respUri,
        meta: { maxMsgSize: OUR_MAX_MSG_SIZE, maxObjSize: OUR_MAX_OBJ_SIZE },
      },
      header.msgId,
    );
  }

  private get store() {
    return this.deps.store;
  }

  async run(): Promise<{ reply: SyncmlMessage; state: SessionState }> {
    const { message } = this.turn;
    if (!(await this.authenticate())) {
      this.reply.final = true;
      return { reply: this.reply.message(), state: this.state };
    }
    const newlyAlerted = new Set<string>();
    for (const command of message.commands) await this.command(command, newlyAlerted);
    if (newlyAlerted.size > 0) await this.askDevInf();
    this.trimDevInf(newlyAlerted);
    await this.flushIncoming();
    await this.respond(newlyAlerted);
    return { reply: this.reply.message(), state: this.state };
  }

  // ---- authentication ---------------------------------------------------------------------

  /** The SyncHdr's Status: accepted once per session (212 + the next nonce), else 401/407 + Chal. */
  private async authenticate(): Promise<boolean> {
    const { header } = this.turn.message;
    const hdr = { cmdRef: '0', cmd: 'SyncHdr', targetRefs: [header.target.locUri], sourceRefs: [header.source.locUri] };
    if (this.state.accountId !== undefined) {
      this.reply.status({ ...hdr, data: OK });
      return true;
    }
    const check = await checkCredentials(this.store, this.deps.secrets, {
      header,
      authorization: this.turn.authorization,
      nonces: async (username) => {
        const account = await this.store.accounts.byUsername(username);
        const device = account && (await this.store.syncmlDevices.get(account.id, this.state.deviceId));
        return [this.state.challengeNonce ?? '', device?.nonce ?? ''];
      },
    });
    const nonce = freshNonce();
    const chal = { meta: { type: AUTH_MD5, format: 'b64', nextNonce: nonce } };
    if (!check.ok) {
      this.state.challengeNonce = nonce;
      this.state.status = check.status;
      this.state.reason = check.reason;
      this.reply.status({ ...hdr, data: check.status === MISSING_CREDENTIALS ? MISSING_CREDENTIALS : INVALID_CREDENTIALS, chal });
      this.deps.log.info({ deviceId: this.state.deviceId, username: check.username, reason: check.reason }, 'SyncML credentials refused');
      return false;
    }
    this.state.accountId = check.account.id;
    this.state.username = check.account.username;
    delete this.state.challengeNonce;
    delete this.state.status;
    delete this.state.reason;
    // The nonce of the device's next session: kept before it is sent.
    await this.store.syncmlDevices.save(check.account.id, this.state.deviceId, { nonce });
    this.reply.status({ ...hdr, data: AUTHENTICATED, chal });
    return true;
  }

  private principal(): AccountPrincipal {
    return { kind: 'account', id: this.state.accountId!, username: this.state.username!, admin: false };
  }

  // ---- commands ---------------------------------------------------------------------------

  private async command(command: Command, newlyAlerted: Set<string>): Promise<void> {
    switch (command.kind) {
      case 'Status':
        return this.onStatus(command);
      case 'Put':
        return this.onPut(command);
      case 'Get':
        return this.onGet(command);
      case 'Alert':
        return this.onAlert(command, newlyAlerted);
      case 'Sync':
        return this.onSync(command);
      case 'Map':
        return this.onMap(command);
      case 'Results':
        // The phone's DevInf, answering our Get.
        await this.keepDevInf(command.items);
        if (!command.noResp) this.reply.status({ cmdRef: command.cmdId, cmd: 'Results', data: OK, ...refsOf(command) });
        return;
      case 'Unsupported':
        if (!command.noResp) this.reply.status({ cmdRef: command.cmdId, cmd: command.name, data: OPTIONAL_NOT_SUPPORTED });
        return;
      default:
        // Add/Replace/Delete outside a Sync.
        if (!command.noResp) this.reply.status({ cmdRef: command.cmdId, cmd: command.kind, data: COMMAND_NOT_ALLOWED, ...refsOf(command) });
    }
  }

  /** A refusal of something we sent is counted on its datastore. */
  private onStatus(status: Status): void {
    if (status.cmd !== 'Add' && status.cmd !== 'Replace' && status.cmd !== 'Delete') return;
    if (status.data < 300 || status.data === 418) return;
    const uri = this.state.sent[`${status.msgRef}:${status.cmdRef}`];
    const datastore = this.state.datastores.find((d) => d.serverUri === uri);
    if (datastore) datastore.refused += 1;
  }

  private async onPut(put: Command & { kind: 'Put' }): Promise<void> {
    const kept = await this.keepDevInf(put.items);
    if (!put.noResp) this.reply.status({ cmdRef: put.cmdId, cmd: 'Put', data: kept ? OK : OPTIONAL_NOT_SUPPORTED, ...refsOf(put) });
  }

  /** Keeps the phone's DevInf (Put, or Results of our Get): it decides what we send it. */
  private async keepDevInf(items: readonly Item[]): Promise<boolean> {
    const devinf = items.find((item) => item.devinf !== undefined)?.devinf;
    if (devinf === undefined) return false;
    await this.store.syncmlDevices.save(this.state.accountId!, this.state.deviceId, { devinf: JSON.stringify(devinf) });
    this.state.largeObjects = devinf.supportLargeObjs;
    this.state.devinfKnown = true;
    return true;
  }

  /**
   * A phone whose DevInf we do not have (it Put it in a session we refused, or never does) is
   * asked for it with a Get in our package 2; its Results come with its package 3.
   */
  private async askDevInf(): Promise<void> {
    if (this.state.devinfKnown) return;
    const device = await this.store.syncmlDevices.get(this.state.accountId!, this.state.deviceId);
    this.state.devinfKnown = true;
    if (device?.devinf) return;
    this.reply.add({
      kind: 'Get',
      cmdId: this.reply.nextCmdId(),
      meta: { type: this.state.encoding === 'wbxml' ? 'application/vnd.syncml-devinf+wbxml' : 'application/vnd.syncml-devinf+xml' },
      items: [{ target: { locUri: devinfUri(this.state.version) } }],
    });
  }

  private onGet(get: Command & { kind: 'Get' }): void {
    const uri = get.items[0]?.target?.locUri ?? '';
    const isDevinf = /^\.\/devinf1[12]$/i.test(uri);
    if (!get.noResp) this.reply.status({ cmdRef: get.cmdId, cmd: 'Get', data: isDevinf ? OK : NOT_FOUND, ...refsOf(get) });
    if (!isDevinf) return;
    // Its datastores are those the phone alerts in this message, known only at its end (run()).
    this.reply.add({
      kind: 'Results',
      cmdId: this.reply.nextCmdId(),
      msgRef: this.turn.message.header.msgId,
      cmdRef: get.cmdId,
      meta: { type: this.state.encoding === 'wbxml' ? 'application/vnd.syncml-devinf+wbxml' : 'application/vnd.syncml-devinf+xml' },
      items: [{ source: { locUri: devinfUri(this.state.version) }, devinf: serverDevInf(this.state.version, this.turn.message.header.target.locUri) }],
    });
    this.devinfResults = this.reply.commands.length - 1;
  }

  /** Our DevInf in Results lists only the datastores alerted in this message, when there are any. */
  private trimDevInf(alerted: ReadonlySet<string>): void {
    if (this.devinfResults === undefined || alerted.size === 0) return;
    const results = this.reply.commands[this.devinfResults] as Command & { kind: 'Results' };
    this.reply.commands[this.devinfResults] = {
      ...results,
      items: [{ ...results.items[0]!, devinf: serverDevInf(this.state.version, this.turn.message.header.target.locUri, alerted) }],
    };
  }

  /** The phone's SyncML client: by DevID, else the one client with an empty imei adopts it. */
  private async findClient(): Promise<SyncmlClientRecord | string> {
    if (this.client !== undefined) return this.client;
    const accountId = this.state.accountId!;
    const clients = await this.store.syncml.list(accountId);
    let client = clients.find((c) => c.imei === this.state.deviceId);
    if (client === undefined) {
      const unclaimed = clients.filter((c) => c.imei === '');
      if (unclaimed.length !== 1) {
        return unclaimed.length === 0
          ? `no SyncML client of this account has imei ${JSON.stringify(this.state.deviceId)}, and none is waiting for its first session (empty imei)`
          : `no SyncML client of this account has imei ${JSON.stringify(this.state.deviceId)}, and ${unclaimed.length} have an empty imei: set the imei of the right one`;
      }
      await this.store.syncml.setImei(accountId, unclaimed[0]!.uuid, this.state.deviceId);
      client = { ...unclaimed[0]!, imei: this.state.deviceId };
    }
    this.client = client;
    this.state.clientUuid = client.uuid;
    return client;
  }

  private refuseAlert(alert: Alert, reason: string, status = NOT_FOUND): void {
    this.state.reason = reason;
    this.deps.log.info({ deviceId: this.state.deviceId, reason }, 'SyncML Alert refused');
    if (!alert.noResp) this.reply.status({ cmdRef: alert.cmdId, cmd: 'Alert', data: status, ...refsOf(alert) });
  }

  private async onAlert(alert: Alert, newlyAlerted: Set<string>): Promise<void> {
    const code = alert.data ?? 0;
    if (code === NEXT_MESSAGE || code === SUSPEND) {
      if (!alert.noResp) this.reply.status({ cmdRef: alert.cmdId, cmd: 'Alert', data: OK, ...refsOf(alert) });
      return;
    }
    // A resume continues nothing kept of the broken session: it runs as a two-way sync, whose
    // echo filter makes the phone's repeated changes harmless (and 508 → slow sync on bad anchors).
    const mode = code === RESUME ? 200 : ALERT_MODES[code];
    if (mode === undefined) return this.refuseAlert(alert, `alert code ${code} is not a sync this server performs`, OPTIONAL_NOT_SUPPORTED);
    const item = alert.items[0];
    const serverLocUri = item?.target?.locUri ?? '';
    const phoneUri = item?.source?.locUri ?? '';
    const target = serverDatastore(serverLocUri);
    if (target === undefined) return this.refuseAlert(alert, `there is no server datastore ${JSON.stringify(serverLocUri)} (contacts, calendar, events, tasks, notes)`);
    const client = await this.findClient();
    if (typeof client === 'string') return this.refuseAlert(alert, client);
    const bindings = await this.store.bindings.byClient(client.accountId, client.uuid);
    const binding = [...bindings].sort((a, b) => a.id - b.id)[0];
    if (binding === undefined) return this.refuseAlert(alert, `the SyncML client ${client.uuid} is in no sync binding: its data has nowhere to go`);
    const side = binding.source.kind === 'syncml' && binding.source.uuid === client.uuid ? 'source' : 'target';

    const anchor = item?.meta?.anchor ?? {};
    const phoneNext = anchor.next ?? new Date().toISOString();
    const { anchors } = await this.store.syncState.load(binding.id, [], target.dataclass);
    const stored = anchors[side];
    const peer = anchors[side === 'source' ? 'target' : 'source'];
    const inStep = stored !== null && peer !== null && anchor.last !== undefined && stored === anchor.last;
    const performed: SyncMode = INCREMENTAL.has(mode) && !inStep ? 201 : mode;

    this.state.datastores = this.state.datastores.filter((d) => d.serverUri !== target.uri);
    this.state.datastores.push({
      phoneUri,
      serverLocUri,
      serverUri: target.uri,
      dataclass: target.dataclass,
      phoneMode: performed,
      phoneNext,
      bindingId: binding.id,
      side,
      phase: 'receiving',
      outFrom: 0,
      outTo: 0,
      refused: 0,
    });
    newlyAlerted.add(target.uri);
    if (!alert.noResp) {
      this.reply.status({
        cmdRef: alert.cmdId,
        cmd: 'Alert',
        data: performed === mode ? OK : REFRESH_REQUIRED,
        targetRefs: [serverLocUri],
        sourceRefs: [phoneUri],
        items: [{ anchor: { next: phoneNext } }],
      });
    }
    // Our anchors: the phone's own, so the Last we send is what we kept from its last session.
    this.reply.add({
      kind: 'Alert',
      cmdId: this.reply.nextCmdId(),
      data: performed,
      items: [{ target: { locUri: phoneUri }, source: { locUri: serverLocUri }, meta: anchorMeta(stored ?? undefined, phoneNext, OUR_MAX_OBJ_SIZE) }],
    });
  }

  private async onSync(sync: Sync): Promise<void> {
    const serverLocUri = sync.target?.locUri ?? '';
    const datastore = this.state.datastores.find((d) => d.serverLocUri === serverLocUri || d.serverUri === serverDatastore(serverLocUri)?.uri);
    const refs = { targetRefs: sync.target ? [sync.target.locUri] : [], sourceRefs: sync.source ? [sync.source.locUri] : [] };
    if (datastore === undefined || datastore.phase === 'failed') {
      if (!sync.noResp) this.reply.status({ cmdRef: sync.cmdId, cmd: 'Sync', data: NOT_FOUND, ...refs });
      for (const command of sync.commands) if (!command.noResp) this.reply.status({ cmdRef: command.cmdId, cmd: command.kind === 'Unsupported' ? command.name : command.kind, data: NOT_FOUND });
      return;
    }
    if (!sync.noResp) {
      const ref = this.reply.status({ cmdRef: sync.cmdId, cmd: 'Sync', data: OK, ...refs });
      this.syncStatuses.set(datastore.serverUri, [...(this.syncStatuses.get(datastore.serverUri) ?? []), ref]);
    }
    for (const command of sync.commands) {
      if (command.kind === 'Unsupported') {
        if (!command.noResp) this.reply.status({ cmdRef: command.cmdId, cmd: command.name, data: OPTIONAL_NOT_SUPPORTED });
        continue;
      }
      for (const item of command.items) {
        const data = this.onItem(datastore, command, item, sync);
        if (!command.noResp) {
          const ref = this.reply.status({ cmdRef: command.cmdId, cmd: command.kind, data, ...refsOf({ items: [item] }) });
          this.syncStatuses.set(datastore.serverUri, [...(this.syncStatuses.get(datastore.serverUri) ?? []), ref]);
        }
      }
    }
  }

  /** One item of the phone's Sync: buffered (a large object chunk by chunk); returns its status. */
  private onItem(datastore: DatastoreState, command: SyncItemCommand, item: Item, sync: Sync): number {
    const id = item.source?.locUri ?? item.target?.locUri ?? '';
    const op = command.kind === 'Add' ? 'add' : command.kind === 'Replace' ? 'replace' : 'delete';
    if (op === 'delete') {
      this.incoming.push({ serverUri: datastore.serverUri, op, id, type: '' });
      return OK;
    }
    const type = item.meta?.type ?? command.meta?.type ?? sync.meta?.type ?? '';
    const partial = this.state.partial;
    let data = item.data ?? '';
    let size = item.meta?.size ?? command.meta?.size;
    if (partial !== undefined && partial.id === id && partial.serverUri === datastore.serverUri) {
      data = partial.data + data;
      size = partial.size;
      delete this.state.partial;
    }
    if (item.moreData) {
      this.state.partial = { serverUri: datastore.serverUri, op, id, type: partial?.type ?? type, size, data };
      return CHUNK_ACCEPTED;
    }
    if (size !== undefined && !sizeMatches(data, size, this.state.encoding)) return SIZE_MISMATCH;
    this.incoming.push({ serverUri: datastore.serverUri, op, id, type: partial?.type ?? type, data });
    return op === 'add' ? ITEM_ADDED : OK;
  }

  private async onMap(map: MapCommand): Promise<void> {
    const datastore = this.state.datastores.find((d) => d.serverLocUri === map.target.locUri || d.serverUri === serverDatastore(map.target.locUri)?.uri);
    const refs = { targetRefs: [map.target.locUri], sourceRefs: [map.source.locUri] };
    if (datastore === undefined) {
      if (!map.noResp) this.reply.status({ cmdRef: map.cmdId, cmd: 'Map', data: NOT_FOUND, ...refs });
      return;
    }
    const renames = map.mapItems.map((m) => ({ from: m.target, to: m.source }));
    await this.store.syncState.renameIds(datastore.bindingId, datastore.side, renames);
    if (!map.noResp) this.reply.status({ cmdRef: map.cmdId, cmd: 'Map', data: OK, ...refs });
  }

  private async flushIncoming(): Promise<void> {
    if (this.incoming.length === 0) return;
    await this.store.syncmlSessions.appendItems(this.turn.key, 'in', this.incoming.map((c) => JSON.stringify(c)));
  }

  // ---- what we send -----------------------------------------------------------------------

  private async respond(newlyAlerted: ReadonlySet<string>): Promise<void> {
    const final = this.turn.message.final;
    const datastores = this.state.datastores;
    // Package 3 is complete: every datastore alerted in an earlier message runs now.
    if (final) {
      for (const datastore of datastores) {
        if (datastore.phase === 'receiving' && !newlyAlerted.has(datastore.serverUri)) await this.runEngine(datastore);
      }
    }
    if (datastores.some((d) => d.phase === 'sending')) return this.sendChanges();
    if (!final) {
      this.nextMessage();
      return;
    }
    this.reply.final = true;
    // Package 1 answered (our Alerts): the phone's Sync comes next. Otherwise the session is over.
    if (!datastores.some((d) => d.phase === 'receiving')) {
      for (const datastore of datastores) if (datastore.phase === 'mapping') await this.recordDatastore(datastore);
      this.state.done = true;
      if (this.state.status === undefined) {
        const completed = datastores.length > 0 && datastores.every((d) => d.result === 'completed');
        this.state.status = completed ? OK : datastores.length === 0 ? NOT_FOUND : COMMAND_FAILED;
      }
    }
  }

  /** Alert 222: we have nothing but Statuses, the phone's package goes on. */
  private nextMessage(): void {
    const { header } = this.turn.message;
    this.reply.add({ kind: 'Alert', cmdId: this.reply.nextCmdId(), data: NEXT_MESSAGE, items: [{ target: { locUri: header.source.locUri }, source: { locUri: header.target.locUri } }] });
  }

  private async runEngine(datastore: DatastoreState): Promise<void> {
    if (this.state.largeObjects === undefined) {
      // A phone that sent no DevInf this session: what it said in an earlier one.
      const device = await this.store.syncmlDevices.get(this.state.accountId!, this.state.deviceId);
      this.state.largeObjects = device?.devinf ? (JSON.parse(device.devinf) as DevInf).supportLargeObjs === true : false;
    }
    // What the phone sent, read once per message however many datastores run on it.
    this.phoneSent ??= (await this.store.syncmlSessions.items(this.turn.key, 'in')).map((row) => JSON.parse(row.body) as InChange);
    const phoneSent = this.phoneSent;
    const render = await this.deps.renderFor(this.state, this.client ?? (await this.clientRecord()), datastore);
    let queued: OutChange[] = [];
    try {
      const log = await exchange({
        deps: this.deps,
        account: this.principal(),
        sessionKey: this.turn.key,
        datastore,
        phoneSent,
        render,
        queue: async (tx, items) => {
          queued = [...items];
          await tx.syncmlSessions.appendItems(this.turn.key, 'out', items.map((c) => JSON.stringify(c)));
        },
      });
      datastore.result = log.result;
      datastore.stats = log.stats[datastore.side];
      if (log.result === 'failed') {
        datastore.reason = log.reason ?? 'the synchronization failed';
        queued = [];
      }
    } catch (error) {
      datastore.result = 'failed';
      datastore.reason = error instanceof ServiceError ? error.message : String(error);
      queued = [];
    }
    if (datastore.result === 'failed') {
      // The phone keeps its changes for the next session: a failed Sync must not let it move its anchor.
      datastore.phase = 'failed';
      this.state.reason = datastore.reason;
      for (const ref of this.syncStatuses.get(datastore.serverUri) ?? []) this.reply.restatus(ref, COMMAND_FAILED);
      return;
    }
    const total = this.state.datastores.reduce((n, d) => Math.max(n, d.outTo), 0);
    datastore.outFrom = total;
    datastore.outTo = total + queued.length;
    datastore.phase = 'sending';
  }

  private async clientRecord(): Promise<SyncmlClientRecord | undefined> {
    return this.state.clientUuid === undefined ? undefined : this.store.syncml.get(this.state.accountId!, this.state.clientUuid);
  }

  /**
   * Package 4: our Sync per sending datastore, with as many queued changes as fit the phone's
   * MaxMsgSize; Final once everything went out. A datastore's Sync goes out even when empty.
   */
  private async sendChanges(): Promise<void> {
    const limit = this.state.maxMsgSize > 0 ? this.state.maxMsgSize : DEFAULT_MAX_MSG_SIZE;
    // Room for the header, the statuses so far and the closing tags, measured, plus a margin.
    const base = encodeMessage(this.reply.message(), this.state.encoding).byteLength + 400;
    const roomOfMessage = Math.floor(limit * 0.9) - base;
    let budget = roomOfMessage;
    const msgId = this.reply.header.msgId;
    this.state.sent = {};
    let sentAny = false;
    let complete = true;
    for (const datastore of this.state.datastores) {
      if (datastore.phase !== 'sending') continue;
      const from = Math.max(datastore.outFrom, this.state.outSent);
      const rows = from < datastore.outTo ? await this.store.syncmlSessions.items(this.turn.key, 'out', from, Math.min(OUT_PAGE, datastore.outTo - from)) : [];
      const changes: OutPart[] = [];
      let full = false;
      for (const row of rows) {
        const change = JSON.parse(row.body) as OutChange;
        const data = change.data ?? '';
        // A large object goes out in chunks (MoreData) when the phone takes them: resume where the last message left it.
        const offset = this.state.outChunk?.seq === row.seq ? this.state.outChunk.sentChars : 0;
        const rest = offset === 0 ? data : data.slice(offset);
        const cost = wireLength(rest, this.state.encoding) + ITEM_OVERHEAD;
        if (cost <= budget) {
          budget -= cost;
          changes.push({ change, data: rest });
          delete this.state.outChunk;
          sentAny = true;
          this.state.outSent = row.seq + 1;
          continue;
        }
        // Only an object no message could hold whole is cut; one that merely does not fit what is
        // left of this message waits for the next.
        if (this.largeObjects() && cost > roomOfMessage) {
          // Every message moves the session on: a first item gets at least a minimal chunk.
          const room = sentAny ? budget - ITEM_OVERHEAD : Math.max(budget - ITEM_OVERHEAD, MIN_CHUNK);
          if (room >= MIN_CHUNK) {
            const end = offset + chunkEnd(rest, charsWithin(rest, room, this.state.encoding));
            changes.push({ change, data: data.slice(offset, end), moreData: true, ...(offset === 0 ? { size: Buffer.byteLength(data, 'utf8') } : {}) });
            this.state.outChunk = { seq: row.seq, sentChars: end };
            sentAny = true;
          }
        } else if (!sentAny && !this.largeObjects()) {
          // Too big for any message to a phone without large objects: left out, counted, said why.
          datastore.refused += 1;
          this.state.reason = `an item of ${cost} bytes does not fit the phone's MaxMsgSize (${limit}) and the phone takes no large objects`;
          this.deps.log.warn({ deviceId: this.state.deviceId, bytes: cost, maxMsgSize: limit }, 'SyncML item too large for the phone, left out');
          this.state.outSent = row.seq + 1;
          continue;
        }
        full = true;
        break;
      }
      if (changes.length > 0 || !datastore.syncOpened) {
        const cmdId = this.reply.nextCmdId();
        const commands = changes.map((part) => this.outCommand(part, this.reply.nextCmdId()));
        for (const command of commands) this.state.sent[`${msgId}:${command.cmdId}`] = datastore.serverUri;
        this.reply.add({
          kind: 'Sync',
          cmdId,
          target: { locUri: datastore.phoneUri },
          source: { locUri: datastore.serverLocUri },
          ...(!datastore.syncOpened && this.state.version === '1.2' ? { numberOfChanges: datastore.outTo - datastore.outFrom } : {}),
          commands,
        });
        datastore.syncOpened = true;
      }
      if (full || this.state.outSent < datastore.outTo) {
        complete = false;
        break;
      }
      datastore.phase = 'mapping';
    }
    this.reply.final = complete;
  }

  /** The phone takes large objects in chunks (DevInf SupportLargeObjs). */
  private largeObjects(): boolean {
    return this.state.largeObjects === true;
  }

  private outCommand(part: OutPart, cmdId: string): SyncItemCommand {
    const { change } = part;
    if (change.op === 'delete') return { kind: 'Delete', cmdId, items: [{ target: { locUri: change.id } }] };
    const where = change.op === 'add' ? { source: { locUri: change.id } } : { target: { locUri: change.id } };
    const item: Item = { ...where, data: part.data, ...(part.moreData ? { moreData: true } : {}) };
    // The first chunk of a large object carries the whole size; every chunk names the type.
    const meta = { type: change.type ?? 'text/plain', ...(part.size !== undefined ? { size: part.size } : {}) };
    return { kind: change.op === 'add' ? 'Add' : 'Replace', cmdId, meta, items: [item] };
  }

  /** After a completed exchange: the phone's datastore appears on its SyncML client. */
  private async recordDatastore(datastore: DatastoreState): Promise<void> {
    if (this.state.clientUuid === undefined || datastore.result !== 'completed') return;
    await this.store.syncml.addDatastore(this.state.accountId!, this.state.clientUuid, {
      name: datastore.phoneUri,
      dataclass: datastore.dataclass,
      serverUri: datastore.serverUri,
    });
  }
}

