/**
 * The XML codec against real traffic: every captured message decodes, with the fields the capture
 * shows; re-encoding gives the same document (after canonicalization) and decodes to the same model.
 */
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, type Alert, type Command, type MapCommand, type Results, type Status, type Sync } from '../src/index.js';
import { canonical, SYNCEVOLUTION_ORDER } from './support/canonical.js';
import { fixture, text, xmlFixtures } from './support/fixtures.js';

const decode = (name: string) => decodeMessage(fixture(name).bytes, 'xml');
const ofKind = <K extends Command['kind']>(commands: readonly Command[], kind: K) => commands.filter((c) => c.kind === kind) as Extract<Command, { kind: K }>[];

describe('captured XML messages decode', () => {
  it.each(xmlFixtures.map((f) => [f.name]))('%s', (name) => {
    const m = decode(name);
    expect(m.header.verDTD).toBe('1.2');
    expect(m.header.verProto).toBe('SyncML/1.2');
    expect(m.final).toBe(true);
    expect(m.commands.length).toBeGreaterThan(0);
  });

  it('slow sync, message 1 from the client: header, MD5 Cred, Put DevInf, Get, Alert 201 with its anchor', () => {
    const m = decode('xml-contacts-slow/1-client-to-server.xml');
    expect(m.header).toEqual({
      verDTD: '1.2',
      verProto: 'SyncML/1.2',
      sessionId: '5',
      msgId: '1',
      target: { locUri: 'http://127.0.0.1:9100/syncevolution' },
      source: { locUri: 'sc-client1', locName: 'test' },
      cred: { meta: { format: 'b64', type: 'syncml:auth-md5' }, data: 'MraccrRHny5AADBfmPIGpQ==' },
      meta: { maxMsgSize: 150000, maxObjSize: 4000000 },
    });
    expect(m.commands.map((c) => c.kind)).toEqual(['Put', 'Get', 'Alert']);
    const [put, get, alert] = m.commands as [Extract<Command, { kind: 'Put' }>, Extract<Command, { kind: 'Get' }>, Alert];
    expect(put.meta).toEqual({ type: 'application/vnd.syncml-devinf+xml' });
    expect(put.items[0]!.source).toEqual({ locUri: './devinf12' });
    const devinf = put.items[0]!.devinf!;
    expect(devinf).toMatchObject({ verDTD: '1.2', man: 'Patrick Ohly', mod: 'SyncEvolution', devId: 'sc-client1', devTyp: 'workstation', utc: true, supportLargeObjs: true, supportNumberOfChanges: true });
    expect(devinf.dataStores).toHaveLength(1);
    const ds = devinf.dataStores[0]!;
    expect(ds).toMatchObject({
      sourceRef: './addressbook', displayName: 'addressbook', maxGuidSize: 64,
      rxPref: { ctType: 'text/vcard', verCt: '3.0' }, rx: [{ ctType: 'text/x-vcard', verCt: '2.1' }],
      txPref: { ctType: 'text/vcard', verCt: '3.0' }, tx: [{ ctType: 'text/x-vcard', verCt: '2.1' }],
      syncTypes: [1, 2, 3, 4, 5, 6, 7, 390001],
    });
    expect(ds.ctCaps.map((c) => `${c.ctType} ${c.verCt}`)).toEqual(['text/vcard 3.0', 'text/x-vcard 2.1']);
    const vcard30 = ds.ctCaps[0]!;
    expect(vcard30.properties.find((p) => p.name === 'VERSION')).toEqual({ name: 'VERSION', maxOccur: 1, valEnums: ['3.0'], params: [] });
    expect(vcard30.properties.find((p) => p.name === 'TEL')!.params).toEqual([
      { name: 'TYPE', valEnums: ['HOME', 'WORK', 'VOICE', 'CELL', 'FAX', 'PAGER', 'PREF', 'CAR', 'X-EVOLUTION-CALLBACK', 'X-EVOLUTION-RADIO', 'X-EVOLUTION-TELEX', 'X-EVOLUTION-TTYTDD'] },
    ]);
    expect(get).toEqual({ kind: 'Get', cmdId: '2', meta: { type: 'application/vnd.syncml-devinf+xml' }, items: [{ target: { locUri: './devinf12' } }] });
    expect(alert).toEqual({
      kind: 'Alert', cmdId: '3', data: 201,
      items: [{ target: { locUri: 'contacts' }, source: { locUri: './addressbook' }, meta: { anchor: { next: '20261121T223244Z' }, maxObjSize: 4000000 } }],
    });
  });

  it('slow sync, the server answer: RespURI, Status 212 with Chal and NextNonce, statuses, Results DevInf, Alert', () => {
    const m = decode('xml-contacts-slow/1-server-to-client.xml');
    expect(m.header.respUri).toBe('http://127.0.0.1:9100/syncevolution?sessionid=7018454371795300365');
    const statuses = ofKind(m.commands, 'Status');
    expect(statuses[0]).toEqual<Status>({
      kind: 'Status', cmdId: '1', msgRef: '1', cmdRef: '0', cmd: 'SyncHdr',
      targetRefs: ['http://127.0.0.1:9100/syncevolution'], sourceRefs: ['sc-client1'],
      chal: { meta: { format: 'b64', type: 'syncml:auth-md5', nextNonce: 'XkU3V0YhISE=' } },
      data: 212, items: [],
    });
    expect(statuses.map((s) => `${s.cmdRef} ${s.cmd} ${s.data}`)).toEqual(['0 SyncHdr 212', '1 Put 200', '2 Get 200', '3 Alert 200']);
    expect(statuses[3]!.items).toEqual([{ anchor: { next: '20261121T223244Z' } }]);
    const results = ofKind(m.commands, 'Results')[0] as Results;
    expect(results).toMatchObject({ msgRef: '1', cmdRef: '2', meta: { type: 'application/vnd.syncml-devinf+xml' } });
    expect(results.items[0]!.devinf!.dataStores.map((d) => d.sourceRef)).toEqual(['./calendar', './contacts']);
    expect(ofKind(m.commands, 'Alert')[0]!.data).toBe(201);
  });

  it('slow sync, message 2: a Sync of three Adds with their vCards', () => {
    const m = decode('xml-contacts-slow/2-client-to-server.xml');
    const sync = ofKind(m.commands, 'Sync')[0] as Sync;
    expect(sync.target).toEqual({ locUri: 'contacts' });
    expect(sync.source).toEqual({ locUri: './addressbook' });
    expect(sync.commands.map((c) => c.kind)).toEqual(['Add', 'Add', 'Add']);
    const add = sync.commands[0] as Extract<Command, { kind: 'Add' }>;
    expect(add.meta).toEqual({ type: 'text/vcard' });
    expect(add.items[0]!.source).toEqual({ locUri: 'contact-00001.vcf' });
    // CDATA as sent, UTF-8 decoded, CR LF read as LF (XML end-of-line handling).
    expect(add.items[0]!.data).toContain('N:Müller;Ulrich;;;\nFN:Ulrich Müller\n');
    expect(add.items[0]!.data!.endsWith('END:VCARD\n')).toBe(true);
  });

  it('two-way sync: anchors Last and Next; Replace, Delete and Add', () => {
    const alert = ofKind(decode('xml-contacts-two-way/1-client-to-server.xml').commands, 'Alert')[0]!;
    expect(alert.data).toBe(200);
    expect(alert.items[0]!.meta!.anchor).toEqual({ last: '20261121T223244Z', next: '20261121T223247Z' });
    const sync = ofKind(decode('xml-contacts-two-way/2-client-to-server.xml').commands, 'Sync')[0]!;
    expect(sync.commands.map((c) => `${c.kind} ${c.kind === 'Unsupported' ? '' : c.items[0]!.source!.locUri}`)).toEqual([
      'Replace contact-00001.vcf', 'Delete contact-00002.vcf', 'Add contact-00004.vcf',
    ]);
    const statuses = ofKind(decode('xml-contacts-two-way/2-server-to-client.xml').commands, 'Status');
    expect(statuses.map((s) => `${s.cmd} ${s.data} ${s.sourceRefs.join()}`)).toEqual([
      'SyncHdr 200 sc-client1', 'Sync 200 ./addressbook', 'Replace 200 contact-00001.vcf', 'Delete 200 contact-00002.vcf', 'Add 201 contact-00004.vcf',
    ]);
  });

  it('refresh from server: Alert 205, the server Sync with NumberOfChanges, the client Map', () => {
    expect(ofKind(decode('xml-contacts-refresh-from-server/1-client-to-server.xml').commands, 'Alert')[0]!.data).toBe(205);
    const sync = ofKind(decode('xml-contacts-refresh-from-server/2-server-to-client.xml').commands, 'Sync')[0]!;
    expect(sync.numberOfChanges).toBe(3);
    expect(sync.commands).toHaveLength(3);
    const map = ofKind(decode('xml-contacts-refresh-from-server/3-client-to-server.xml').commands, 'Map')[0] as MapCommand;
    expect(map).toEqual<MapCommand>({
      kind: 'Map', cmdId: '7',
      target: { locUri: 'contacts' }, source: { locUri: './addressbook' },
      mapItems: [{ target: '0', source: '0' }, { target: '2', source: '1' }, { target: '3', source: '2' }],
    });
  });

  it('calendar: a refused first login (401 with a Chal), then a new session', () => {
    const refused = decode('xml-calendar-slow/1-server-to-client.xml');
    expect(ofKind(refused.commands, 'Status').map((s) => s.data)).toEqual([401, 401, 401, 401]);
    expect(ofKind(refused.commands, 'Status')[0]!.chal!.meta.nextNonce).toBe('TEgmVichISE=');
    const retry = decode('xml-calendar-slow/2-client-to-server.xml');
    expect(retry.header.sessionId).toBe('6');
    expect(retry.header.cred!.data).toBe('hEscfmxRTzQrr6qJHGakFw==');
    const sync = ofKind(decode('xml-calendar-slow/3-client-to-server.xml').commands, 'Sync')[0]!;
    expect(sync.commands).toHaveLength(2);
    const add = sync.commands[0] as Extract<Command, { kind: 'Add' }>;
    expect(add.meta!.type).toBe('text/calendar');
    expect(add.items[0]!.data).toMatch(/^BEGIN:VCALENDAR\n[\s\S]*BEGIN:VEVENT\n[\s\S]*END:VCALENDAR\n$/);
  });
});

describe('re-encoding the captured XML messages', () => {
  it.each(xmlFixtures.map((f) => [f.name]))('%s: same document after canonicalization, same model after decoding', (name) => {
    const captured = text(fixture(name).bytes);
    const model = decodeMessage(fixture(name).bytes, 'xml');
    const ours = text(encodeMessage(model, 'xml'));
    expect(ours.startsWith('<?xml version="1.0" encoding="UTF-8"?><SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr>')).toBe(true);
    expect(canonical(ours, SYNCEVOLUTION_ORDER)).toEqual(canonical(captured, SYNCEVOLUTION_ORDER));
    expect(decodeMessage(new TextEncoder().encode(ours), 'xml')).toEqual(model);
  });

  it.each(xmlFixtures.map((f) => [f.name]))('%s: through WBXML and back, the same model', (name) => {
    const model = decodeMessage(fixture(name).bytes, 'xml');
    expect(decodeMessage(encodeMessage(model, 'wbxml'), 'wbxml')).toEqual(model);
  });

  it('declares MetInf and DevInf namespaces where phones expect them', () => {
    const ours = text(encodeMessage(decodeMessage(fixture('xml-contacts-slow/1-client-to-server.xml').bytes, 'xml'), 'xml'));
    expect(ours).toContain('<Cred><Meta><Format xmlns="syncml:metinf">b64</Format><Type xmlns="syncml:metinf">syncml:auth-md5</Type></Meta><Data>MraccrRHny5AADBfmPIGpQ==</Data></Cred>');
    expect(ours).toContain('<Data><DevInf xmlns="syncml:devinf"><VerDTD>1.2</VerDTD>');
    expect(ours).toContain('<Meta><Anchor xmlns="syncml:metinf"><Next>20261121T223244Z</Next></Anchor><MaxObjSize xmlns="syncml:metinf">4000000</MaxObjSize></Meta>');
  });
});
