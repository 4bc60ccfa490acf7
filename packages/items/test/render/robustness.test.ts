/**
 * Whatever the item, renderForPhone answers: text that is no vCard or vCalendar goes out unchanged,
 * a damaged one never throws, and rendering what it rendered changes nothing more (the phone gets
 * the same bytes on every resend).
 */
import fc from 'fast-check';
import { renderForPhone, type ItemContent, type PhoneFormat } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import { describe, expect, it } from 'vitest';

const formats: readonly PhoneFormat[] = [
  { type: 'text/x-vcard', version: '2.1', localTime: null, maxFieldLength: {} },
  { type: 'text/vcard', version: '3.0', localTime: null, maxFieldLength: { N: 8, NOTE: 20 } },
  { type: 'text/x-vcalendar', version: '1.0', localTime: 'Europe/Berlin', maxFieldLength: { SUMMARY: 6, DESCRIPTION: 30 } },
  { type: 'text/x-vcalendar', version: '1.0', localTime: null, maxFieldLength: {} },
  { type: 'text/calendar', version: '2.0', localTime: null, maxFieldLength: { LOCATION: 3 } },
  { type: 'text/plain', version: '', localTime: null, maxFieldLength: {} },
];
const items: readonly ItemContent[] = TWIN_PAIRS.flatMap((p) => [p.a, p.b].map((body) => ({ dataclass: p.dataclass, type: p.type, title: '', body })));

describe('renderForPhone on anything', () => {
  it('sends text that is no vCard or vCalendar unchanged, with its own type', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constantFrom(...formats.filter((f) => f.type !== 'text/plain')), (body, format) => {
        fc.pre(!/BEGIN:/i.test(body));
        const item: ItemContent = { dataclass: 'Contacts', type: 'application/octet-stream', title: '', body };
        expect(renderForPhone(item, format)).toEqual({ type: 'application/octet-stream', data: body });
      }),
    );
  });

  it('never throws on a damaged item: cut anywhere, lines dropped or mangled', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...items),
        fc.constantFrom(...formats),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.string({ maxLength: 40 })), { maxLength: 5 }),
        (item, format, cutAt, edits) => {
          const lines = item.body.slice(0, cutAt % (item.body.length + 1)).split('\r\n');
          for (const [at, text] of edits) lines.splice(at % (lines.length + 1), 1, text);
          const out = renderForPhone({ ...item, body: lines.join('\r\n') }, format);
          expect(typeof out.data).toBe('string');
          expect(typeof out.type).toBe('string');
        },
      ),
    );
  });

  it.each(formats.map((f) => [`${f.type} ${f.version}`.trim(), f] as const))('renders its own output to the same bytes: %s', (_, format) => {
    for (const item of items) {
      const once = renderForPhone(item, format);
      const twice = renderForPhone({ ...item, type: once.type, body: once.data }, format);
      expect(twice, item.body).toEqual(once);
    }
  });
});
