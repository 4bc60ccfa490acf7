/**
 * The request line of an ActiveSync POST ([MS-ASHTTP] §2.2.1.1.1): which command, for which user
 * and device, in which protocol version, under which policy key — given either as a plain query
 * (`?Cmd=Sync&User=…&DeviceId=…&DeviceType=…` with the MS-ASProtocolVersion and X-MS-PolicyKey
 * headers) or as one base64 value (§2.2.1.1.1.1: version byte, command code, locale, device id,
 * policy key, device type, tagged parameters). Both become one AsRequestLine; anything that does
 * not name a known command, a device and a known version is an ActiveSyncRequestLineError.
 */
import { AIRSYNC_VERSIONS, type AirSyncVersion } from '@atomsync/items';
import { ActiveSyncRequestLineError } from './errors.js';
import {
  AS_COMMAND_CODES,
  AS_COMMAND_PARAMETER_TAGS,
  AS_OPTIONS_ACCEPT_MULTIPART,
  AS_OPTIONS_SAVE_IN_SENT,
  AS_PROTOCOL_COMMANDS,
  type AsCommand,
} from './protocol.js';

/** The command parameters either form can carry (MS-ASHTTP §2.2.1.1.1.1.3, §2.2.1.1.1.2.5). */
export interface AsCommandParams {
  readonly attachmentName?: string;
  readonly collectionId?: string;
  /** Protocol 2.x. */
  readonly collectionName?: string;
  readonly itemId?: string;
  readonly longId?: string;
  /** Protocol 2.x. */
  readonly parentId?: string;
  readonly occurrence?: string;
  /** Plain `SaveInSent=T`, or the SaveInSent flag of the base64 Options byte. */
  readonly saveInSent?: boolean;
  /** The `MS-ASAcceptMultiPart: T` header, or the AcceptMultiPart flag of the Options byte. */
  readonly acceptMultiPart?: boolean;
}

export interface AsRequestLine {
  readonly form: 'plain' | 'base64';
  readonly command: AsCommand;
  /**
   * The User parameter. The plain form has it; the base64 form only as an optional parameter —
   * the authenticated user is the one that counts either way.
   */
  readonly user?: string;
  /**
   * The device id. The base64 form carries bytes ("a string or a GUID"): kept as text when they are
   * letters, digits, '.', '_' or '-', else written as upper-case hex (a 16-byte GUID → 32 digits).
   */
  readonly deviceId: string;
  readonly deviceType: string;
  readonly protocolVersion: AirSyncVersion;
  /** The policy key (an unsigned 32-bit number, in decimal), when the client sent one. */
  readonly policyKey?: string;
  /** The base64 form's locale (a Windows LCID, e.g. 0x0409 for en-US). */
  readonly locale?: number;
  readonly params: AsCommandParams;
}

/** Fetch `Headers`, or a plain record like Node's `IncomingHttpHeaders`. */
export type HeadersLike = { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

const DEVICE_ID = /^[A-Za-z0-9._-]{1,128}$/;
const DEVICE_TYPE = /^[A-Za-z0-9._-]{1,64}$/;
const DEVICE_ID_BYTES = /^[A-Za-z0-9._-]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_USER_LENGTH = 256;
const MAX_PARAM_LENGTH = 1024;

const COMMANDS = new Set<string>(AS_PROTOCOL_COMMANDS);
const VERSIONS = new Set<string>(AIRSYNC_VERSIONS);
const COMMAND_BY_CODE = new Map<number, AsCommand>(Object.entries(AS_COMMAND_CODES).map(([c, n]) => [n, c as AsCommand]));

function fail(what: string): never {
  throw new ActiveSyncRequestLineError(what);
}

function header(headers: HeadersLike, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (k.toLowerCase() !== lower || v === undefined) continue;
    if (typeof v === 'string') return v;
    if (v.length > 1) fail(`${name} given ${v.length} times`);
    return v[0];
  }
  return undefined;
}

function checkUser(user: string): string {
  if (user === '' || user.length > MAX_USER_LENGTH || CONTROL.test(user)) fail(`not a user name: ${JSON.stringify(user.slice(0, 64))}`);
  return user;
}

function checkParam(name: string, value: string): string {
  if (value.length > MAX_PARAM_LENGTH || CONTROL.test(value)) fail(`${name}: not a parameter value`);
  return value;
}

function checkDevice(deviceId: string, deviceType: string): void {
  if (!DEVICE_ID.test(deviceId)) fail(`DeviceId ${JSON.stringify(deviceId.slice(0, 64))}: letters, digits, '.', '_' and '-' only, 1 to 128 of them`);
  if (!DEVICE_TYPE.test(deviceType)) fail(`DeviceType ${JSON.stringify(deviceType.slice(0, 64))}: letters, digits, '.', '_' and '-' only, 1 to 64 of them`);
}

function policyKeyHeader(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (!/^\d{1,10}$/.test(v) || Number(v) > 0xffffffff) fail(`X-MS-PolicyKey ${JSON.stringify(value.slice(0, 32))} is not an unsigned 32-bit number`);
  return String(Number(v));
}

function multiPartHeader(headers: HeadersLike): boolean {
  const v = header(headers, 'MS-ASAcceptMultiPart');
  return v !== undefined && v.trim().toUpperCase() === 'T';
}

/** Plain query parameters of MS-ASHTTP §2.2.1.1.1.2.5, by their AsCommandParams key. */
const PLAIN_PARAMS = {
  AttachmentName: 'attachmentName',
  CollectionId: 'collectionId',
  CollectionName: 'collectionName',
  ItemId: 'itemId',
  LongId: 'longId',
  ParentId: 'parentId',
  Occurrence: 'occurrence',
} as const;

function parsePlain(query: string, headers: HeadersLike): AsRequestLine {
  const values = new Map<string, string>();
  for (const [rawName, value] of new URLSearchParams(query)) {
    // Parameter names as MS-ASHTTP spells them, whatever the case a client sends.
    const name = rawName.toLowerCase();
    if (values.has(name)) fail(`${rawName} given twice`);
    values.set(name, value);
  }
  const get = (n: string) => values.get(n.toLowerCase());
  const command = get('Cmd') ?? fail('no Cmd');
  if (!COMMANDS.has(command)) fail(`unknown command ${JSON.stringify(command.slice(0, 64))}`);
  const deviceId = get('DeviceId') ?? fail('no DeviceId');
  const deviceType = get('DeviceType') ?? fail('no DeviceType');
  checkDevice(deviceId, deviceType);
  const version = header(headers, 'MS-ASProtocolVersion')?.trim() ?? fail('no MS-ASProtocolVersion header');
  if (!VERSIONS.has(version)) fail(`unknown protocol version ${JSON.stringify(version.slice(0, 16))}`);
  const user = get('User');
  const policyKey = policyKeyHeader(header(headers, 'X-MS-PolicyKey'));

  const params: Record<string, string | boolean> = {};
  for (const [name, key] of Object.entries(PLAIN_PARAMS)) {
    const v = get(name);
    if (v !== undefined) params[key] = checkParam(name, v);
  }
  const saveInSent = get('SaveInSent');
  if (saveInSent !== undefined) {
    if (saveInSent !== 'T' && saveInSent !== 'F') fail(`SaveInSent ${JSON.stringify(saveInSent.slice(0, 8))}: T or F`);
    params.saveInSent = saveInSent === 'T';
  }
  if (multiPartHeader(headers)) params.acceptMultiPart = true;
  return {
    form: 'plain',
    command: command as AsCommand,
    ...(user === undefined ? {} : { user: checkUser(user) }),
    deviceId,
    deviceType,
    protocolVersion: version as AirSyncVersion,
    ...(policyKey === undefined ? {} : { policyKey }),
    params,
  };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function base64Bytes(query: string): Uint8Array {
  let text: string;
  try {
    text = decodeURIComponent(query);
  } catch {
    return fail('query is neither a plain query nor base64');
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) fail('query is neither a plain query nor base64');
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return fail('query is neither a plain query nor base64');
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** "v140Device" stays text; bytes that are not letters, digits, '.', '_' or '-' become hex. */
function deviceIdOf(bytes: Uint8Array): string {
  const latin = String.fromCharCode(...bytes);
  if (DEVICE_ID_BYTES.test(latin)) return latin;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join('');
}

const PARAM_BY_TAG = new Map<number, string>(Object.entries(AS_COMMAND_PARAMETER_TAGS).map(([n, t]) => [t, n]));

function parseBase64(query: string, headers: HeadersLike): AsRequestLine {
  const b = base64Bytes(query);
  let i = 0;
  const byte = (what: string): number => (i < b.length ? b[i++]! : fail(`base64 query ends before its ${what}`));
  const take = (n: number, what: string): Uint8Array => {
    if (n > b.length - i) fail(`base64 query ends inside its ${what}`);
    const out = b.subarray(i, i + n);
    i += n;
    return out;
  };
  const text = (bytes: Uint8Array, what: string): string => {
    try {
      return strictUtf8.decode(bytes);
    } catch {
      return fail(`${what} is not UTF-8`);
    }
  };

  const versionByte = byte('protocol version');
  const version = `${Math.floor(versionByte / 10)}.${versionByte % 10}`;
  if (!VERSIONS.has(version)) fail(`unknown protocol version byte ${versionByte}`);
  // MS-ASHTTP §2.2.1.1.1.1: the base64 form is for 12.1 and later.
  if (version === '2.5' || version === '12.0') fail(`protocol version ${version} cannot use the base64 query form`);
  const code = byte('command code');
  const command = COMMAND_BY_CODE.get(code) ?? fail(`unknown command code ${code}`);
  const locale = byte('locale') | (byte('locale') << 8);
  const deviceIdLength = byte('device id length');
  if (deviceIdLength === 0) fail('empty device id');
  const deviceId = deviceIdOf(take(deviceIdLength, 'device id'));
  const policyKeyLength = byte('policy key length');
  if (policyKeyLength !== 0 && policyKeyLength !== 4) fail(`policy key of ${policyKeyLength} bytes, not 0 or 4`);
  let policyKey: string | undefined;
  if (policyKeyLength === 4) {
    const k = take(4, 'policy key');
    policyKey = String((k[0]! | (k[1]! << 8) | (k[2]! << 16) | (k[3]! << 24)) >>> 0);
  }
  const deviceTypeLength = byte('device type length');
  const deviceType = text(take(deviceTypeLength, 'device type'), 'device type');
  checkDevice(deviceId, deviceType);

  const params: Record<string, string | boolean> = {};
  const seen = new Set<number>();
  let user: string | undefined;
  while (i < b.length) {
    const tag = byte('parameter tag');
    const name = PARAM_BY_TAG.get(tag) ?? fail(`unknown command parameter tag ${tag}`);
    if (seen.has(tag)) fail(`${name} given twice`);
    seen.add(tag);
    const value = take(byte(`${name} length`), name);
    if (name === 'Options') {
      if (value.length !== 1) fail(`Options of ${value.length} bytes, not 1`);
      if (value[0]! & AS_OPTIONS_SAVE_IN_SENT) params.saveInSent = true;
      if (value[0]! & AS_OPTIONS_ACCEPT_MULTIPART) params.acceptMultiPart = true;
    } else if (name === 'User') {
      user = checkUser(text(value, name));
    } else {
      params[PLAIN_PARAMS[name as keyof typeof PLAIN_PARAMS]] = checkParam(name, text(value, name));
    }
  }
  if (multiPartHeader(headers)) params.acceptMultiPart = true;
  return {
    form: 'base64',
    command,
    ...(user === undefined ? {} : { user }),
    deviceId,
    deviceType,
    protocolVersion: version as AirSyncVersion,
    ...(policyKey === undefined ? {} : { policyKey }),
    locale,
    params,
  };
}

/**
 * The request line of a request: `target` is the request target (`/Microsoft-Server-ActiveSync?…`),
 * a URL, or the query alone; `headers` are the request's (MS-ASProtocolVersion, X-MS-PolicyKey and
 * MS-ASAcceptMultiPart are read). A line that does not name a known command, a device and a known
 * protocol version is an ActiveSyncRequestLineError (the server's 400).
 */
export function parseRequestLine(target: string | URL, headers: HeadersLike = {}): AsRequestLine {
  let query: string;
  if (target instanceof URL) query = target.search.slice(1);
  else {
    const q = target.indexOf('?');
    if (q >= 0) query = target.slice(q + 1);
    else if (target.startsWith('/')) query = '';
    else query = target;
  }
  const hash = query.indexOf('#');
  if (hash >= 0) query = query.slice(0, hash);
  if (query === '') fail('no query: an ActiveSync request names its command in the query');
  // A base64 value has no '&', and '=' only as its trailing padding.
  return query.includes('&') || /=[^=]/.test(query) ? parsePlain(query, headers) : parseBase64(query, headers);
}
