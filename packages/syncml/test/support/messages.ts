/** Small hand-built messages for the codec tests. */
import type { Command, DevInf, SyncmlMessage, SyncmlVersion } from '../../src/index.js';

export function message(commands: readonly Command[], version: SyncmlVersion = '1.2', extra: Partial<SyncmlMessage['header']> = {}): SyncmlMessage {
  return {
    header: {
      verDTD: version,
      verProto: `SyncML/${version}`,
      sessionId: '42',
      msgId: '1',
      target: { locUri: 'http://example.net/syncml' },
      source: { locUri: 'IMEI:490154203237518', locName: 'alice' },
      ...extra,
    },
    commands,
    final: true,
  };
}

export const devinf12: DevInf = {
  verDTD: '1.2',
  man: 'Nokia',
  mod: 'E71',
  devId: 'IMEI:490154203237518',
  devTyp: 'phone',
  utc: true,
  supportLargeObjs: true,
  supportNumberOfChanges: false,
  dataStores: [
    {
      sourceRef: './C\\Contacts.cdb',
      displayName: 'Contacts',
      maxGuidSize: 8,
      rxPref: { ctType: 'text/x-vcard', verCt: '2.1' },
      rx: [{ ctType: 'text/vcard', verCt: '3.0' }],
      txPref: { ctType: 'text/x-vcard', verCt: '2.1' },
      tx: [],
      ctCaps: [
        {
          ctType: 'text/x-vcard',
          verCt: '2.1',
          properties: [
            { name: 'BEGIN', valEnums: ['VCARD'], params: [] },
            { name: 'N', maxSize: 50, maxOccur: 1, valEnums: [], params: [] },
            { name: 'TEL', maxSize: 48, valEnums: [], params: [{ name: 'TYPE', valEnums: ['HOME', 'WORK', 'CELL'] }] },
          ],
        },
      ],
      syncTypes: [1, 2, 3, 4, 5, 6, 7],
    },
  ],
};
