/** What a decoder reports for a document of the wrong shape: one violation per problem, with its path. */
import { describe, expect, it } from 'vitest';
import { AtomDecodeError, SERVICE_NS, decodeContentFeed, decodeSynchronizationEntry, decodeSyncmlClientEntry, STRICT_DECODE } from '@atomsync/atom';

const entry = (body: string, prefix = 's') =>
  `<entry xmlns="http://www.w3.org/2005/Atom" xmlns:${prefix}="${SERVICE_NS}">${body}</entry>`;

function violations(decode: () => unknown): { path: string; message: string }[] {
  try {
    decode();
  } catch (err) {
    if (err instanceof AtomDecodeError && err.code === 'validation_failed') return [...err.violations];
    throw err;
  }
  throw new Error('decoded without a violation');
}

describe('violations', () => {
  it('an invalid required value is reported once, not also as missing', () => {
    const v = violations(() => decodeSynchronizationEntry(entry('<s:sync_mode>299</s:sync_mode><s:dataclass>Contacts</s:dataclass>'), STRICT_DECODE));
    expect(v).toEqual([{ path: '/entry/sync_mode', message: expect.stringMatching(/"299" is not one of 200, 201/) }]);
  });

  it('missing required fields are each reported, whatever the prefix', () => {
    const v = violations(() => decodeSynchronizationEntry(entry('<title>x</title>', 'sync'), STRICT_DECODE));
    expect(v).toEqual([
      { path: '/entry/sync_mode', message: 'is missing' },
      { path: '/entry/dataclass', message: 'is missing' },
    ]);
  });

  it('paths name elements by local name, with positions of repeated ones', () => {
    const doc = entry(
      '<x:client xmlns:x="' + SERVICE_NS + '"><x:uuid>not-a-uuid</x:uuid>' +
        '<x:datastore dataclass="Contacts" href="http://h/a">./contacts</x:datastore>' +
        '<x:datastore dataclass="Phones" href="http://h/b">./phones</x:datastore></x:client>',
    );
    expect(violations(() => decodeSyncmlClientEntry(doc, STRICT_DECODE))).toEqual([
      { path: '/entry/client/uuid', message: expect.stringMatching(/Uuid pattern/) },
      { path: '/entry/client/datastore[2]/@dataclass', message: expect.stringMatching(/"Phones" is not one of/) },
    ]);
  });

  it('a misspelt element of our namespace is reported in STRICT_DECODE mode and skipped otherwise', () => {
    const doc = entry('<s:client><s:phonenumber>+1</s:phonenumber></s:client>');
    expect(violations(() => decodeSyncmlClientEntry(doc, STRICT_DECODE))).toEqual([{ path: '/entry/client/phonenumber', message: 'is not an element this document takes' }]);
    expect(decodeSyncmlClientEntry(doc).client).toEqual({ datastores: [] });
  });

  it('foreign elements are skipped, whole, even in STRICT_DECODE mode', () => {
    const doc = entry('<s:client/><ext:thing xmlns:ext="urn:other"><s:client><s:uuid>bad</s:uuid></s:client></ext:thing>');
    expect(decodeSyncmlClientEntry(doc, STRICT_DECODE).client).toEqual({ datastores: [] });
  });

  it('a repeated single element is reported', () => {
    const v = violations(() => decodeSynchronizationEntry(entry('<s:sync_mode>200</s:sync_mode><s:sync_mode>201</s:sync_mode><s:dataclass>Notes</s:dataclass>'), STRICT_DECODE));
    expect(v).toEqual([{ path: '/entry/sync_mode', message: 'appears more than once' }]);
  });

  it('the wrong document element is one violation', () => {
    expect(violations(() => decodeContentFeed(entry('')))).toEqual([{ path: '/', message: expect.stringMatching(/expected the document element \{http:\/\/www.w3.org\/2005\/Atom\}feed/) }]);
  });

  it('an unbound prefix is not well-formed', () => {
    expect(() => decodeContentFeed('<a:feed/>')).toThrow(expect.objectContaining({ code: 'invalid_xml' }));
  });

  it('a hostile document cannot make the report unbounded', () => {
    const doc = entry(`<s:client>${'<s:uuid>x</s:uuid>'.repeat(5000)}</s:client>`);
    expect(violations(() => decodeSyncmlClientEntry(doc)).length).toBe(100);
  });
});
