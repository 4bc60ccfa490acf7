/**
 * The WBXML codec against a real WBXML session (SyncEvolution both sides): each raw message decodes
 * to the same model as the client's own XML translation of it, and re-encoding gives back the
 * captured bytes (except where SyncEvolution's DevInf departs from the DTD order, which we follow).
 */
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, type Command, type Sync, type SyncmlMessage } from '../src/index.js';
import { fixture } from './support/fixtures.js';

const SESSION = 'wbxml-contacts-first-sync';
const MESSAGES = [1, 2, 3].flatMap((n) => [`${n}-client-to-server`, `${n}-server-to-client`]);
const raw = (m: string) => fixture(`${SESSION}/${m}.wbxml`).bytes;
const decoded = (m: string) => decodeMessage(raw(m), 'wbxml');

/** XML reads a CR LF inside CDATA as LF (XML 1.0 §2.11); WBXML opaque data keeps its bytes. */
const xmlLineEnds = (m: SyncmlMessage): SyncmlMessage => JSON.parse(JSON.stringify(m).replaceAll('\\r\\n', '\\n')) as SyncmlMessage;

describe('the captured WBXML session', () => {
  it('is WBXML 1.2, SyncML 1.2 by public id 0x1201, UTF-8, no string table', () => {
    for (const m of MESSAGES) expect(Buffer.from(raw(m).subarray(0, 6)).toString('hex'), m).toBe('02a4016a006d');
  });

  it.each(MESSAGES.map((m) => [m]))('%s decodes to the model of its XML translation', (m) => {
    const translation = decodeMessage(fixture(`${SESSION}/${m}.translation.xml`).bytes, 'xml');
    expect(xmlLineEnds(decoded(m))).toEqual(translation);
  });

  it('the never-sent fourth message of the translation decodes too', () => {
    expect(decodeMessage(fixture(`${SESSION}/4-client-to-server.translation.xml`).bytes, 'xml').header.msgId).toBe('4');
  });

  it('message 1: MD5 Cred, DevInf (WBXML inside OPAQUE) with its CTCaps, Alert 201 with anchor', () => {
    const m = decoded('1-client-to-server');
    expect(m.header.source).toEqual({ locUri: 'sc-client-w', locName: 'test' });
    expect(m.header.cred).toEqual({ meta: { format: 'b64', type: 'syncml:auth-md5' }, data: 'MraccrRHny5AADBfmPIGpQ==' });
    const put = m.commands[0] as Extract<Command, { kind: 'Put' }>;
    expect(put.meta!.type).toBe('application/vnd.syncml-devinf+xml');
    const devinf = put.items[0]!.devinf!;
    expect(devinf.devId).toBe('sc-client-w');
    expect(devinf.dataStores[0]!.ctCaps.map((c) => c.ctType)).toEqual(['text/vcard', 'text/x-vcard']);
    expect(devinf.dataStores[0]!.ctCaps[0]!.properties.find((p) => p.name === 'EMAIL')!.params[0]!.valEnums).toEqual(['HOME', 'WORK', 'INTERNET']);
    expect(m.commands[2]).toEqual({
      kind: 'Alert', cmdId: '3', data: 201,
      items: [{ target: { locUri: 'contacts' }, source: { locUri: './addressbook' }, meta: { anchor: { next: '20261121T223258Z' }, maxObjSize: 4000000 } }],
    });
    const reply = decoded('1-server-to-client');
    expect(reply.commands[0]).toMatchObject({ kind: 'Status', cmd: 'SyncHdr', data: 212, chal: { meta: { type: 'syncml:auth-md5', format: 'b64', nextNonce: 'UikxSkQkISE=' } } });
  });

  it('message 2: three Adds whose vCards keep their CRLF; the server sends one Add back', () => {
    const sync = decoded('2-client-to-server').commands.find((c) => c.kind === 'Sync') as Sync;
    expect(sync.commands).toHaveLength(3);
    const data = (sync.commands[0] as Extract<Command, { kind: 'Add' }>).items[0]!.data!;
    expect(data.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(data).toContain('N:Müller;Ulrich;;;\r\n');
    const back = decoded('2-server-to-client').commands.find((c) => c.kind === 'Sync') as Sync;
    expect(back.numberOfChanges).toBe(1);
    expect((back.commands[0] as Extract<Command, { kind: 'Add' }>).items[0]!.source).toEqual({ locUri: '3' });
  });

  it('message 3: the Map of the server item', () => {
    expect(decoded('3-client-to-server').commands.find((c) => c.kind === 'Map')).toEqual({
      kind: 'Map', cmdId: '5', target: { locUri: 'contacts' }, source: { locUri: './addressbook' }, mapItems: [{ target: '3', source: '1' }],
    });
  });
});

describe('re-encoding the captured WBXML messages', () => {
  it.each(MESSAGES.filter((m) => !m.startsWith('1-')).map((m) => [m]))('%s: the same bytes', (m) => {
    expect(Buffer.from(encodeMessage(decoded(m), 'wbxml')).toString('hex')).toBe(Buffer.from(raw(m)).toString('hex'));
  });

  it.each(MESSAGES.filter((m) => m.startsWith('1-')).map((m) => [m]))(
    '%s (with DevInf): the same bytes up to the DevInf flags SyncEvolution writes out of DTD order',
    (m) => {
      const ours = Buffer.from(encodeMessage(decoded(m), 'wbxml'));
      const theirs = Buffer.from(raw(m));
      expect(ours.length).toBe(theirs.length);
      // UTC (0x28) SupportNumberOfChanges (0x29) SupportLargeObjs (0x2a) there; UTC, SupportLargeObjs, SupportNumberOfChanges here.
      const flags = theirs.indexOf(Buffer.from([0x28, 0x29, 0x2a]));
      expect(flags).toBeGreaterThan(0);
      expect(ours.subarray(0, flags)).toEqual(theirs.subarray(0, flags));
      expect(ours.subarray(flags, flags + 3)).toEqual(Buffer.from([0x28, 0x2a, 0x29]));
      expect(decodeMessage(ours, 'wbxml')).toEqual(decoded(m));
    },
  );

  it.each(MESSAGES.map((m) => [m]))('%s: XML and back gives the same model', (m) => {
    expect(decodeMessage(encodeMessage(decoded(m), 'xml'), 'xml')).toEqual(decoded(m));
  });
});
