/**
 * The write rules, table-driven: the conditions (RFC 7232 §3.1 If-Match, §3.2 If-None-Match;
 * RFC 4791 §5.3.2 and RFC 6352 §6.3.2: `If-None-Match: *` to create without overwriting), an ETag
 * a PUT did not answer (RFC 4791 §5.3.4, RFC 6352 §6.3.2.3: the server stored other bytes than
 * ours) read back before the next write, and what each refusal means: 412 stale (the remote
 * changed: the engine decides), 404 gone, 403/409 naming a precondition the remote's refusal
 * (RFC 4791 §5.3.2.1, RFC 6352 §6.3.2.1), naming none checked against the member.
 */
import { describe, expect, it } from 'vitest';
import { etagAfterPut, etagAfterReadBack, etagToWriteOver, memberVerdict, newMemberPath, refusedWrite, uidOfMemberPath, writeCondition } from '../../src/index.js';

describe('the conditions a write goes with', () => {
  it.each([
    ['a new member: only where nothing is', 'add', undefined, { ifNoneMatch: '*' }],
    ['a change: only over the ETag held', 'replace', '"7"', { ifMatch: '"7"' }],
    ['a delete: only over the ETag held', 'delete', 'W/"7"', { ifMatch: 'W/"7"' }],
  ] as const)('%s', (_, op, etag, expected) => {
    expect(writeCondition(op, etag)).toEqual(expected);
  });

  it.each([['replace'], ['delete']] as const)('never an unconditional %s: without an ETag it throws', (op) => {
    expect(() => writeCondition(op, undefined)).toThrow(TypeError);
    expect(() => writeCondition(op, '')).toThrow(TypeError);
  });
});

describe('where a new member goes, and its UID', () => {
  it.each([
    ['https://dav.example/alice/contacts/', 'addressbook', '/alice/contacts/u1.vcf'],
    ['https://dav.example/alice/contacts', 'addressbook', '/alice/contacts/u1.vcf'],
    ['https://dav.example/cal/home/', 'calendar', '/cal/home/u1.ics'],
  ] as const)('%s (%s) → %s', (collection, kind, path) => {
    expect(newMemberPath(collection, 'u1', kind)).toBe(path);
  });

  it.each([
    ['/c/5c1b.vcf', '5c1b'],
    ['/c/event%20one.ics', 'event one'],
    ['/c/bad%zz.ics', 'bad%zz'],
    ['/c/line%0Abreak.vcf', 'linebreak'],
    ['/c/no-extension', 'no-extension'],
  ])('the UID of %s is %s', (path, uid) => {
    expect(uidOfMemberPath(path)).toBe(uid);
  });
});

describe('the ETag a write goes over', () => {
  it.each([
    ['a PUT answered with an ETag: it', '"3"', '"3"'],
    ["a PUT answered without: '' (read back before the next write)", undefined, ''],
  ])('%s', (_, answered, held) => {
    expect(etagAfterPut(answered)).toBe(held);
  });

  it.each([
    ['held', '"3"', '"3"'],
    ["held as '' (the PUT gave none): read back", '', undefined],
    ['not held: read back', undefined, undefined],
  ])('%s', (_, held, expected) => {
    expect(etagToWriteOver(held)).toBe(expected);
  });

  it.each([
    ['read back and still what the engine saw: its ETag', '"4"', true, '"4"'],
    ['read back and changed since: stale', '"4"', false, undefined],
    ['read back without an ETag to condition on: stale', undefined, true, undefined],
  ])('%s', (_, etag, unchanged, expected) => {
    expect(etagAfterReadBack(etag, unchanged)).toBe(expected);
  });
});

describe('what a refused write means', () => {
  it.each([
    ['412 to a change: the remote changed meanwhile, stale', 'replace', 412, 'write', 0, 'stale'],
    ['412 to a delete: stale', 'delete', 412, 'write', 0, 'stale'],
    ['412 to a new member (If-None-Match: *): a member is there, stale', 'add', 412, 'write', 0, 'stale'],
    ['404 to a delete: gone already, done', 'delete', 404, 'write', 0, 'done'],
    ['404 to a change: gone meanwhile, stale', 'replace', 404, 'write', 0, 'stale'],
    ['403 naming nothing to a change: check the member', 'replace', 403, 'write', 0, 'check-member'],
    ['409 naming nothing to a delete: check the member', 'delete', 409, 'write', 0, 'check-member'],
    ['409 naming no-uid-conflict: the remote refuses', 'replace', 409, 'write', 1, 'failed'],
    ['403 to a new member: the remote refuses', 'add', 403, 'write', 0, 'failed'],
    ['403 to the read back: the remote refuses', 'replace', 403, 'read', 0, 'failed'],
    ['404 to the read back of a delete: done', 'delete', 404, 'read', 0, 'done'],
    ['404 to the read back of a change: stale', 'replace', 404, 'read', 0, 'stale'],
    ['500: failed', 'replace', 500, 'write', 0, 'failed'],
    ['507 (quota): failed', 'add', 507, 'write', 0, 'failed'],
  ] as const)('%s', (_, op, code, step, named, expected) => {
    expect(refusedWrite(op, code, step, named)).toBe(expected);
  });

  it.each([
    ['another ETag now: it changed meanwhile, stale as a 412', 'replace', { etag: '"9"' }, 'stale'],
    ['still the ETag sent: the refusal is the remote’s own', 'replace', { etag: '"1"' }, 'failed'],
    ['no ETag to tell: the refusal stands', 'delete', { etag: undefined }, 'failed'],
    ['gone, to a delete: done', 'delete', 'gone', 'done'],
    ['gone, to a change: stale', 'replace', 'gone', 'stale'],
    ['unreadable: the refusal stands', 'replace', 'unreadable', 'failed'],
  ] as const)('403/409 naming nothing, the member checked: %s', (_, op, now, expected) => {
    expect(memberVerdict(op, '"1"', now)).toBe(expected);
  });
});
