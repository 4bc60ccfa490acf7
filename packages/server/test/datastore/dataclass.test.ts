/** The dataclass table of guide/protocol.md#dataclass-of-a-content-item, as services/dataclass.ts decides it (pure, no store). */
import type { Dataclass } from '@atomsync/atom';
import { describe, expect, it } from 'vitest';
import { classesOfFilter, resolveDataclass } from '../../src/services/dataclass.js';
import { BOTH, EMPTY_CALENDAR, NOTE, VCARD, VEVENT, VTODO } from './fixtures.js';

type Case = [type: string, body: string, given: Dataclass | undefined, expected: string];

// expected: a class, or `400` for a refusal.
const CASES: Case[] = [
  // inferred from the media type
  ['text/vcard', VCARD, undefined, 'Contacts'],
  ['text/x-vcard', VCARD, undefined, 'Contacts'],
  ['Text/X-VCard; charset=utf-8', VCARD, undefined, 'Contacts'],
  ['text/calendar', VEVENT, undefined, 'Events'],
  ['text/calendar', VTODO, undefined, 'Tasks'],
  ['text/x-vcalendar', VEVENT, undefined, 'Events'],
  ['text/x-vcalendar', VTODO, undefined, 'Tasks'],
  ['text/plain', NOTE, undefined, 'Notes'],
  ['text', NOTE, undefined, 'Notes'],
  // not inferable
  ['text/calendar', BOTH, undefined, '400'],
  ['text/calendar', EMPTY_CALENDAR, undefined, '400'],
  ['application/octet-stream', NOTE, undefined, '400'],
  ['text/html', '<p>hi</p>', undefined, '400'],
  // a vCard type whose body is no vCard
  ['text/x-vcard', NOTE, undefined, '400'],
  // given explicitly
  ['text/x-vcard', VCARD, 'Contacts', 'Contacts'],
  ['application/octet-stream', 'opaque', 'Notes', 'Notes'],
  ['application/x-custom', 'opaque', 'Contacts', 'Contacts'],
  ['text/calendar', BOTH, 'Events', 'Events'],
  ['text/calendar', BOTH, 'Tasks', 'Tasks'],
  // Calendar given: resolved from the body
  ['text/calendar', VEVENT, 'Calendar', 'Events'],
  ['text/calendar', VTODO, 'Calendar', 'Tasks'],
  ['text/calendar', BOTH, 'Calendar', '400'],
  ['text/calendar', EMPTY_CALENDAR, 'Calendar', '400'],
  ['text/x-vcard', VCARD, 'Calendar', '400'],
  // given, contradicting the body or the type
  ['text/calendar', VEVENT, 'Contacts', '400'],
  ['application/x-custom', VEVENT, 'Contacts', '400'],
  ['application/x-custom', VTODO, 'Events', '400'],
  ['application/x-custom', VEVENT, 'Tasks', '400'],
  ['application/x-custom', VCARD, 'Notes', '400'],
  ['text/calendar', VTODO, 'Events', '400'],
  ['text/calendar', VEVENT, 'Tasks', '400'],
  ['text/x-vcard', VCARD, 'Notes', '400'],
  ['text/plain', NOTE, 'Contacts', '400'],
];

describe('resolveDataclass', () => {
  it.each(CASES)('%s %#, given %s → %s', (type, body, given, expected) => {
    const result = resolveDataclass(type, body, given);
    if (expected === '400') {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
    } else {
      expect(result).toEqual({ ok: true, dataclass: expected });
    }
  });

  it('keeps the fallback only when neither a class nor the media type says anything', () => {
    expect(resolveDataclass('application/x-custom', 'opaque', undefined, 'Tasks')).toEqual({ ok: true, dataclass: 'Tasks' });
    expect(resolveDataclass('text/x-vcard', VCARD, undefined, 'Notes')).toEqual({ ok: true, dataclass: 'Contacts' });
    expect(resolveDataclass('application/x-custom', VCARD, undefined, 'Notes').ok).toBe(false);
  });
});

describe('classesOfFilter', () => {
  it.each([
    [undefined, undefined],
    ['all', undefined],
    ['Calendar', ['Events', 'Tasks']],
    ['Contacts', ['Contacts']],
    ['Events', ['Events']],
    ['Tasks', ['Tasks']],
    ['Notes', ['Notes']],
  ] as const)('%s → %j', (filter, classes) => {
    expect(classesOfFilter(filter)).toEqual(classes);
  });
});
