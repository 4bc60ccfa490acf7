/** The Server Alerted Notification: header fields read back bit by bit, and the digest recomputed. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAN_CONTENT_TYPES, encodeSan, sanSyncType, syncmlCredential } from '../../src/provisioning/san.js';

const md5 = (d: Uint8Array | string) => createHash('md5').update(d).digest();

/** A test-only parser of package #0 (the layout in san.ts's comment), independent of the encoder. */
function parseSan(bytes: Uint8Array) {
  const buf = Buffer.from(bytes);
  let bit = 128;
  const bits = (n: number) => {
    let v = 0;
    for (let k = 0; k < n; k++, bit++) v = v * 2 + ((buf[bit >> 3]! >> (7 - (bit & 7))) & 1);
    return v;
  };
  const text = (len: number) => {
    const s = buf.subarray(bit >> 3, (bit >> 3) + len).toString('utf8');
    bit += len * 8;
    return s;
  };
  const version = bits(10);
  const uiMode = bits(2);
  const initiator = bits(1);
  const future = bits(27);
  const sessionId = bits(16);
  const serverId = text(bits(8));
  const numSyncs = bits(4);
  bits(4);
  const syncs = [];
  for (let k = 0; k < numSyncs; k++) {
    const syncType = 200 + bits(4);
    bits(4);
    const contentType = bits(24);
    syncs.push({ syncType, contentType, serverUri: text(bits(8)) });
  }
  return { digest: buf.subarray(0, 16), trigger: buf.subarray(16), version, uiMode, initiator, future, sessionId, serverId, syncs, rest: buf.length - (bit >> 3) };
}

describe('encodeSan', () => {
  const credential = syncmlCredential('klindqvist', 's3cret');
  const san = encodeSan({
    serverId: 'atomsync',
    credential,
    nonce: '',
    sessionId: 42,
    syncs: [
      { syncType: 206, contentType: SAN_CONTENT_TYPES['text/x-vcard']!, serverUri: 'contacts' },
      { syncType: 206, contentType: SAN_CONTENT_TYPES['text/x-vcalendar']!, serverUri: 'calendar' },
    ],
  });
  const parsed = parseSan(san);

  it('has the DS 1.2 header of a server-initiated notification', () => {
    expect(parsed).toMatchObject({ version: 12, uiMode: 0, initiator: 1, future: 0, sessionId: 42, serverId: 'atomsync', rest: 0 });
  });

  it('lists each sync with its type, content type and server URI', () => {
    expect(parsed.syncs).toEqual([
      { syncType: 206, contentType: 0x07, serverUri: 'contacts' },
      { syncType: 206, contentType: 0x06, serverUri: 'calendar' },
    ]);
  });

  it('is laid out as the example in spec/examples/syncml-outbox.list.xml (after the digest)', () => {
    expect(Buffer.from(parsed.trigger).toString('base64')).toBe('AwgAAAAAKghhdG9tc3luYyBgAAAHCGNvbnRhY3RzYAAABghjYWxlbmRhcg==');
  });

  it('carries the digest H(B64(H(user:password)):nonce:B64(H(trigger)))', () => {
    const b64 = (d: Buffer) => d.toString('base64');
    const expected = md5(`${b64(md5('klindqvist:s3cret'))}::${b64(md5(parsed.trigger))}`);
    expect(Buffer.compare(parsed.digest, expected)).toBe(0);
    const other = md5(`${b64(md5('klindqvist:wrong'))}::${b64(md5(parsed.trigger))}`);
    expect(Buffer.compare(parsed.digest, other)).not.toBe(0);
    const withNonce = parseSan(encodeSan({ serverId: 'atomsync', credential, nonce: 'Tht9KpDDX2g=', sessionId: 42, syncs: [] }));
    expect(Buffer.compare(withNonce.digest, md5(`${b64(md5('klindqvist:s3cret'))}:Tht9KpDDX2g=:${b64(md5(withNonce.trigger))}`))).toBe(0);
  });

  it('maps sync modes to SAN sync types', () => {
    expect([200, 201, 202, 203, 204, 205].map((m) => sanSyncType(m as 200))).toEqual([206, 206, 207, 208, 209, 210]);
  });

  it('refuses what does not fit the format', () => {
    const base = { serverId: 'atomsync', credential, nonce: '', sessionId: 1, syncs: [] };
    expect(() => encodeSan({ ...base, sessionId: 0x10000 })).toThrow(RangeError);
    expect(() => encodeSan({ ...base, serverId: 'x'.repeat(256) })).toThrow(RangeError);
    expect(() => encodeSan({ ...base, syncs: Array.from({ length: 16 }, () => ({ syncType: 206 as const, contentType: 0, serverUri: 'a' })) })).toThrow(RangeError);
  });
});
