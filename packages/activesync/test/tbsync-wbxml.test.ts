/**
 * Our codec against a real ActiveSync client's: TbSync's WBXML tools (Debian's
 * `webext-eas4tbsync`). Every tag TbSync knows has the same token and code page in our tables;
 * a request TbSync builds decodes to the tree it means; a response we encode reads back in
 * TbSync as the XML it acts on.
 */
import { describe, expect, it } from 'vitest';
import { decodeRequest, el, encodeResponse, nameOf, tagByToken, textOf, childrenOf, type AsElement } from '../src/index.js';
import { loadTbsyncWbxml } from './support/tbsync.js';

const tbsync = loadTbsyncWbxml();

/**
 * Names are labels (the wire carries tokens): TbSync spells some in its own way — case
 * (`TimeZone`, `DTStamp`), a digit zero for the letter O in `Att0Id`, and a `Recurrence_` prefix
 * on the Email page's recurrence tags — which this reads as the same name.
 */
function sameName(ours: string, theirs: string): boolean {
  const plain = (name: string) => name.replace(/^Recurrence_/, '').replace(/0/g, 'O').toLowerCase();
  return plain(ours) === plain(theirs);
}
const bytesOf = (binary: string): Uint8Array => new Uint8Array(Buffer.from(binary, 'latin1'));
const binaryOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

describe("TbSync's WBXML tools and ours", () => {
  it('agree on every code page and token TbSync knows, and on its name', () => {
    const disagreements: string[] = [];
    let compared = 0;
    tbsync.codepages.forEach((page, number) => {
      for (const [token, name] of Object.entries(page)) {
        compared++;
        const ours = tagByToken(number, Number(token));
        if (ours === undefined) disagreements.push(`${tbsync.namespaces[number]}:${name} (page ${number}, token 0x${Number(token).toString(16)}): not in our tables`);
        else if (![ours.name, ...ours.aliases].some((n) => sameName(n, name))) disagreements.push(`${tbsync.namespaces[number]}:${name} (0x${Number(token).toString(16)}) is ${ours.page}:${ours.name} in ours`);
      }
    });
    expect(compared).toBeGreaterThan(300);
    expect(disagreements).toEqual([]);
  });

  it('decodes the FolderSync and Sync requests TbSync builds', () => {
    const folderSync = tbsync.createWBXML();
    folderSync.switchpage('FolderHierarchy');
    folderSync.otag('FolderSync');
    folderSync.atag('SyncKey', '0');
    folderSync.ctag();
    const tree = decodeRequest(bytesOf(folderSync.getBytes()))!;
    expect(nameOf(tree)).toBe('FolderHierarchy:FolderSync');
    expect(textOf(childrenOf(tree, 'FolderHierarchy:SyncKey')[0]!)).toBe('0');

    const sync = tbsync.createWBXML();
    sync.switchpage('AirSync');
    sync.otag('Sync');
    sync.otag('Collections');
    sync.otag('Collection');
    sync.atag('SyncKey', '1');
    sync.atag('CollectionId', '2');
    sync.atag('GetChanges');
    sync.atag('WindowSize', '100');
    sync.ctag();
    sync.ctag();
    sync.ctag();
    const decoded = decodeRequest(bytesOf(sync.getBytes()))!;
    const collection = childrenOf(childrenOf(decoded, 'AirSync:Collections')[0]!, 'AirSync:Collection')[0]!;
    expect(childrenOf(collection).map((c) => nameOf(c))).toEqual(['AirSync:SyncKey', 'AirSync:CollectionId', 'AirSync:GetChanges', 'AirSync:WindowSize']);
    expect(textOf(childrenOf(collection, 'AirSync:WindowSize')[0]!)).toBe('100');
  });

  it('encodes a FolderSync response TbSync reads as the XML it acts on', () => {
    const folder = (id: string, name: string, type: string): AsElement =>
      el('FolderHierarchy:Add', [el('FolderHierarchy:ServerId', id), el('FolderHierarchy:ParentId', '0'), el('FolderHierarchy:DisplayName', name), el('FolderHierarchy:Type', type)]);
    const response = el('FolderHierarchy:FolderSync', [
      el('FolderHierarchy:Status', '1'),
      el('FolderHierarchy:SyncKey', 'k1'),
      el('FolderHierarchy:Changes', [el('FolderHierarchy:Count', '2'), folder('c', 'Contacts', '9'), folder('e', 'Calendar', '8')]),
    ]);
    const xml = tbsync.convert2xml(binaryOf(encodeResponse(response)));
    const squeezed = xml.replace(/\s+/g, '');
    expect(squeezed).toContain('<FolderSync');
    expect(squeezed).toContain('<Status>1</Status><SyncKey>k1</SyncKey>');
    expect(squeezed).toContain('<Add><ServerId>c</ServerId><ParentId>0</ParentId><DisplayName>Contacts</DisplayName><Type>9</Type></Add>');
    expect(squeezed).toContain('<DisplayName>Calendar</DisplayName><Type>8</Type>');
  });
});
