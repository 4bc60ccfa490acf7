/** The generic WBXML reader and writer: the specification's examples (§8), read back; header forms. */
import { describe, expect, it } from 'vitest';
import { encodeWbxml, readWbxml, WbxmlError, WbxmlWriter, type CodePageTables, type WbxmlNode } from '../src/index.js';

const ascii = (s: string) => [...Buffer.from(s, 'ascii')];
/** A page table from token → name pairs. */
const page = (entries: Record<number, string>) => {
  const t: (string | undefined)[] = [];
  for (const [k, v] of Object.entries(entries)) t[Number(k)] = v;
  return t;
};
const shape = (n: WbxmlNode): unknown => ({ name: n.name, text: n.text, ...(n.attributes ? { attributes: n.attributes } : {}), children: n.children.map(shape) });

describe('reading the WBXML 1.3 specification examples', () => {
  it('§8.1: text, an empty element and entities', () => {
    const bytes = Uint8Array.from([
      0x01, 0x01, 0x03, 0x00, 0x47, 0x46, 0x03, ...ascii(' X & Y'), 0x00, 0x05, 0x03, ...ascii(' X'), 0x00, 0x02, 0x81, 0x20, 0x03, ...ascii('='), 0x00,
      0x02, 0x81, 0x20, 0x03, ...ascii('1 '), 0x00, 0x01, 0x01,
    ]);
    const doc = readWbxml(bytes, [page({ 5: 'BR', 6: 'CARD', 7: 'XYZ' })]);
    expect(doc).toMatchObject({ version: 1, publicId: 1, charset: 3 });
    expect(shape(doc.root)).toEqual({ name: 'XYZ', text: '', children: [{ name: 'CARD', text: ' X & Y X\u00a0=\u00a01 ', children: [{ name: 'BR', text: '', children: [] }] }] });
  });

  it('§8.2: attributes, attribute value tokens and the string table', () => {
    const bytes = Uint8Array.from([
      0x01, 0x01, 0x6a, 0x12, ...ascii('abc'), 0x00, ...ascii(' Enter name: '), 0x00,
      0x47, 0xc5, 0x09, 0x83, 0x00, 0x05, 0x01, 0x88, 0x06, 0x86, 0x08, 0x03, ...ascii('xyz'), 0x00, 0x85, 0x03, ...ascii('/s'), 0x00, 0x01,
      0x83, 0x04, 0x86, 0x07, 0x0a, 0x03, ...ascii('N'), 0x00, 0x01, 0x01, 0x01,
    ]);
    const doc = readWbxml(bytes, [page({ 5: 'CARD', 6: 'INPUT', 7: 'XYZ', 8: 'DO' })]);
    const card = doc.root.children[0]!;
    expect(card.name).toBe('CARD');
    expect(card.attributes).toEqual([{ page: 0, start: 0x09, value: ['abc'] }, { page: 0, start: 0x05, value: [] }]);
    expect(card.text).toBe(' Enter name: ');
    expect(card.children.map((c) => c.name)).toEqual(['DO', 'INPUT']);
    expect(card.children[0]!.attributes).toEqual([
      { page: 0, start: 0x06, value: [{ page: 0, token: 0x86 }] },
      { page: 0, start: 0x08, value: ['xyz', { page: 0, token: 0x85 }, '/s'] },
    ]);
  });
});

describe('writer and reader together', () => {
  const pages: CodePageTables = [page({ 5: 'A', 6: 'B' }), page({ 5: 'M' })];

  it('code pages switch only when the next tag needs it; opaque content is kept as bytes', () => {
    const w = new WbxmlWriter();
    w.start(0x05); // A
    w.start(0x05, 1); // M (page 1)
    w.text('m');
    w.end();
    w.empty(0x05, 1); // M again: no switch
    w.start(0x06); // B: back to page 0
    w.opaque(Uint8Array.from([0xff, 0x00, 0x41]));
    w.end();
    w.end();
    const bytes = w.finish({ version: 0x02, publicId: 0x1201, charset: 106 });
    expect(Buffer.from(bytes).toString('hex')).toBe('02a4016a00' + '45' + '000145' + '036d00' + '01' + '05' + '000046' + 'c303ff0041' + '01' + '01');
    const doc = readWbxml(bytes, pages);
    expect(doc.publicId).toBe(0x1201);
    expect(doc.root.children.map((c) => `${c.page}:${c.name}`)).toEqual(['1:M', '1:M', '0:B']);
    expect(doc.root.children[2]!.opaque).toEqual(Uint8Array.from([0xff, 0x00, 0x41]));
  });

  it('a public identifier given as text goes into the string table', () => {
    const bytes = encodeWbxml({ version: 0x02, publicId: { literal: '-//SYNCML//DTD SyncML 1.1//EN' }, charset: 106, root: { tag: 0x05, content: [{ table: 'x' }] } });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('hex')).toBe('0200006a20'); // public id: string table offset 0
    const doc = readWbxml(bytes, pages);
    expect(doc.publicId).toBe(0);
    expect(doc.publicIdLiteral).toBe('-//SYNCML//DTD SyncML 1.1//EN');
    expect(doc.root.text).toBe('x');
  });

  it('text holding a NUL goes as OPAQUE (STR_I would end at it) and reads back the same', () => {
    const w = new WbxmlWriter();
    w.start(0x05);
    w.text('a\0b');
    w.end();
    expect(readWbxml(w.finish({ publicId: 1, charset: 106 }), pages).root.text).toBe('a\0b');
  });

  it('unknown tokens are named by page and token; literal tags by their string', () => {
    const bytes = Uint8Array.from([0x03, 0x01, 0x6a, 0x02, ...ascii('L'), 0x00, 0x45, 0x3f, 0x00, 0x07, 0x05, 0x00, 0x00, 0x04, 0x00, 0x01]);
    const doc = readWbxml(bytes, pages);
    expect(doc.root.children.map((c) => c.name)).toEqual(['#0:63', '#7:5', 'L']);
  });

  it('refuses garbage with WbxmlError', () => {
    expect(() => readWbxml(Uint8Array.from([0x03, 0x01, 0x6a, 0x00, 0x45]), pages)).toThrow(WbxmlError);
  });
});
