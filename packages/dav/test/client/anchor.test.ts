/**
 * The DAV client's anchor: per collection the sync token (RFC 6578 §3.2: opaque, given back as it
 * came), the ctag and the ETag map; what is not one it wrote is told apart, never half read.
 */
import { describe, expect, it } from 'vitest';
import { collectionAnchor, isDavAnchor, readDavAnchor, settleWrites, writeDavAnchor, type CollectionAnchor } from '../../src/index.js';

describe('the anchor', () => {
  const collections: Record<string, CollectionAnchor> = {
    'https://dav.example/alice/contacts/': { token: 'http://radicale.org/ns/sync/5f3e', etags: { '/alice/contacts/a.vcf': '"1"', '/alice/contacts/b.vcf': '' } },
    'https://dav.example/alice/calendar/': { ctag: 'c-17', etags: {} },
  };

  it('round-trips what it writes, and is told apart from other anchors', () => {
    const text = writeDavAnchor(collections);
    expect(isDavAnchor(text)).toBe(true);
    expect(readDavAnchor(text)).toEqual({ dav: 1, collections });
    // The Atom connector's anchors are not ours.
    expect(isDavAnchor('2026-11-29T02:00:00Z')).toBe(false);
  });

  it.each([
    ['not JSON', 'sync-1234'],
    ['another version', '{"dav":2,"collections":{}}'],
    ['no collections', '{"dav":1}'],
    ['collections not an object', '{"dav":1,"collections":[]}'],
    ['a collection without ETags', '{"dav":1,"collections":{"https://x/":{"token":"t"}}}'],
    ['ETags not an object', '{"dav":1,"collections":{"https://x/":{"etags":"a"}}}'],
    ['null', 'null'],
  ])('reads %s as no anchor of its own', (_, text) => {
    expect(readDavAnchor(text)).toBeUndefined();
  });

  it.each([
    ['token and ctag', 't', 'c', { token: 't', ctag: 'c', etags: {} }],
    ['token alone', 't', undefined, { token: 't', etags: {} }],
    ['ctag alone', undefined, 'c', { ctag: 'c', etags: {} }],
    ['neither', undefined, undefined, { etags: {} }],
  ])('keeps only the fields that hold a value: %s', (_, token, ctag, expected) => {
    const anchor = collectionAnchor(token, ctag, {});
    expect(anchor).toEqual(expected);
    expect(Object.keys(anchor)).toEqual(Object.keys(expected));
  });

  it("settles a run's writes: the ETag answered ('' for none), deletes dropped, unknown collections left out", () => {
    const written = new Map([
      ['https://dav.example/alice/contacts/', new Map<string, string | null>([['/alice/contacts/a.vcf', null], ['/alice/contacts/c.vcf', '"9"'], ['/alice/contacts/b.vcf', '"2"']])],
      ['https://dav.example/bob/contacts/', new Map<string, string | null>([['/bob/contacts/x.vcf', '"1"']])],
    ]);
    const settled = settleWrites({ dav: 1, collections }, written);
    expect(settled).toEqual({
      'https://dav.example/alice/contacts/': { token: 'http://radicale.org/ns/sync/5f3e', etags: { '/alice/contacts/b.vcf': '"2"', '/alice/contacts/c.vcf': '"9"' } },
      'https://dav.example/alice/calendar/': { ctag: 'c-17', etags: {} },
    });
    // The anchor given is not changed in place.
    expect(collections['https://dav.example/alice/contacts/']!.etags['/alice/contacts/a.vcf']).toBe('"1"');
  });
});
