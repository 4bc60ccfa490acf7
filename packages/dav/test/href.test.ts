/** Hrefs: the client's names kept, written as RFC 3986 path segments, and the hrefs clients send read back to them. */
import { describe, expect, it } from 'vitest';
import { hrefOf, segmentsOfHref } from '../src/index.js';

const BASE = 'https://dav.example.com/dav/addressbooks/alice/default/';

describe('hrefOf', () => {
  it.each([
    [['dav', 'addressbooks', 'alice', 'default'], true, '/dav/addressbooks/alice/default/'],
    [['dav', 'c', 'abc@host.ics'], false, '/dav/c/abc@host.ics'],
    [['dav', 'c', 'a b+c.vcf'], false, '/dav/c/a%20b+c.vcf'],
    [['dav', 'c', 'Zoë?#%.vcf'], false, '/dav/c/Zo%C3%AB%3F%23%25.vcf'],
    [['dav', 'c', "~x:y;z=1,(2)!$&'*.ics"], false, "/dav/c/~x:y;z=1,(2)!$&'*.ics"],
  ])('%j (collection %s) → %s', (segments, collection, href) => {
    expect(hrefOf(segments, collection)).toBe(href);
    expect(segmentsOfHref(href, BASE)).toEqual(segments);
  });

  it('writes every ASCII character of a name as the full encoding does, whether or not the name needs any (a plain name is passed as is)', () => {
    const NEEDLESS: Record<string, string> = { '%40': '@', '%3A': ':', '%21': '!', '%24': '$', '%26': '&', '%27': "'", '%28': '(', '%29': ')', '%2A': '*', '%2B': '+', '%2C': ',', '%3B': ';', '%3D': '=' };
    const full = (s: string) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (m) => NEEDLESS[m] ?? m);
    for (let code = 0; code < 128; code++) {
      const c = String.fromCharCode(code);
      for (const name of [c, `card-${c}.vcf`]) expect(hrefOf([name], false), JSON.stringify(name)).toBe(`/${full(name)}`);
    }
  });

  it('encodes a slash inside a name (which no href read back can carry: see below)', () => {
    expect(hrefOf(['dav', 'c', 'a/b.vcf'], false)).toBe('/dav/c/a%2Fb.vcf');
  });
});

describe('segmentsOfHref', () => {
  it.each([
    ['/dav/c/abc%40host.ics', ['dav', 'c', 'abc@host.ics']],
    ['/dav/c/abc@host.ics', ['dav', 'c', 'abc@host.ics']],
    ['https://dav.example.com/dav/c/x.vcf', ['dav', 'c', 'x.vcf']],
    ['https://DAV.example.com:443/dav/c/x.vcf', ['dav', 'c', 'x.vcf']],
    ['x.vcf', ['dav', 'addressbooks', 'alice', 'default', 'x.vcf']],
    ['  /dav/c/x.vcf\n', ['dav', 'c', 'x.vcf']],
    ['/dav/c/%7Ex.vcf', ['dav', 'c', '~x.vcf']],
    // A plain path is read without the URL parser: it must read as the parser would.
    ['/dav//c/x.vcf', ['dav', 'c', 'x.vcf']],
    ["/dav/c/~x:y;z=1,(2)!$&'*+@.ics", ['dav', 'c', "~x:y;z=1,(2)!$&'*+@.ics"]],
    ['/dav/c/x.vcf?version=4', ['dav', 'c', 'x.vcf']],
    ['/dav/c/a b.vcf', ['dav', 'c', 'a b.vcf']],
  ])('%j → %j', (href, segments) => {
    expect(segmentsOfHref(href, BASE)).toEqual(segments);
  });

  it.each([
    ['another origin', 'https://evil.example.org/dav/c/x.vcf'],
    ['another scheme', 'http://dav.example.com/dav/c/x.vcf'],
    ['a malformed escape', '/dav/c/%E0%A4%A.vcf'],
    ['an encoded slash', '/dav/c/a%2F..%2Fb.vcf'],
    ['a dot-dot segment', '/dav/c/../../bob/x.vcf'],
    ['an encoded dot-dot segment', '/dav/c/%2E%2E/x.vcf'],
    ['a NUL', '/dav/c/x%00.vcf'],
    ['an encoded dot segment', '/dav/c/%2e/x.vcf'],
    ['a half-encoded dot-dot segment', '/dav/c/.%2E/x.vcf'],
    ['another origin, scheme-relative', '//evil.example.org/dav/c/x.vcf'],
    ['a malformed escape in a plain path', '/dav/c/a%zz.vcf'],
  ])('refuses %s', (_what, href) => {
    expect(segmentsOfHref(href, BASE)).toBeUndefined();
  });
});
