/**
 * fast-check arbitraries of SyncML messages that either wire form can carry exactly, so that
 * encode → decode must give back an equal message. What a wire cannot carry is left out on
 * purpose, each for a stated reason: identifiers and numbers are read trimmed (no surrounding
 * whitespace here); XML 1.0 cannot hold most C0 controls (none here); an absent flag and a false
 * one read the same (flags are `true` or absent); Alert has no Meta in the DTD (none generated);
 * a DevInf in a 1.1 message goes in the 1.1 form, which has no VerCT or MaxOccur in CTCap, lists
 * each content type once for the whole device, and has a Size only without ValEnum. Message
 * numbers (MsgID, CmdID, MsgRef, CmdRef) are what the decoder takes: decimal integers to 2^31 − 1.
 */
import fc from 'fast-check';
import type {
  Anchor, Command, ContentType, CtCap, CtCapProperty, DevInf, DevInfDataStore, Item, Location, Meta, Status, SyncItemCommand,
  SyncmlMessage, SyncmlVersion, Unsupported,
} from '../../src/index.js';

/** Characters XML 1.0 cannot carry (nor, for the NUL, a WBXML inline string). */
const UNCARRIABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** The characters that break naive codecs, mixed with arbitrary Unicode. */
const tricky = fc.constantFrom('&', '<', '>', ']]>', '<![CDATA[', '\r\n', '\r', '\n', '\t', ' ', '"', "'", '\ufeff', 'ü', '東', '🙂', '&amp;', '\u0085', '\u2028');
export const text = fc
  .string({ unit: fc.oneof({ weight: 1, arbitrary: tricky }, { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) }), maxLength: 24 })
  .map((s) => s.replace(UNCARRIABLE, '?'));
/** Identifiers as SyncML uses them: no surrounding whitespace. */
export const token = fc.stringMatching(/^[A-Za-z0-9._:/?=-]{1,12}$/);
const count = fc.integer({ min: 0, max: 2 ** 31 - 1 });
/** MsgID, CmdID, MsgRef: 1 to 2^31 − 1; CmdRef also 0 (the SyncHdr). */
const number = fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String);
const ref = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map(String);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const flag = maybe(fc.constant(true as const));

/** A record without its undefined fields (what the decoder returns). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const location: fc.Arbitrary<Location> = fc.record({ locUri: text, locName: maybe(text) }).map(defined);
const anchor: fc.Arbitrary<Anchor> = fc.record({ last: maybe(text), next: maybe(text) }).map(defined);
const meta: fc.Arbitrary<Meta> = fc
  .record({
    type: maybe(fc.oneof(text, fc.constant('text/x-vcard'), fc.constant('application/vnd.syncml-devinf+xml'))),
    format: maybe(fc.constantFrom('b64', 'chr', 'bin')),
    size: maybe(count),
    maxMsgSize: maybe(count),
    maxObjSize: maybe(count),
    nextNonce: maybe(text),
    version: maybe(text),
    anchor: maybe(anchor),
  })
  .map(defined);

const contentType: fc.Arbitrary<ContentType> = fc.record({ ctType: text, verCt: maybe(text) }).map(defined);
const valEnums = fc.array(text, { maxLength: 3 });
const params = fc.array(fc.record({ name: text, valEnums }), { maxLength: 2 });

const property12: fc.Arbitrary<CtCapProperty> = fc.record({ name: text, maxSize: maybe(count), maxOccur: maybe(count), valEnums, params }).map(defined);
const property11: fc.Arbitrary<CtCapProperty> = fc
  .record({ name: text, maxSize: maybe(count), valEnums, params })
  .map((p) => defined({ ...p, maxSize: p.valEnums.length === 0 ? p.maxSize : undefined }));
const ctCap12: fc.Arbitrary<CtCap> = fc.record({ ctType: text, verCt: maybe(text), properties: fc.array(property12, { maxLength: 3 }) }).map(defined);
const ctCaps11: fc.Arbitrary<CtCap[]> = fc.uniqueArray(fc.record({ ctType: text, properties: fc.array(property11, { maxLength: 3 }) }), {
  selector: (c) => c.ctType,
  maxLength: 3,
});

function dataStore(ctCaps: fc.Arbitrary<CtCap[]>): fc.Arbitrary<DevInfDataStore> {
  return fc
    .record({
      sourceRef: text,
      displayName: maybe(text),
      maxGuidSize: maybe(count),
      rxPref: maybe(contentType),
      rx: fc.array(contentType, { maxLength: 2 }),
      txPref: maybe(contentType),
      tx: fc.array(contentType, { maxLength: 2 }),
      ctCaps,
      syncTypes: fc.array(fc.integer({ min: 1, max: 400000 }), { maxLength: 8 }),
    })
    .map(defined);
}

export function devinf(form: SyncmlVersion): fc.Arbitrary<DevInf> {
  // 1.1: one device-wide CTCap list, the same in every datastore (as the decoder copies it).
  const stores =
    form === '1.2'
      ? fc.array(dataStore(fc.array(ctCap12, { maxLength: 2 })), { maxLength: 3 })
      : ctCaps11.chain((caps) => fc.array(dataStore(fc.constant(caps)), { maxLength: 3 }));
  return fc
    .record({
      verDTD: fc.constant(form),
      man: maybe(text), mod: maybe(text), oem: maybe(text), fwV: maybe(text), swV: maybe(text), hwV: maybe(text),
      devId: text,
      devTyp: fc.constantFrom('phone', 'smartphone', 'pda', 'workstation', 'server'),
      utc: fc.boolean(), supportLargeObjs: fc.boolean(), supportNumberOfChanges: fc.boolean(),
      dataStores: stores,
    })
    .map(defined);
}

function item(version: SyncmlVersion): fc.Arbitrary<Item> {
  const payload = fc.oneof(
    fc.record({ data: fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: fc.constant('BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;John\r\nEND:VCARD\r\n') }) }),
    fc.record({ devinf: devinf(version) }),
    fc.record({ anchor }),
    fc.constant({}),
  );
  return fc
    .tuple(
      fc.record({ target: maybe(location), source: maybe(location), targetParent: maybe(text), sourceParent: maybe(text), meta: maybe(meta), moreData: flag }),
      payload,
    )
    .map(([a, b]) => defined({ ...a, ...b }));
}

const cmdId = number;
const UNSUPPORTED = ['Atomic', 'Copy', 'Exec', 'Search', 'Sequence', 'Move'] as const;
const unsupported: fc.Arbitrary<Unsupported> = fc.record({ kind: fc.constant('Unsupported' as const), name: fc.constantFrom(...UNSUPPORTED), cmdId, noResp: flag }).map(defined);

function syncItemCommand(version: SyncmlVersion): fc.Arbitrary<SyncItemCommand> {
  const items = fc.array(item(version), { minLength: 1, maxLength: 2 });
  return fc.oneof(
    fc.record({ kind: fc.constantFrom('Add' as const, 'Replace' as const), cmdId, noResp: flag, meta: maybe(meta), items }).map(defined),
    fc.record({ kind: fc.constant('Delete' as const), cmdId, noResp: flag, meta: maybe(meta), archive: flag, softDelete: flag, items }).map(defined),
  );
}

function command(version: SyncmlVersion): fc.Arbitrary<Command> {
  const items = (min: number) => fc.array(item(version), { minLength: min, maxLength: 2 });
  const status: fc.Arbitrary<Status> = fc
    .record({
      kind: fc.constant('Status' as const), cmdId, msgRef: number, cmdRef: ref, cmd: fc.constantFrom('SyncHdr', 'Alert', 'Add', 'Sync', 'Map', 'Put'),
      targetRefs: fc.array(text, { maxLength: 2 }), sourceRefs: fc.array(text, { maxLength: 2 }),
      chal: maybe(fc.record({ meta })), data: fc.integer({ min: 100, max: 599 }), items: items(0),
    })
    .map(defined);
  return fc.oneof(
    status,
    fc.record({ kind: fc.constant('Alert' as const), cmdId, noResp: flag, data: maybe(fc.integer({ min: 100, max: 1300 })), items: items(0) }).map(defined),
    fc.record({ kind: fc.constantFrom('Put' as const, 'Get' as const), cmdId, noResp: flag, lang: maybe(token), meta: maybe(meta), items: items(1) }).map(defined),
    fc
      .record({ kind: fc.constant('Results' as const), cmdId, msgRef: maybe(number), cmdRef: ref, meta: maybe(meta), targetRef: maybe(text), sourceRef: maybe(text), items: items(1) })
      .map(defined),
    fc
      .record({
        kind: fc.constant('Sync' as const), cmdId, noResp: flag, meta: maybe(meta), target: maybe(location), source: maybe(location),
        numberOfChanges: maybe(count), commands: fc.array(fc.oneof({ weight: 4, arbitrary: syncItemCommand(version) }, { weight: 1, arbitrary: unsupported }), { maxLength: 4 }),
      })
      .map(defined),
    fc
      .record({
        kind: fc.constant('Map' as const), cmdId, meta: maybe(meta), target: location, source: location,
        mapItems: fc.array(fc.record({ target: text, source: text }), { minLength: 1, maxLength: 3 }),
      })
      .map(defined),
    syncItemCommand(version),
    unsupported,
  );
}

export const message: fc.Arbitrary<SyncmlMessage> = fc.constantFrom<SyncmlVersion>('1.1', '1.2').chain((version) =>
  fc.record({
    header: fc
      .record({
        verDTD: fc.constant(version),
        verProto: fc.constant(`SyncML/${version}`),
        sessionId: token,
        msgId: number,
        target: location,
        source: location,
        respUri: maybe(text),
        noResp: flag,
        cred: maybe(fc.record({ meta: maybe(meta), data: token }).map(defined)),
        meta: maybe(meta),
      })
      .map(defined),
    commands: fc.array(command(version), { maxLength: 5 }),
    final: fc.boolean(),
  }),
);
