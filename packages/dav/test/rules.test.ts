/**
 * The protocol's rules as tables: Depth per method (RFC 4918 §10.2, RFC 3253 §3.6, RFC 6578 §3.3),
 * the conditional headers (RFC 9110 §13.1.1–13.1.2, §13.2.2), the sync token (RFC 6578 §3.2),
 * Prefer/Brief (RFC 7240, RFC 8144) and OPTIONS.
 */
import { describe, expect, it } from 'vitest';
import {
  DAV_COMPLIANCE,
  DAV_NS,
  evaluateConditions,
  formatCtag,
  formatEtag,
  formatSyncToken,
  ifMatchHolds,
  ifNoneMatchHolds,
  optionsHeaders,
  parseDepth,
  parseEtagCondition,
  parseSyncToken,
  propfindDepth,
  readPreferences,
  reportDepth,
  syncStart,
  tokenProblem,
} from '../src/index.js';
import { refusal } from './support/refusal.js';

describe('Depth', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    ['infinity', 'infinity'],
    ['Infinity', 'infinity'],
    [' 1 ', 1],
    [undefined, undefined],
    [null, undefined],
  ] as const)('parses %j as %j', (header, depth) => {
    expect(parseDepth(header)).toBe(depth);
  });

  it.each(['2', '', 'one', '-1', '0,1'])('refuses %j with a 400', (header) => {
    expect(refusal(() => parseDepth(header)).status).toBe(400);
  });

  it.each([
    ['0', 'refuse', 0],
    ['1', 'refuse', 1],
    ['0', 'as-one', 0],
    ['infinity', 'as-one', 1],
    [undefined, 'as-one', 1], // absent is infinity for PROPFIND (RFC 4918 §9.1)
  ] as const)('PROPFIND with Depth %j under %s answers at %j', (header, policy, depth) => {
    expect(propfindDepth(header, policy)).toBe(depth);
  });

  it.each([['infinity'], [undefined]] as const)('PROPFIND with Depth %j, refused: 403 propfind-finite-depth', (header) => {
    const error = refusal(() => propfindDepth(header, 'refuse'));
    expect(error.status).toBe(403);
    expect(error.precondition?.element).toEqual({ ns: DAV_NS, name: 'propfind-finite-depth' });
  });

  it.each([
    [undefined, 'calendar-query', 0], // RFC 3253 §3.6: a REPORT's Depth defaults to 0
    ['1', 'addressbook-multiget', 1],
    ['infinity', 'calendar-query', 1],
    [undefined, 'sync-collection', 0],
    ['0', 'sync-collection', 0],
    ['1', 'sync-collection', 0], // python-caldav sends Depth: 1; its level is in the body
  ] as const)('REPORT with Depth %j for %s runs at %j', (header, report, depth) => {
    expect(reportDepth(header, report)).toBe(depth);
  });

  it.each(['infinity'])('sync-collection with Depth %s is a 400 (RFC 6578 §3.2)', (header) => {
    expect(refusal(() => reportDepth(header, 'sync-collection')).status).toBe(400);
  });
});

describe('ETags and the conditional headers', () => {
  it('formats strong, quoted tags and refuses what cannot be one', () => {
    expect(formatEtag('a1b2-3')).toBe('"a1b2-3"');
    expect(() => formatEtag('a"b')).toThrow(RangeError);
    expect(() => formatEtag('a b')).toThrow(RangeError);
  });

  it.each([
    ['*', '*'],
    ['"abc"', [{ weak: false, opaque: 'abc' }]],
    ['W/"abc"', [{ weak: true, opaque: 'abc' }]],
    ['"a", W/"b" ,"c"', [{ weak: false, opaque: 'a' }, { weak: true, opaque: 'b' }, { weak: false, opaque: 'c' }]],
    ['""', [{ weak: false, opaque: '' }]],
    ['abc', undefined], // unquoted: what some clients send; not an entity tag
    ['"abc', undefined],
    ['"a" "b"', undefined],
    ['', undefined],
  ] as const)('parses %j', (header, parsed) => {
    expect(parseEtagCondition(header)).toEqual(parsed);
  });

  // current: the stored tag in header form, or null when the href holds nothing.
  it.each([
    [undefined, '"x"', true],
    [undefined, null, true],
    ['*', '"x"', true],
    ['*', null, false],
    ['"x"', '"x"', true],
    ['"x"', '"y"', false],
    ['"X"', '"x"', false], // byte-exact: no case folding
    ['"y", "x"', '"x"', true],
    ['W/"x"', '"x"', false], // If-Match compares strongly: a weak tag never matches
    ['"x"', null, false],
    ['x', '"x"', false], // a header that does not parse matches nothing
  ] as const)('If-Match %j against %j holds: %s', (header, current, holds) => {
    expect(ifMatchHolds(header, current)).toBe(holds);
  });

  it.each([
    [undefined, '"x"', true],
    ['*', null, true],
    ['*', '"x"', false],
    ['"x"', '"x"', false],
    ['W/"x"', '"x"', false], // If-None-Match compares weakly
    ['"y"', '"x"', true],
    ['"x"', null, true],
    ['garbage', null, false],
  ] as const)('If-None-Match %j against %j holds: %s', (header, current, holds) => {
    expect(ifNoneMatchHolds(header, current)).toBe(holds);
  });

  it.each([
    ['PUT creating with If-None-Match: * where nothing is', 'PUT', { ifNoneMatch: '*' }, null, 'proceed'],
    ['PUT creating with If-None-Match: * where an item is', 'PUT', { ifNoneMatch: '*' }, '"e1"', 'precondition-failed'],
    ['PUT changing with the current tag', 'PUT', { ifMatch: '"e1"' }, '"e1"', 'proceed'],
    ['PUT changing with a stale tag', 'PUT', { ifMatch: '"e0"' }, '"e1"', 'precondition-failed'],
    ['PUT changing what was deleted meanwhile', 'PUT', { ifMatch: '"e1"' }, null, 'precondition-failed'],
    ['PUT without conditions (Thunderbird)', 'PUT', {}, '"e1"', 'proceed'],
    ['DELETE with a stale tag', 'DELETE', { ifMatch: '"e0"' }, '"e1"', 'precondition-failed'],
    ['DELETE without conditions', 'DELETE', {}, '"e1"', 'proceed'],
    ['GET revalidating an unchanged item', 'GET', { ifNoneMatch: '"e1"' }, '"e1"', 'not-modified'],
    ['GET revalidating a changed item', 'GET', { ifNoneMatch: '"e0"' }, '"e1"', 'proceed'],
    ['If-Match before If-None-Match (RFC 9110 §13.2.2)', 'GET', { ifMatch: '"e0"', ifNoneMatch: '"e1"' }, '"e1"', 'precondition-failed'],
  ] as const)('%s', (_what, method, headers, current, outcome) => {
    expect(evaluateConditions(method, headers, current)).toBe(outcome);
  });
});

describe('the sync token', () => {
  const state = { collection: '3f2c9a1e-events', current: 120, oldest: 40 };

  it('formats and parses a position; getctag is the same value', () => {
    const token = formatSyncToken({ collection: '3f2c9a1e-events', sequence: 7 });
    expect(token).toBe('http://atomsync.dev/ns/sync/3f2c9a1e-events/7');
    expect(parseSyncToken(token)).toEqual({ collection: '3f2c9a1e-events', sequence: 7 });
    expect(formatCtag({ collection: 'c', sequence: 7 })).toBe(formatSyncToken({ collection: 'c', sequence: 7 }));
  });

  it.each([
    ['a collection id with a slash', { collection: 'a/b', sequence: 1 }],
    ['an empty collection id', { collection: '', sequence: 1 }],
    ['a negative sequence', { collection: 'c', sequence: -1 }],
    ['a fractional sequence', { collection: 'c', sequence: 1.5 }],
  ])('refuses to format %s', (_what, position) => {
    expect(() => formatSyncToken(position)).toThrow(RangeError);
  });

  it.each([
    ['', { kind: 'initial' }],
    ['  ', { kind: 'initial' }],
    ['http://atomsync.dev/ns/sync/3f2c9a1e-events/40', { kind: 'delta', since: 40 }],
    ['http://atomsync.dev/ns/sync/3f2c9a1e-events/120', { kind: 'delta', since: 120 }],
  ])('starts %j as %j', (token, start) => {
    expect(syncStart(token, state)).toEqual(start);
  });

  it.each([
    ['http://sabre.io/ns/sync/40', 'malformed'],
    ['http://atomsync.dev/ns/sync/3f2c9a1e-events/', 'malformed'],
    ['http://atomsync.dev/ns/sync/3f2c9a1e-events/007', 'malformed'],
    ['http://atomsync.dev/ns/sync/3f2c9a1e-events/1e3', 'malformed'],
    ['http://atomsync.dev/ns/sync/3f2c9a1e-events/99999999999999999', 'malformed'],
    ['http://atomsync.dev/ns/sync/3f2c9a1e-tasks/50', 'foreign'],
    ['http://atomsync.dev/ns/sync/3f2c9a1e-events/121', 'ahead'],
    ['http://atomsync.dev/ns/sync/3f2c9a1e-events/39', 'pruned'],
    ['data:,3f2c9a1e-events/50', 'malformed'],
  ])('refuses %j (%s): 403 DAV:valid-sync-token', (token, problem) => {
    expect(tokenProblem(token, state)).toBe(problem);
    const error = refusal(() => syncStart(token, state));
    expect(error.status).toBe(403);
    expect(error.precondition?.element).toEqual({ ns: DAV_NS, name: 'valid-sync-token' });
  });
});

describe('Prefer and Brief', () => {
  it.each([
    [undefined, undefined, { minimal: false, noRoot: false, applied: undefined }],
    ['return=minimal', undefined, { minimal: true, noRoot: false, applied: 'return=minimal' }],
    ['return = "minimal"', undefined, { minimal: true, noRoot: false, applied: 'return=minimal' }],
    ['Return=Minimal; foo=bar', undefined, { minimal: true, noRoot: false, applied: 'return=minimal' }],
    ['return=minimal, depth-noroot', undefined, { minimal: true, noRoot: true, applied: 'return=minimal, depth-noroot' }],
    ['return=representation', undefined, { minimal: false, noRoot: false, applied: undefined }],
    [undefined, 't', { minimal: true, noRoot: false, applied: undefined }],
    [undefined, 'T', { minimal: true, noRoot: false, applied: undefined }],
    [undefined, 'f', { minimal: false, noRoot: false, applied: undefined }],
  ] as const)('Prefer %j, Brief %j', (prefer, brief, expected) => {
    expect(readPreferences(prefer, brief)).toEqual(expected);
  });
});

describe('OPTIONS', () => {
  it('announces the classes and extensions DAVx⁵ checks, on every kind', () => {
    expect(DAV_COMPLIANCE).toBe('1, 3, extended-mkcol, addressbook, calendar-access');
    expect(optionsHeaders('principal')).toEqual({ DAV: DAV_COMPLIANCE, Allow: 'OPTIONS, PROPFIND, REPORT' });
  });

  it.each([
    ['root', ['PROPFIND', 'REPORT'], ['PUT', 'MKCOL', 'GET', 'HEAD']],
    ['calendar-home', ['PROPFIND', 'MKCALENDAR', 'MKCOL'], ['PUT', 'GET', 'HEAD']],
    ['addressbook-home', ['PROPFIND', 'MKCOL'], ['MKCALENDAR', 'PUT', 'GET', 'HEAD']],
    ['addressbook', ['PROPFIND', 'PROPPATCH', 'REPORT'], ['PUT', 'MKCOL', 'GET', 'HEAD']],
    ['calendar', ['PROPFIND', 'PROPPATCH', 'REPORT'], ['PUT', 'GET', 'HEAD']],
    ['vcard', ['GET', 'HEAD', 'PUT', 'DELETE', 'PROPFIND'], ['REPORT', 'MKCOL']],
    ['icalendar', ['GET', 'HEAD', 'PUT', 'DELETE'], ['MKCALENDAR']],
  ] as const)('%s allows %j, not %j', (kind, allowed, not) => {
    const allow = optionsHeaders(kind).Allow.split(', ');
    expect(allow).toEqual(expect.arrayContaining([...allowed]));
    for (const method of not) expect(allow).not.toContain(method);
  });
});
