/**
 * Discovery's decisions over answers, table-driven (RFC 6764 §5–6: the well-known URL when the one
 * given is no DAV; RFC 5397 current-user-principal; RFC 6352 §7.1.1 addressbook-home-set, RFC 4791
 * §6.2.1 calendar-home-set; a home's PROPFIND Depth 1 listing the collections). The walk over a
 * scripted server is in ../client.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { afterNoHomes, collectionsOfHome, homesOfPrincipal, isRedirect, mayAnswerChallenge, neitherWords, notDavHere, optionsSpeaksDav, readDiscoveryStart, wellKnownUrl } from '../../src/index.js';
import { answer, found } from './support.js';

const ROOT = 'https://dav.example/';
const AB = '<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>';
const CAL = '<d:resourcetype><d:collection/><cal:calendar/></d:resourcetype>';

describe('registration: does the URL speak DAV at all (OPTIONS)', () => {
  it.each([
    ['1, 2, 3, addressbook', true],
    ['1, calendar-access', true],
    ['  ', false],
    ['', false],
    [null, false],
  ])('a DAV header of %j says WebDAV (RFC 4918 §10.1): %s', (header, expected) => {
    expect(optionsSpeaksDav(header)).toBe(expected);
  });

  it.each([
    ['Basic, same origin: asked again signed in', 401, 'Basic realm="Radicale"', true, true],
    ['Bearer, same origin', 401, 'Bearer realm="x", error="invalid_token"', true, true],
    ['Basic, another origin (after a redirect): never', 401, 'Basic realm="x"', false, false],
    ['OAuth 1.0a (an Atom API): never our Basic credentials', 401, 'OAuth realm="atomsync", Basic realm="x"', true, false],
    ['Digest only: not answered', 401, 'Digest realm="x", nonce="n"', true, false],
    ['not a 401', 403, 'Basic realm="x"', true, false],
  ] as const)('a challenge: %s', (_, code, challenge, sameOrigin, expected) => {
    expect(mayAnswerChallenge(code, challenge, sameOrigin)).toBe(expected);
  });

  it.each([
    [301, true],
    [302, true],
    [303, true],
    [307, true],
    [308, true],
    [300, false],
    [304, false],
    [200, false],
  ])('a %i is followed to its Location: %s', (code, expected) => {
    expect(isRedirect(code)).toBe(expected);
  });
});

describe('the first answer', () => {
  it.each([
    ['the collection asked for', found('/alice/contacts/', AB + '<d:displayname>Contacts</d:displayname>'), 'addressbook', { found: expect.objectContaining({ kind: 'addressbook', displayName: 'Contacts', url: ROOT }) }],
    ['a collection of the other kind: refused by name', found('/alice/cal/', CAL), 'addressbook', { fail: `${ROOT} is a calendar, not an address book` }],
    ['a principal naming its home set: the home, absolute', found('/p/alice/', '<d:resourcetype><d:principal/></d:resourcetype><card:addressbook-home-set><d:href>/ab/alice/</d:href></card:addressbook-home-set>'), 'addressbook', { homes: [`${ROOT}ab/alice/`], principal: undefined }],
    ['a root naming its current-user-principal: ask it', found('/', '<d:resourcetype><d:collection/></d:resourcetype><d:current-user-principal><d:href>/p/alice/</d:href></d:current-user-principal>'), 'calendar', { homes: [], principal: `${ROOT}p/alice/` }],
    ['a home set of the other kind only: no home', found('/p/alice/', '<cal:calendar-home-set><d:href>/cal/alice/</d:href></cal:calendar-home-set>'), 'addressbook', { homes: [], principal: undefined }],
    ['an empty multistatus', '', 'addressbook', { fail: `PROPFIND ${ROOT} answered an empty multistatus` }],
  ] as const)('%s', (_, body, kind, expected) => {
    expect(readDiscoveryStart(answer(body, { url: ROOT }), ROOT, kind)).toEqual(expected);
  });

  it.each([
    [400, true],
    [404, true],
    [405, true],
    [501, true],
    [401, false],
    [403, false],
    [500, false],
  ])('a %i says "no DAV here" (try the well-known URL): %s', (code, expected) => {
    expect(notDavHere(code)).toBe(expected);
  });

  it.each([
    ['https://dav.example/remote.php/dav', 'addressbook', 'https://dav.example/.well-known/carddav'],
    ['https://dav.example:8443/x/', 'calendar', 'https://dav.example:8443/.well-known/caldav'],
  ] as const)('the well-known URL of %s (%s) is %s', (start, kind, expected) => {
    expect(wellKnownUrl(start, kind)).toBe(expected);
  });
});

describe('the principal, and no home found', () => {
  it("reads the principal's home sets, absolute against the URL that answered", () => {
    const principal = answer(found('/p/alice/', '<cal:calendar-home-set><d:href>/cal/alice/</d:href><d:href>https://other.example/shared/</d:href></cal:calendar-home-set>'), { url: 'https://dav.example/p/alice/' });
    expect(homesOfPrincipal(principal, 'calendar')).toEqual(['https://dav.example/cal/alice/', 'https://other.example/shared/']);
    expect(homesOfPrincipal(principal, 'addressbook')).toEqual([]);
  });

  it.each([
    ['from the URL given: the well-known URL next', 'https://dav.example/dav/', false, { ask: 'https://dav.example/.well-known/carddav' }],
    ['the well-known URL tried already: the failure', 'https://dav.example/dav/', true, { fail: 'https://dav.example/dav/ names no addressbook-home-set (neither itself nor its current-user-principal)' }],
    ['the URL given is the well-known one: the failure', 'https://dav.example/.well-known/carddav', false, { fail: 'https://dav.example/.well-known/carddav names no addressbook-home-set (neither itself nor its current-user-principal)' }],
  ] as const)('%s', (_, start, tried, expected) => {
    expect(afterNoHomes(start, 'addressbook', tried)).toEqual(expected);
  });

  it('says what the URL given is not when the well-known URL is no DAV either', () => {
    expect(neitherWords('https://dav.example/', 'calendar')).toBe('https://dav.example/ is neither a calendar nor a principal or server with a calendar-home-set');
  });
});

describe("a home's listing", () => {
  it('keeps the collections of the kind asked, each at its absolute URL, the home itself left out', () => {
    const listing = answer(
      found('/cal/alice/', '<d:resourcetype><d:collection/></d:resourcetype>') +
        found('/cal/alice/work/', CAL + '<cal:supported-calendar-component-set><cal:comp name="VEVENT"/></cal:supported-calendar-component-set>') +
        found('/cal/alice/book/', AB) +
        found('/cal/alice/todo/', CAL + '<cal:supported-calendar-component-set><cal:comp name="vtodo"/></cal:supported-calendar-component-set>'),
      { url: 'https://dav.example/cal/alice/' },
    );
    expect(collectionsOfHome(listing, 'calendar').map((c) => [c.url, c.components])).toEqual([
      ['https://dav.example/cal/alice/work/', ['VEVENT']],
      ['https://dav.example/cal/alice/todo/', ['VTODO']],
    ]);
    expect(collectionsOfHome(listing, 'addressbook').map((c) => c.url)).toEqual(['https://dav.example/cal/alice/book/']);
  });
});
