/**
 * The codecs of what a SyncML session keeps (src/syncml/session/codecs.ts): every value of its
 * type comes back equal (every DevInf the SyncML decoder can produce among them), anything else —
 * text that is no JSON, a null, a field of the wrong type, a missing one, any JSON at all — is a
 * StoredDataError naming the row and the fault, never another error and never a value of the
 * wrong type; a property the type does not have is dropped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { devinf } from '../../../../syncml/test/support/arbitraries.js';
import { DEVINF, IN_CHANGE, OUT_CHANGE, queuedChange, SESSION_STATE, StoredDataError, type StoredCodec } from '../../../src/syncml/session/codecs.js';
import type { DatastoreState, InChange, OutChange, SessionState } from '@atomsync/syncml';

const datastore: DatastoreState = {
  phoneUri: './contacts',
  serverLocUri: 'Contacts/',
  serverUri: 'contacts',
  dataclass: 'Contacts',
  phoneMode: 201,
  phoneNext: '20240101T000000Z',
  bindingId: 7,
  side: 'target',
  phase: 'sending',
  syncOpened: true,
  outFrom: 0,
  outTo: 12,
  stats: { addsIn: 1, replacesIn: 2, deletesIn: 3, addsOut: 4, replacesOut: 5, deletesOut: 6 },
  result: 'completed',
  refused: 1,
};

/** A state with every field a session sets. */
const state: SessionState = {
  version: '1.2',
  encoding: 'wbxml',
  deviceId: 'IMEI:356938035643809',
  serverLocUri: 'http://127.0.0.1:8080/syncml',
  accountId: 3,
  username: 'alice',
  clientUuid: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
  maxMsgSize: 10_000,
  maxObjSize: 4_000_000,
  outMsgId: 4,
  sent: { '4:3': 'contacts', '4:4': 'contacts' },
  datastores: [datastore, { ...datastore, serverUri: 'notes', dataclass: 'Notes', side: 'source', phase: 'failed', reason: 'the binding is gone', result: 'failed' }],
  partial: { serverUri: 'contacts', op: 'add', id: 'luid-1', type: 'text/vcard', size: 40_000, data: 'BEGIN:VCARD\r\n' },
  outSent: 5,
  outChunk: { seq: 5, sentChars: 3000 },
  largeObjects: true,
  devinfKnown: true,
  done: false,
  started: 1_700_000_000_000,
  status: 200,
};

const inChanges: InChange[] = [
  { serverUri: 'contacts', op: 'add', id: 'luid-1', type: 'text/vcard', data: 'BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n' },
  { serverUri: 'contacts', op: 'delete', id: 'luid-2', type: '' },
];
const outChanges: OutChange[] = [
  { serverUri: 'calendar', op: 'replace', id: 'luid-3', type: 'text/calendar', data: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
  { serverUri: 'calendar', op: 'delete', id: 'luid-4' },
];

/** The StoredDataError decoding `text` throws (failing when it decodes). */
function fault<T>(codec: StoredCodec<T>, text: string): StoredDataError {
  try {
    codec.decode(text, 'the row');
  } catch (error) {
    expect(error).toBeInstanceOf(StoredDataError);
    return error as StoredDataError;
  }
  throw new Error(`${text} decoded`);
}

describe('kept values come back as they were', () => {
  it('a session state, with every field set and with only those a new session has', () => {
    expect(SESSION_STATE.decode(SESSION_STATE.encode(state), 'the state')).toEqual(state);
    const fresh: SessionState = { version: '1.1', encoding: 'xml', deviceId: 'IMEI:1', serverLocUri: 'x', maxMsgSize: 0, maxObjSize: 0, outMsgId: 0, sent: {}, datastores: [], outSent: 0, done: false, started: 0 };
    expect(SESSION_STATE.decode(SESSION_STATE.encode(fresh), 'the state')).toEqual(fresh);
  });

  it("the phone's changes and ours", () => {
    for (const change of inChanges) expect(IN_CHANGE.decode(IN_CHANGE.encode(change), 'in')).toEqual(change);
    for (const change of outChanges) expect(OUT_CHANGE.decode(OUT_CHANGE.encode(change), 'out')).toEqual(change);
  });

  it.each(['1.1', '1.2'] as const)('every DevInf %s the SyncML codec can carry', (version) => {
    fc.assert(
      fc.property(devinf(version), (value) => {
        expect(DEVINF.decode(DEVINF.encode(value), 'the DevInf')).toEqual(value);
      }),
    );
  });

  it('drops a property the type does not have (one an older server wrote)', () => {
    const older = { ...state, receivedSync: true, datastores: [{ ...datastore, chunked: 3 }] };
    const read = SESSION_STATE.decode(JSON.stringify(older), 'the state');
    expect(read).toEqual({ ...state, datastores: [datastore] });
    expect(Object.keys(read)).not.toContain('receivedSync');
    expect(Object.keys(read.datastores[0]!)).not.toContain('chunked');
  });
});

describe('what does not decode', () => {
  it.each([
    ['text that is no JSON', '{"version":', 'the row does not decode: it is not JSON'],
    ['an empty text', '', 'the row does not decode: it is not JSON'],
    ['a null', 'null', 'the row does not decode: it holds a null'],
    ['a null inside', JSON.stringify({ ...state, username: null }), 'the row does not decode: it holds a null'],
    ['an array', '[]', 'the row does not decode: must be object'],
    ['a missing field', JSON.stringify({ ...state, datastores: undefined }), "the row does not decode: must have required property 'datastores'"],
    ['a version we do not speak', JSON.stringify({ ...state, version: '1.0' }), 'the row does not decode: /version: must be equal to one of the allowed values'],
    ['a count below zero', JSON.stringify({ ...state, outSent: -1 }), 'the row does not decode: /outSent: must be >= 0'],
    ['a fractional id', JSON.stringify({ ...state, accountId: 1.5 }), 'the row does not decode: /accountId: must be integer'],
    ['a sent map of numbers', JSON.stringify({ ...state, sent: { '1:2': 3 } }), 'the row does not decode: /sent/1:2: must be string'],
    ['a datastore of no dataclass', JSON.stringify({ ...state, datastores: [{ ...datastore, dataclass: 'Photos' }] }), 'the row does not decode: /datastores/0/dataclass: must be equal to one of the allowed values'],
    ['statistics short of a count', JSON.stringify({ ...state, datastores: [{ ...datastore, stats: { addsIn: 1 } }] }), "the row does not decode: /datastores/0/stats: must have required property 'replacesIn'"],
    ['a partial item of no operation', JSON.stringify({ ...state, partial: { ...state.partial, op: 'delete' } }), 'the row does not decode: /partial/op: must be equal to one of the allowed values'],
  ])('a session state: %s', (_name, text, message) => {
    expect(fault(SESSION_STATE, text).message).toBe(message);
  });

  it('a change or a DevInf of the wrong shape', () => {
    expect(fault(IN_CHANGE, JSON.stringify({ ...inChanges[0], type: undefined })).fault).toBe("must have required property 'type'");
    expect(fault(OUT_CHANGE, JSON.stringify({ ...outChanges[0], op: 'move' })).fault).toBe('/op: must be equal to one of the allowed values');
    expect(fault(DEVINF, JSON.stringify({ verDTD: '1.2' })).fault).toBe("must have required property 'devId'");
  });

  it.each([
    ['session state', SESSION_STATE],
    ['phone change', IN_CHANGE],
    ['queued change', OUT_CHANGE],
    ['DevInf', DEVINF],
  ] as const)('any JSON and any text either is a %s or a StoredDataError', (_name, codec: StoredCodec<unknown>) => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.string()), (text) => {
        try {
          codec.decode(text, 'the row');
        } catch (error) {
          expect(error).toBeInstanceOf(StoredDataError);
        }
      }),
    );
  });
});

describe('a change queued for the phone, as the session machine reads it', () => {
  const change: OutChange = { serverUri: 'contacts', op: 'add', id: 'srv-1', type: 'text/vcard', data: 'BEGIN:VCARD' };

  it('is decoded when first read, once, equal to what was queued', () => {
    const row = queuedChange({ seq: 4, body: OUT_CHANGE.encode(change) });
    expect(row.seq).toBe(4);
    const first = row.change;
    expect(first).toEqual(change);
    // The same object the second time: not decoded again.
    expect(row.change).toBe(first);
  });

  it('does not decode a change nobody reads, and refuses one that does not decode when it is read', () => {
    // A page holds more changes than a message: those after the message's last are never decoded, so a corrupt one there costs nothing yet.
    const row = queuedChange({ seq: 9, body: '{"serverUri":"contacts","op":"add"}' });
    expect(row.seq).toBe(9);
    expect(() => row.change).toThrow(StoredDataError);
    expect(() => row.change).toThrow(/^change 9 queued for the phone in this session does not decode: must have required property 'id'$/);
  });
});
