/**
 * Handlers of SyncML setup, server-initiated sync requests, the outbox, sessions and the chat log.
 *
 * Setup and sync requests build real documents (provisioning/) and hand them to the gateway
 * inside the request's transaction, so a recording gateway's outbox row and the client's `setup`
 * change land together or not at all.
 */
import { randomInt } from 'node:crypto';
import { DATACLASS_VALUES, SYNC_MODE_VALUES, type ChatMessageEntry, type OutboxEntry, type SessionEntry, type Statistics, type SyncmlSetupEntry } from '@atomsync/atom';
import type { RequestContext } from '../context.js';
import { ServiceError } from '../errors.js';
import { uuidV5 } from '../catalogue/uuid.js';
import { writable } from '../http/safe-text.js';
import { SERVER_ID, signedSyncmlSetup } from '../provisioning/oma-cp.js';
import { sanServerUris, encodeSan, SAN_MEDIA_TYPE } from '../provisioning/san.js';
import { sanSyncs, setupResources } from '../provisioning/datastores.js';
import type { ChatMessageRecord, OutboxRecord, SessionRecord, SyncmlClientRecord } from '@atomsync/store';
import { isUuid, Violations } from '../services/validation.js';
import { authorOf, caller, feedOf, linksTo, urlOf } from './atom.js';
import type { HandlerDeps, HandlerGroup } from './deps.js';

/** The setup's name: what the phone shows for the installed settings. */
const SETUP_NAME = SERVER_ID;
/** The chat log is a debugging aid for administrators: the newest messages only. */
export const CHATLOG_LIMIT = 500;
/** Namespace of the entry ids of outbox items, sessions and chat messages (store ids are numbers or strings). */
const ENTRY_NAMESPACE = 'a3c2b0d4-5f0e-4f7b-8a61-2b9e6f1d7c05';

const PINCODE = /^[0-9]{1,16}$/;

async function ownClient({ store }: HandlerDeps, accountId: number, uuid: string): Promise<SyncmlClientRecord> {
  const client = isUuid(uuid) ? await store.syncml.get(accountId, uuid) : undefined;
  if (client === undefined) throw new ServiceError(404, 'not_found', 'there is no such SyncML client in your account');
  return client;
}

/** Now, to the second: the listing shows `YYYY-MM-DD HH:MM:SS`, and the answer must agree with it. */
function nowToTheSecond(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}

function outboxEntry(ctx: RequestContext, item: OutboxRecord): OutboxEntry {
  const title =
    item.kind === 'setup'
      ? `Setup ${SETUP_NAME} (OMA Client Provisioning)`
      : `Server alerted notification (${sanServerUris(item.payload).join(', ')})`;
  return {
    author: authorOf(ctx),
    id: `urn:uuid:${uuidV5(ENTRY_NAMESPACE, `outbox/${item.id}`)}`,
    published: item.created,
    updated: item.created,
    title,
    content: { type: item.mediaType, value: Buffer.from(item.payload).toString('base64') },
    outboxItem: { kind: item.kind, clientUuid: item.clientUuid, phoneNumber: item.phoneNumber },
  };
}

// Sessions and the chat log list what phones sent, stored as it came (a record may predate the
// checks that now refuse it at the door): every value is mapped into one the encoder writes and
// the schema allows — text without characters XML cannot carry (U+FFFD instead), an integer
// outside its type clamped or left out — so one bad record never breaks a listing.

/** A count or id the schema types as a non-negative integer: anything else reads as 0. */
const count = (n: number): number => (Number.isSafeInteger(n) && n >= 0 ? n : 0);
/** xs:int */
const isInt32 = (n: number): boolean => Number.isInteger(n) && n >= -0x80000000 && n <= 0x7fffffff;
const oneOf = <T>(values: readonly T[], value: unknown): T | undefined => (values.includes(value as T) ? (value as T) : undefined);

function listedStatistics(s: Statistics): Statistics {
  return {
    addsIn: count(s.addsIn),
    replacesIn: count(s.replacesIn),
    deletesIn: count(s.deletesIn),
    addsOut: count(s.addsOut),
    replacesOut: count(s.replacesOut),
    deletesOut: count(s.deletesOut),
  };
}

function sessionEntry(ctx: RequestContext, s: SessionRecord): SessionEntry {
  const sessionId = writable(s.id);
  const deviceId = writable(s.deviceId);
  return {
    author: authorOf(ctx),
    id: `urn:uuid:${isUuid(s.id) ? s.id : uuidV5(ENTRY_NAMESPACE, `session/${s.id}`)}`,
    published: s.started,
    updated: s.ended ?? s.started,
    title: `Session ${sessionId} with ${deviceId}`,
    session: {
      sessionId,
      deviceId,
      clientUuid: s.clientUuid === null ? undefined : writable(s.clientUuid),
      protocol: writable(s.protocol),
      encoding: s.encoding,
      started: s.started,
      ended: s.ended,
      status: s.status !== null && isInt32(s.status) ? s.status : undefined,
      reason: s.reason === null ? undefined : writable(s.reason),
      datastores: s.datastores.map((d) => ({
        uri: writable(d.uri),
        dataclass: oneOf(DATACLASS_VALUES, d.dataclass),
        syncMode: oneOf(SYNC_MODE_VALUES, d.syncMode),
        statistics: d.statistics === null ? undefined : listedStatistics(d.statistics),
      })),
    },
  };
}

function chatEntry(ctx: RequestContext, m: ChatMessageRecord, deviceId: string): ChatMessageEntry {
  const device = writable(deviceId);
  const sessionId = writable(m.sessionId);
  const msgId = count(m.msgId);
  const way = m.direction === 'in' ? `${device} → server` : `server → ${device}`;
  return {
    author: authorOf(ctx),
    id: `urn:uuid:${uuidV5(ENTRY_NAMESPACE, `chat/${m.id}`)}`,
    published: m.created,
    updated: m.created,
    title: `Session ${sessionId}, message ${msgId}, ${way}`,
    // Always the XML form, for people to read; `message/encoding` says what crossed the wire.
    content: { type: 'application/vnd.syncml+xml', value: writable(m.body) },
    message: { sessionId, msgId, direction: m.direction, encoding: m.encoding },
  };
}

export const syncmlHandlers: HandlerGroup = (deps) => {
  const { store, secrets, gateway } = deps;
  return {
    async createSyncmlSetup({ path, body }, ctx): Promise<SyncmlSetupEntry> {
      const account = caller(ctx);
      const pincode = body.pincode?.trim();
      const violations = new Violations();
      if (violations.required('/entry/pincode', pincode) && !PINCODE.test(pincode!)) violations.add('/entry/pincode', 'must be 1 to 16 digits');
      violations.check('the setup needs the pincode the phone user will type');
      const client = await ownClient(deps, account.id, path.clientUuid);
      const model = await store.catalogue.getModel(client.modelUuid);
      const signed = signedSyncmlSetup({ name: SETUP_NAME, serverUrl: urlOf(ctx, '/syncml'), username: account.username, resources: setupResources(model) }, pincode!);
      const sent = nowToTheSecond();
      const setupId = await store.transaction(async (tx) => {
        await gateway.send({ kind: 'setup', accountId: account.id, clientUuid: client.uuid, phoneNumber: client.phoneNumber, mediaType: signed.mediaType, payload: signed.payload }, tx);
        if ((await tx.syncml.recordSetup(account.id, client.uuid, SETUP_NAME, sent)) === undefined) {
          throw new ServiceError(404, 'not_found', 'there is no such SyncML client in your account');
        }
        // The outbox row is the setup's record when the gateway keeps one; else the time names it.
        const recorded = (await tx.outbox.list(account.id, client.uuid)).find((o) => o.kind === 'setup' && Buffer.from(o.payload).equals(signed.payload));
        return recorded?.id ?? sent.getTime();
      });
      const href = urlOf(ctx, `/v2/services/syncml/${client.uuid}/setup/${setupId}/`);
      return {
        author: authorOf(ctx),
        id: href,
        links: linksTo(href, 'self'),
        published: sent,
        updated: sent,
        title: SETUP_NAME,
        pincode: pincode!,
        setup: { name: SETUP_NAME, sent },
      };
    },

    async requestSyncmlSync({ path }, ctx) {
      const principal = caller(ctx);
      const client = await ownClient(deps, principal.id, path.clientUuid);
      const account = await store.accounts.get(principal.id);
      if (account?.syncmlDigest == null) {
        throw new ServiceError(409, 'conflict', 'this account has no SyncML credential to sign the notification with: set the account password again to enable server alerted notifications');
      }
      let credential: string;
      try {
        credential = secrets.open(account.syncmlDigest);
      } catch {
        throw new ServiceError(409, 'conflict', "this account's SyncML credential was sealed with another secret key (ATOMSYNC_SECRET_KEY changed): set the account password again to renew it");
      }
      const model = await store.catalogue.getModel(client.modelUuid);
      const payload = encodeSan({
        serverId: SERVER_ID,
        credential,
        // The phone's last Chal nonce, once the SyncML endpoint records one.
        nonce: '',
        sessionId: randomInt(1, 0x10000),
        syncs: sanSyncs(client.datastores, model, 206),
      });
      await store.transaction((tx) =>
        gateway.send({ kind: 'notification', accountId: principal.id, clientUuid: client.uuid, phoneNumber: client.phoneNumber, mediaType: SAN_MEDIA_TYPE, payload }, tx),
      );
    },

    async listSyncmlOutbox({ path }, ctx) {
      const account = caller(ctx);
      const client = await ownClient(deps, account.id, path.clientUuid);
      const [items, model] = await Promise.all([store.outbox.list(account.id, client.uuid), store.catalogue.getModel(client.modelUuid)]);
      return feedOf(ctx, `/v2/services/syncml/${client.uuid}/outbox/`, `Outbox of ${model?.name ?? client.uuid}`, items.map((i) => outboxEntry(ctx, i)));
    },

    async listSyncmlSessions(_input, ctx) {
      const sessions = await store.sessions.list(caller(ctx).id);
      return feedOf(ctx, '/v2/services/syncml/sessions/', 'SyncML sessions', sessions.map((s) => sessionEntry(ctx, s)));
    },

    async listSyncmlChatlog(_input, ctx) {
      caller(ctx);
      const messages = await store.chatLog.list(CHATLOG_LIMIT);
      const ids = [...new Set(messages.map((m) => m.sessionId))];
      const sessions = await Promise.all(ids.map((id) => store.sessions.get(id)));
      const devices = new Map(ids.map((id, k) => [id, sessions[k]?.deviceId ?? 'phone']));
      return feedOf(ctx, '/v2/services/syncml/sessions/chatlog/', 'SyncML chat log', messages.map((m) => chatEntry(ctx, m, devices.get(m.sessionId)!)));
    },
  };
};
