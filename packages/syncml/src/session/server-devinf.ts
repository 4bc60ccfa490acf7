/**
 * The server's own DevInf, answered to a phone's Get of `./devinf11` / `./devinf12`: the server
 * datastores of guide/protocol.md#datastore-uris with the formats we read and write. Without CTCap a phone sends and
 * keeps every property it has, which is what a server that stores items whole wants.
 */
import type { ContentType, DevInf, DevInfDataStore } from '../devinf.js';
import type { SyncmlVersion } from '../message.js';

const VCARD: readonly ContentType[] = [{ ctType: 'text/vcard', verCt: '3.0' }, { ctType: 'text/x-vcard', verCt: '2.1' }];
const ICAL: readonly ContentType[] = [{ ctType: 'text/calendar', verCt: '2.0' }, { ctType: 'text/x-vcalendar', verCt: '1.0' }];
const NOTE: readonly ContentType[] = [{ ctType: 'text/plain', verCt: '1.0' }];

/** Two-way, slow, one-way and refresh both ways, and server-alerted sync. */
const SYNC_TYPES = [1, 2, 3, 4, 5, 6, 7];

function datastore(uri: string, name: string, types: readonly ContentType[]): DevInfDataStore {
  return { sourceRef: uri, displayName: name, rxPref: types[0], rx: types.slice(1), txPref: types[0], tx: types.slice(1), ctCaps: [], syncTypes: SYNC_TYPES };
}

const DATASTORES: readonly DevInfDataStore[] = [
  datastore('contacts', 'Contacts', VCARD),
  datastore('calendar', 'Calendar', ICAL),
  datastore('events', 'Events', ICAL),
  datastore('tasks', 'Tasks', ICAL),
  datastore('notes', 'Notes', NOTE),
];

/**
 * Our DevInf; with `only`, just those datastores (the ones the phone alerted): a phone with a
 * small MaxMsgSize gets its package 2 whole.
 */
export function serverDevInf(version: SyncmlVersion, deviceId: string, only?: ReadonlySet<string>): DevInf {
  return {
    verDTD: version,
    man: 'atomsync',
    mod: 'atomsync reference server',
    swV: '0.1.0',
    devId: deviceId,
    devTyp: 'server',
    utc: true,
    supportLargeObjs: true,
    supportNumberOfChanges: true,
    dataStores: only === undefined || only.size === 0 ? DATASTORES : DATASTORES.filter((d) => only.has(d.sourceRef)),
  };
}
