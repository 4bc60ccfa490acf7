/**
 * The TbSync device harness (support/tbsync/) against a scripted responder built with our codec:
 * not a server, just enough answers to walk TbSync's ActiveSync client through a first sync and
 * an upload, in EAS 2.5 and 14.0, and to see what it sends.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { child, childText, childrenOf, decodeRequest, el, encodeResponse, nameOf, textOf, type AsElement } from '@atomsync/activesync';
import { TbsyncDevice } from './support/tbsync/device.js';

interface Received {
  readonly command: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: AsElement | null;
}

const CONTACTS_ID = 'contacts-1';
const SERVER_CONTACTS = [
  { id: 'c1', FirstName: 'Ada', LastName: 'Lovelace', Email1Address: 'ada@example.org' },
  { id: 'c2', FirstName: 'Jürgen', LastName: 'Groß', Email1Address: 'jg@example.org' },
];
const POLICY_KEYS = ['1000001', '2000002'];

/**
 * The script: 449 until the device holds the final policy key; Provision hands out a temporary
 * key, then the final one on the acknowledgement; one Contacts folder; Sync keys count up; the
 * two contacts go down once; an Add from the device is answered with a new ServerId.
 */
function startResponder(version: '2.5' | '14.0') {
  const received: Received[] = [];
  let contactsSent = false;
  let nextServerId = 100;

  const answer = (command: string, headers: IncomingHttpHeaders, body: AsElement | null): AsElement | number => {
    if (command !== 'Provision' && headers['x-ms-policykey'] !== POLICY_KEYS[1]) return 449;
    switch (command) {
      case 'Provision': {
        const policy = child(child(body!, 'Provision:Policies')!, 'Provision:Policy')!;
        const acknowledging = childText(policy, 'Provision:PolicyKey') === POLICY_KEYS[0];
        return el('Provision:Provision', [
          el('Provision:Status', '1'),
          el('Provision:Policies', [
            el('Provision:Policy', [
              el('Provision:PolicyType', version === '2.5' ? 'MS-WAP-Provisioning-XML' : 'MS-EAS-Provisioning-WBXML'),
              el('Provision:Status', '1'),
              el('Provision:PolicyKey', acknowledging ? POLICY_KEYS[1]! : POLICY_KEYS[0]!),
              ...(acknowledging ? [] : [el('Provision:Data', [el('Provision:EASProvisionDoc', [el('Provision:DevicePasswordEnabled', '0')])])]),
            ]),
          ]),
        ]);
      }
      case 'Settings':
        return el('Settings:Settings', [el('Settings:Status', '1'), el('Settings:DeviceInformation', [el('Settings:Status', '1')])]);
      case 'FolderSync': {
        const first = childText(body!, 'FolderHierarchy:SyncKey') === '0';
        return el('FolderHierarchy:FolderSync', [
          el('FolderHierarchy:Status', '1'),
          el('FolderHierarchy:SyncKey', '1'),
          ...(first
            ? [el('FolderHierarchy:Changes', [el('FolderHierarchy:Count', '1'), el('FolderHierarchy:Add', [el('FolderHierarchy:ServerId', CONTACTS_ID), el('FolderHierarchy:ParentId', '0'), el('FolderHierarchy:DisplayName', 'Contacts'), el('FolderHierarchy:Type', '9')])])]
            : []),
        ]);
      }
      case 'GetItemEstimate':
        return el('GetItemEstimate:GetItemEstimate', [
          el('GetItemEstimate:Response', [el('GetItemEstimate:Status', '1'), el('GetItemEstimate:Collection', [el('GetItemEstimate:CollectionId', CONTACTS_ID), el('GetItemEstimate:Estimate', contactsSent ? '0' : '2')])]),
        ]);
      case 'Sync': {
        const collection = child(child(body!, 'AirSync:Collections')!, 'AirSync:Collection')!;
        const key = Number(childText(collection, 'AirSync:SyncKey'));
        const commands = child(collection, 'AirSync:Commands');
        const replies: AsElement[] = [];
        const changes: AsElement[] = [];
        for (const add of commands ? childrenOf(commands, 'AirSync:Add') : []) {
          replies.push(el('AirSync:Add', [el('AirSync:ClientId', childText(add, 'AirSync:ClientId')!), el('AirSync:ServerId', `c${nextServerId++}`), el('AirSync:Status', '1')]));
        }
        if (key > 0 && child(collection, 'AirSync:GetChanges') && !contactsSent) {
          contactsSent = true;
          for (const contact of SERVER_CONTACTS) {
            changes.push(
              el('AirSync:Add', [
                el('AirSync:ServerId', contact.id),
                el('AirSync:ApplicationData', [el('Contacts:FirstName', contact.FirstName), el('Contacts:LastName', contact.LastName), el('Contacts:Email1Address', contact.Email1Address)]),
              ]),
            );
          }
        }
        return el('AirSync:Sync', [
          el('AirSync:Collections', [
            el('AirSync:Collection', [
              ...(version === '2.5' ? [el('AirSync:Class', 'Contacts')] : []),
              el('AirSync:SyncKey', String(key + 1)),
              el('AirSync:CollectionId', CONTACTS_ID),
              el('AirSync:Status', '1'),
              ...(replies.length ? [el('AirSync:Responses', replies)] : []),
              ...(changes.length ? [el('AirSync:Commands', changes)] : []),
            ]),
          ]),
        ]);
      }
      default:
        return 400;
    }
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'OPTIONS') {
        received.push({ command: 'OPTIONS', headers: request.headers, body: null });
        response.writeHead(200, { 'MS-ASProtocolVersions': '2.5,12.0,12.1,14.0', 'MS-ASProtocolCommands': 'Sync,FolderSync,GetItemEstimate,Provision,Settings,Ping', 'MS-Server-ActiveSync': '14.0' }).end();
        return;
      }
      const command = new URL(request.url!, 'http://responder').searchParams.get('Cmd') ?? '';
      const body = decodeRequest(new Uint8Array(Buffer.concat(chunks)));
      received.push({ command, headers: request.headers, body });
      const reply = answer(command, request.headers, body);
      if (typeof reply === 'number') response.writeHead(reply).end();
      else response.writeHead(200, { 'Content-Type': 'application/vnd.ms-sync.wbxml' }).end(Buffer.from(encodeResponse(reply)));
    });
  });
  return { server, received };
}

describe.each(['2.5', '14.0'] as const)("the TbSync harness, EAS %s, against a scripted responder", (version) => {
  const { server, received } = startResponder(version);
  let device: TbsyncDevice;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    device = new TbsyncDevice({ serverUrl: `http://127.0.0.1:${port}/Microsoft-Server-ActiveSync`, user: 'alice', password: 'pa:ss wörd', version });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('walks OPTIONS, provisioning after a 449, FolderSync and Sync 0 → 1, and takes the two contacts down (UTF-8 as sent)', async () => {
    const result = await device.sync();
    expect(result).toEqual({ ok: true, status: 'success', requests: expect.any(Array) });
    const before = version === '14.0' ? ['Settings'] : ['FolderSync'];
    expect(result.requests).toEqual(['OPTIONS', ...before, 'Provision', 'Provision', ...(version === '14.0' ? ['Settings'] : []), 'FolderSync', 'Sync', 'GetItemEstimate', 'Sync']);
    expect(received.map((r) => r.command)).toEqual(result.requests);

    // What it sends on every request: Basic credentials, the version picked, its DeviceId.
    const post = received.find((r) => r.command === 'FolderSync' && r.headers['x-ms-policykey'] === POLICY_KEYS[1])!;
    expect(post.headers.authorization).toBe(`Basic ${Buffer.from('alice:pa:ss wörd').toString('base64')}`);
    expect(post.headers['ms-asprotocolversion']).toBe(version);
    expect(post.headers['content-type']).toBe('application/vnd.ms-sync.wbxml');
    expect(post.headers['user-agent']).toBe('Thunderbird ActiveSync');
    expect(device.deviceId).toMatch(/^MZTB[0-9a-f]{28}$/);

    // The acknowledgement of the temporary policy key, then the first Sync of the folder.
    const [, ack] = received.filter((r) => r.command === 'Provision');
    const policy = child(child(ack!.body!, 'Provision:Policies')!, 'Provision:Policy')!;
    expect([childText(policy, 'Provision:PolicyKey'), childText(policy, 'Provision:Status')]).toEqual([POLICY_KEYS[0], '1']);
    const [initial, changes] = received.filter((r) => r.command === 'Sync').map((r) => child(child(r.body!, 'AirSync:Collections')!, 'AirSync:Collection')!);
    expect(childText(initial!, 'AirSync:SyncKey')).toBe('0');
    expect(childText(initial!, 'AirSync:CollectionId')).toBe(CONTACTS_ID);
    expect(childText(changes!, 'AirSync:SyncKey')).toBe('1');
    expect(child(changes!, 'AirSync:GetChanges')).toBeDefined();

    expect(device.contacts().map(({ FirstName, LastName, PrimaryEmail, 'X-EAS-SERVERID': serverId }) => ({ FirstName, LastName, PrimaryEmail, serverId }))).toEqual([
      { FirstName: 'Ada', LastName: 'Lovelace', PrimaryEmail: 'ada@example.org', serverId: 'c1' },
      { FirstName: 'Jürgen', LastName: 'Groß', PrimaryEmail: 'jg@example.org', serverId: 'c2' },
    ]);
  });

  it('sends a contact added on the device up as a Sync Add with a ClientId (its WBXML as UTF-8), and takes the ServerId given', async () => {
    const id = device.addContact({ FirstName: 'Grâce', LastName: 'Hopper', PrimaryEmail: 'grace@example.org', CellularNumber: '+1 555 0100' });
    received.length = 0;
    const result = await device.sync();
    expect(result.ok).toBe(true);
    expect(result.requests).toEqual([...(version === '14.0' ? ['Settings'] : []), 'FolderSync', 'GetItemEstimate', 'Sync', 'Sync', 'Sync']);

    const upload = received.filter((r) => r.command === 'Sync').map((r) => child(child(r.body!, 'AirSync:Collections')!, 'AirSync:Collection')!)[1]!;
    const [add, ...others] = childrenOf(child(upload, 'AirSync:Commands')!);
    expect(others).toEqual([]);
    expect(nameOf(add!)).toBe('AirSync:Add');
    expect(childText(add!, 'AirSync:ClientId')).toMatch(/^\d+-0$/);
    const data = Object.fromEntries(childrenOf(child(add!, 'AirSync:ApplicationData')!).filter((e) => nameOf(e).startsWith('Contacts:')).map((e) => [nameOf(e), textOf(e)]));
    expect(data).toMatchObject({ 'Contacts:FirstName': 'Grâce', 'Contacts:LastName': 'Hopper', 'Contacts:Email1Address': 'grace@example.org', 'Contacts:MobilePhoneNumber': '+1 555 0100' });
    if (version === '2.5') expect(childText(upload, 'AirSync:Class')).toBe('Contacts');

    const grace = device.contacts().find((contact) => contact.UID === id);
    expect(grace).toMatchObject({ FirstName: 'Grâce', PrimaryEmail: 'grace@example.org', 'X-EAS-SERVERID': 'c100' });
    expect(device.contacts()).toHaveLength(3);
  });

  it('never logs the password', () => {
    const log = device.log().join('\n');
    expect(log).not.toContain('pa:ss wörd');
    expect(log).not.toContain(Buffer.from('alice:pa:ss wörd').toString('base64'));
  });
});

describe('the TbSync harness, when the server does not play along', () => {
  const serve = async (handler: Parameters<typeof createServer>[1]): Promise<{ url: string; close(): Promise<void> }> => {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/Microsoft-Server-ActiveSync`,
      close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
    };
  };

  it("reports TbSync's 401 when the password is refused (no one is there to type another)", async () => {
    const server = await serve((request, response) => {
      request.resume();
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="ActiveSync"' }).end();
    });
    try {
      const result = await new TbsyncDevice({ serverUrl: server.url, user: 'alice', password: 'wrong', version: '14.0' }).sync();
      // TbSync authenticates its OPTIONS already, and stops there.
      expect(result).toMatchObject({ ok: false, status: '401', requests: ['OPTIONS'] });
    } finally {
      await server.close();
    }
  });

  it('gives up after its timeout when the server never answers, instead of hanging', async () => {
    const server = await serve((request) => request.resume());
    try {
      const started = Date.now();
      const result = await new TbsyncDevice({ serverUrl: server.url, user: 'alice', password: 'secret', version: '2.5', syncTimeoutMs: 300 }).sync();
      expect(result).toMatchObject({ ok: false, status: 'timeout', requests: ['OPTIONS'] });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await server.close();
    }
  });
});
