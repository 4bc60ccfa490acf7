/**
 * /Microsoft-Server-ActiveSync: where Exchange ActiveSync phones talk to us (MS-ASHTTP).
 *
 * OPTIONS says which versions and commands we speak. A POST is read in this order: the request
 * line (plain or base64 query; 400 if it names no command, device and version), the phone's HTTP
 * Basic credentials (401, nothing changed), the WBXML body (400), the device recorded (a new
 * DeviceId on the client replaces the old device and its state, unless a remote wipe is in force:
 * then it is answered as the wiped phone), a remote wipe asked (wipe.ts:
 * 449 or Status 140 until the phone's Provision takes the order, 403 once it acknowledged), the
 * policy key (a phone that has not provisioned gets 449, or Status 142 from 14.0), then the command. Commands of a mail
 * server (SendMail, Search, MoveItems, …) are not announced and answer 501. Each command's
 * behaviour is in its own module; the protocol's wire and rules are in @atomsync/activesync.
 */
import {
  ActiveSyncDecodeError,
  ActiveSyncRequestLineError,
  AS_PROTOCOL_VERSIONS_HEADER,
  AS_WBXML_MEDIA_TYPE,
  decodeRequest,
  encodeResponse,
  needsProvisioning,
  parseRequestLine,
  provisionFirst,
  type AsCommand,
  type AsElement,
  type AsRequestLine,
} from '@atomsync/activesync';
import type { H3, H3Event } from 'h3';
import type { Logger } from 'pino';
import { ServiceError } from '../errors.js';
import { readBytes } from '../http/body.js';
import { sourceOf } from '../http/client-address.js';
import { toServiceError } from '../http/failure.js';
import { requestState } from '../http/request-state.js';
import { sendError, type Body } from '../http/respond.js';
import { createLogger } from '../log.js';
import { PhoneAuthenticator, type PhoneAuthenticatorOptions } from './auth.js';
import { autodiscover, AUTODISCOVER_PATHS } from './autodiscover.js';
import type { ActivesyncDeps, PhoneRequest, PingSettings } from './context.js';
import { getItemEstimateCommand } from './estimate.js';
import { itemOperationsCommand } from './item-operations.js';
import { folderSyncCommand } from './folder-sync.js';
import { DEFAULT_PING, pingCommand } from './ping.js';
import { provisionCommand } from './provision.js';
import { settingsCommand } from './settings.js';
import { syncCommand } from './sync/sync.js';
import { ChangeWatch, HeldRequestsFull } from './watch.js';
import { WipeAskedMeanwhile, wipeGate } from './wipe.js';

/** The paths phones use (rou3 matches case-sensitively; some clients lower-case the path). */
export const ACTIVESYNC_PATHS = ['/Microsoft-Server-ActiveSync', '/microsoft-server-activesync'] as const;

type CommandHandler = (request: PhoneRequest, body: AsElement | null) => Promise<AsElement>;

/** What we serve: the commands of a contacts, calendar, tasks and notes server. */
const COMMANDS: Partial<Record<AsCommand, CommandHandler>> = {
  Sync: syncCommand,
  FolderSync: folderSyncCommand,
  GetItemEstimate: getItemEstimateCommand,
  Provision: provisionCommand,
  Settings: settingsCommand,
  Ping: pingCommand,
  ItemOperations: itemOperationsCommand,
};

/** `MS-ASProtocolCommands` of our OPTIONS answer: the commands we serve. */
export const SERVED_COMMANDS_HEADER = Object.keys(COMMANDS).join(',');
/** The Exchange version a phone reads from `MS-Server-ActiveSync`. */
const SERVER_VERSION = '14.1';

/** When a phone refused a held request (its account holds as many as it may) tries again. */
const HELD_RETRY_AFTER_SECONDS = 60;

export interface ActivesyncSettings {
  readonly auth?: PhoneAuthenticatorOptions;
  /** ATOMSYNC_BASE_URL: what Autodiscover answers; default a trusted proxy's origin, else the connection's address (public-origin.ts). */
  readonly baseUrl?: string;
  /** Reverse proxies trusted to say the client's scheme and host (ATOMSYNC_TRUST_PROXY), for Autodiscover's answer. */
  readonly trustProxy?: number;
  /** Ping's bounds; DEFAULT_PING when absent. */
  readonly ping?: PingSettings;
  /** How often a held Ping reads the datastores (ms). */
  readonly watchIntervalMs?: number;
  /** How many Pings and hanging Syncs one account may hold on this instance (watch.ts); MAX_HELD_PER_ACCOUNT when absent. */
  readonly maxHeldPerAccount?: number;
}

export class ActivesyncEndpoint {
  readonly #auth: PhoneAuthenticator;
  /** The datastore watch of this instance's held Pings. */
  readonly watch: ChangeWatch;

  constructor(
    private readonly deps: ActivesyncDeps,
    private readonly settings: ActivesyncSettings = {},
    log?: Logger,
  ) {
    this.#auth = new PhoneAuthenticator(deps.store, settings.auth);
    this.watch = new ChangeWatch(deps.store, log ?? createLogger('warn'), settings.watchIntervalMs, settings.maxHeldPerAccount);
  }

  /** Mounts OPTIONS and POST on the ActiveSync paths, POST on Autodiscover's; other methods answer 405. */
  mount(app: H3): void {
    for (const path of AUTODISCOVER_PATHS) {
      app.on('POST', path, (event) => this.#guard(event, 'autodiscover', () => autodiscover(event, this.#auth, this.settings, ACTIVESYNC_PATHS[0])));
      app.all(path, (event) =>
        this.#guard(event, 'autodiscover', async () => {
          throw new ServiceError(405, 'method_not_allowed', 'Autodiscover takes a POST', [], { allow: 'POST' });
        }),
      );
    }
    for (const path of ACTIVESYNC_PATHS) {
      app.on('OPTIONS', path, (event) => this.#guard(event, 'activesync.OPTIONS', () => this.options(event)));
      app.on('POST', path, (event) => this.#guard(event, 'activesync', () => this.post(event)));
      app.all(path, (event) =>
        this.#guard(event, 'activesync', async () => {
          throw new ServiceError(405, 'method_not_allowed', 'an ActiveSync phone sends OPTIONS and POST', [], { allow: 'OPTIONS, POST' });
        }),
      );
    }
  }

  async #guard(event: H3Event, operation: string, answer: () => Promise<Body>): Promise<Body> {
    const state = requestState(event);
    state.operationId ??= operation;
    try {
      return await answer();
    } catch (error) {
      return sendError(event, toServiceError(error, state.log, state.requestId));
    }
  }

  /** What we speak; the phone's credentials are checked, as Exchange does (a phone tests them this way). */
  async options(event: H3Event): Promise<Body> {
    await this.#auth.authenticate(event.req.headers.get('authorization'), sourceOf(event));
    const headers = event.res.headers;
    headers.set('ms-server-activesync', SERVER_VERSION);
    headers.set('ms-asprotocolversions', AS_PROTOCOL_VERSIONS_HEADER);
    headers.set('ms-asprotocolcommands', SERVED_COMMANDS_HEADER);
    headers.set('allow', 'OPTIONS, POST');
    headers.set('public', 'OPTIONS, POST');
    headers.set('cache-control', 'private');
    return '';
  }

  async post(event: H3Event): Promise<Body> {
    const state = requestState(event);
    let line: AsRequestLine;
    try {
      line = parseRequestLine(event.req.url, event.req.headers);
    } catch (error) {
      if (error instanceof ActiveSyncRequestLineError) throw new ServiceError(400, 'bad_request', error.message);
      throw error;
    }
    state.operationId = `activesync.${line.command}`;
    const { client, account } = await this.#auth.authenticate(event.req.headers.get('authorization'), sourceOf(event));
    state.user = account.username;
    const bytes = await readBytes(event);
    let body: AsElement | null;
    try {
      body = decodeRequest(bytes);
    } catch (error) {
      if (error instanceof ActiveSyncDecodeError) throw new ServiceError(400, 'bad_request', `not an ActiveSync WBXML body: ${error.message}`);
      throw error;
    }
    const handler = COMMANDS[line.command];
    if (handler === undefined) throw new ServiceError(501, 'not_implemented', `this server keeps contacts, calendars, tasks and notes: it does not serve ${line.command}`);

    const now = new Date();
    const log = state.log.child({ activesync: line.command, client: client.uuid });
    const { record: device, replaced } = await this.deps.store.activesyncDevices.touch(
      client.accountId,
      client.uuid,
      { deviceId: line.deviceId, deviceType: line.deviceType, userAgent: (event.req.headers.get('user-agent') ?? '').slice(0, 256), protocolVersion: line.protocolVersion },
      now,
    );
    if (replaced !== null) log.info({ deviceId: line.deviceId, replaced }, 'ActiveSync client: a new device replaces the old one, whose state is dropped');
    // Another device while the recorded one's wipe is in force: the record stays the wiped phone's,
    // and the wipe gate below answers this device as it answers that phone (wipe.ts).
    if (device.deviceId !== line.deviceId) log.warn({ deviceId: line.deviceId, deviceType: line.deviceType, recordedDeviceId: device.deviceId }, 'ActiveSync: another device presents the credentials of a client whose remote wipe is in force');
    const signal = (event.req as { signal?: AbortSignal }).signal;
    const request: PhoneRequest = {
      deps: { ...this.deps, log },
      line,
      client,
      account,
      device,
      log,
      now,
      endpoint: { watch: this.watch, ping: this.settings.ping ?? DEFAULT_PING, ...(signal === undefined ? {} : { signal }) },
    };

    const headers = event.res.headers;
    headers.set('ms-server-activesync', SERVER_VERSION);
    headers.set('cache-control', 'private');
    const wipe = wipeGate(request) === 'order' && line.command !== 'Provision';
    if (wipe || needsProvisioning(line, device.policyKey)) return this.#provisionFirst(event, line, wipe);
    try {
      return this.#wbxml(event, await handler(request, body));
    } catch (error) {
      // A required element missing, a value out of range: the body does not say what the command needs.
      if (error instanceof ActiveSyncDecodeError) throw new ServiceError(400, 'bad_request', `the ${line.command} request is malformed: ${error.message}`);
      // A Ping or hanging Sync held when its device's wipe was asked: answered as if asked before it came.
      if (error instanceof WipeAskedMeanwhile) return this.#provisionFirst(event, line, true);
      // The account holds as many waiting requests as it may: MS-ASHTTP's 503, to try again later.
      if (error instanceof HeldRequestsFull) throw new ServiceError(503, 'rate_limited', error.message, [], { 'retry-after': String(HELD_RETRY_AFTER_SECONDS) });
      throw error;
    }
  }

  /** Sends the phone to Provision as @atomsync/activesync's provisionFirst says: 449 before 14.0, the command's Status 140 (a wipe asked) or 142 from 14.0. */
  #provisionFirst(event: H3Event, line: AsRequestLine, wipe: boolean): Body {
    const refusal = provisionFirst(line, wipe);
    if ('element' in refusal) return this.#wbxml(event, refusal.element);
    event.res.status = refusal.http;
    event.res.statusText = 'Retry after sending a PROVISION command';
    return '';
  }

  #wbxml(event: H3Event, tree: AsElement): Body {
    event.res.headers.set('content-type', AS_WBXML_MEDIA_TYPE);
    return encodeResponse(tree);
  }
}
