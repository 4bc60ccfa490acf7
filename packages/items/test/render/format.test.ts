/**
 * phoneFormat: which content type and version a phone datastore gets (Rx-Pref, Rx, quirks, no
 * DevInf), when its times go out as local time, and the merged field limits.
 */
import { phoneFormat, type DeviceContentType, type DeviceDataStore, type FormatQuirks, type ItemDataclass } from '@atomsync/items';
import { describe, expect, it } from 'vitest';

/** A CTCap of a DevInf datastore: the limits of one content type (and version). */
type CtCap = DeviceDataStore['ctCaps'][number];

const ct = (ctType: string, verCt?: string): DeviceContentType => (verCt === undefined ? { ctType } : { ctType, verCt });

function datastore(rxPref: DeviceContentType | undefined, rx: DeviceContentType[], ctCaps: CtCap[] = []): DeviceDataStore {
  return { rxPref, rx, ctCaps };
}

/** SyncEvolution's contacts datastore (samples/xml-contacts-slow): prefers 3.0, takes 2.1. */
const syncEvolutionContacts = datastore(ct('text/vcard', '3.0'), [ct('text/x-vcard', '2.1')]);
/** SyncEvolution's calendar datastore (samples/xml-calendar-slow). */
const syncEvolutionCalendar = datastore(ct('text/calendar', '2.0'), [ct('text/x-vcalendar', '1.0')]);
/** A Nokia S40 as it says it: 2.1 preferred, 3.0 also taken. */
const nokiaContacts = datastore(ct('text/x-vcard', '2.1'), [ct('text/vcard', '3.0')]);
const nokiaCalendar = datastore(ct('text/x-vcalendar', '1.0'), [ct('text/calendar', '2.0')]);

describe('phoneFormat: the content type', () => {
  const table: [string, ItemDataclass, DeviceDataStore | undefined, FormatQuirks, { type: string; version: string }][] = [
    ['no DevInf: vCard 2.1', 'Contacts', undefined, {}, { type: 'text/x-vcard', version: '2.1' }],
    ['no DevInf: vCalendar 1.0 for events', 'Events', undefined, {}, { type: 'text/x-vcalendar', version: '1.0' }],
    ['no DevInf: vCalendar 1.0 for tasks', 'Tasks', undefined, {}, { type: 'text/x-vcalendar', version: '1.0' }],
    ['no DevInf: text/plain for notes', 'Notes', undefined, {}, { type: 'text/plain', version: '' }],
    ['Rx-Pref 3.0 we produce', 'Contacts', syncEvolutionContacts, {}, { type: 'text/vcard', version: '3.0' }],
    ['Rx-Pref 2.1 over a newer Rx', 'Contacts', nokiaContacts, {}, { type: 'text/x-vcard', version: '2.1' }],
    ['Rx-Pref iCalendar 2.0', 'Events', syncEvolutionCalendar, {}, { type: 'text/calendar', version: '2.0' }],
    ['Rx-Pref vCalendar 1.0 over a newer Rx', 'Tasks', nokiaCalendar, {}, { type: 'text/x-vcalendar', version: '1.0' }],
    ['Rx-Pref we cannot produce (4.0): the newest Rx we can', 'Contacts',
      datastore(ct('text/vcard', '4.0'), [ct('text/x-vcard', '2.1'), ct('text/vcard', '3.0')]), {}, { type: 'text/vcard', version: '3.0' }],
    ['no Rx-Pref: the newest Rx', 'Events', datastore(undefined, [ct('text/x-vcalendar', '1.0'), ct('text/calendar', '2.0')]), {},
      { type: 'text/calendar', version: '2.0' }],
    ['a type without VerCT means its usual version', 'Contacts', datastore(ct('text/x-vcard'), []), {}, { type: 'text/x-vcard', version: '2.1' }],
    ['type names are matched without case', 'Contacts', datastore(ct('TEXT/VCARD', '3.0'), []), {}, { type: 'text/vcard', version: '3.0' }],
    ['vcard21Only forces 2.1 over Rx-Pref 3.0', 'Contacts', syncEvolutionContacts, { vcard21Only: true }, { type: 'text/x-vcard', version: '2.1' }],
    ['vcard21Only where the phone names no 2.1: text/x-vcard 2.1', 'Contacts', datastore(ct('text/vcard', '3.0'), []), { vcard21Only: true },
      { type: 'text/x-vcard', version: '2.1' }],
    ['vcard21Only says nothing about calendars', 'Events', syncEvolutionCalendar, { vcard21Only: true }, { type: 'text/calendar', version: '2.0' }],
    ['nothing producible for the dataclass: the legacy form', 'Events', syncEvolutionContacts, {}, { type: 'text/x-vcalendar', version: '1.0' }],
    ['an empty DevInf datastore: the legacy form', 'Contacts', datastore(undefined, []), {}, { type: 'text/x-vcard', version: '2.1' }],
    ['notes are text/plain whatever the phone prefers', 'Notes', datastore(ct('text/x-vnote', '1.1'), [ct('text/plain')]), {},
      { type: 'text/plain', version: '' }],
  ];
  it.each(table)('%s', (_, dataclass, store, quirks, expected) => {
    expect(phoneFormat({ dataclass, datastore: store, quirks, timezone: 'Europe/Berlin', utc: true })).toMatchObject(expected);
  });
});

describe('phoneFormat: local time', () => {
  const table: [string, ItemDataclass, DeviceDataStore | undefined, FormatQuirks, boolean | undefined, string, string | null][] = [
    ['no DevInf, no quirk: UTC', 'Events', undefined, {}, undefined, 'Europe/Berlin', null],
    ['quirk localTime: the client zone', 'Events', undefined, { localTime: true }, undefined, 'Europe/Berlin', 'Europe/Berlin'],
    ['quirk localTime beats <UTC/>', 'Tasks', nokiaCalendar, { localTime: true }, true, 'America/New_York', 'America/New_York'],
    ['DevInf without <UTC/> for vCalendar 1.0: local', 'Events', nokiaCalendar, {}, false, 'Europe/Berlin', 'Europe/Berlin'],
    ['DevInf with <UTC/>: UTC', 'Events', nokiaCalendar, {}, true, 'Europe/Berlin', null],
    ['iCalendar 2.0 carries its zones itself: never local', 'Events', syncEvolutionCalendar, { localTime: true }, false, 'Europe/Berlin', null],
    ['an unknown zone: UTC, which every 1.0 reader takes', 'Events', undefined, { localTime: true }, undefined, 'Mars/Olympus', null],
    ['an empty zone: UTC', 'Events', undefined, { localTime: true }, undefined, '', null],
    ['contacts have no times', 'Contacts', undefined, { localTime: true }, undefined, 'Europe/Berlin', null],
  ];
  it.each(table)('%s', (_, dataclass, store, quirks, utc, timezone, expected) => {
    expect(phoneFormat({ dataclass, datastore: store, quirks, timezone, utc }).localTime).toBe(expected);
  });
});

describe('phoneFormat: field limits', () => {
  const caps: CtCap[] = [
    { ctType: 'text/x-vcard', verCt: '2.1', properties: [
      { name: 'N', maxSize: 30 },
      { name: 'TEL', maxSize: 40 },
      { name: 'EMAIL' },
    ] },
    { ctType: 'text/vcard', verCt: '3.0', properties: [{ name: 'N', maxSize: 10 }] },
  ];
  const store = datastore(ct('text/x-vcard', '2.1'), [ct('text/vcard', '3.0')], caps);

  it('takes the stricter of the quirk and the CTCap MaxSize of the chosen version, by upper-case name', () => {
    const format = phoneFormat({ dataclass: 'Contacts', datastore: store, quirks: { maxFieldLength: { n: 20, TEL: 60, NOTE: 255 } }, timezone: '' });
    expect(format.maxFieldLength).toEqual({ N: 20, TEL: 40, NOTE: 255 });
  });

  it('reads the CTCap of the version it chose', () => {
    const format = phoneFormat({ dataclass: 'Contacts', datastore: datastore(ct('text/vcard', '3.0'), [], caps), quirks: {}, timezone: '' });
    expect(format.maxFieldLength).toEqual({ N: 10 });
  });

  it('has the quirk alone without DevInf, and ignores nonsense limits', () => {
    const format = phoneFormat({ dataclass: 'Events', quirks: { maxFieldLength: { SUMMARY: 40, LOCATION: 0, DESCRIPTION: Number.NaN } }, timezone: '' });
    expect(format.maxFieldLength).toEqual({ SUMMARY: 40 });
  });
});
