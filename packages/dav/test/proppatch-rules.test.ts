/**
 * PROPPATCH all or nothing (RFC 4918 §9.2.1): the writable live properties checked as data, the
 * protected ones refused with cannot-modify-protected-property, the rest 424 when anything fails.
 */
import { describe, expect, it } from 'vitest';
import { DAV_NS, MAX_LABEL_CHARS, planProppatch, readProppatch, writeMultistatus } from '../src/index.js';

const patch = (props: string, remove = '') =>
  readProppatch(
    `<D:propertyupdate xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:A="http://apple.com/ns/ical/" xmlns:CS="http://calendarserver.org/ns/" xmlns:V="urn:vendor">` +
      `<D:set><D:prop>${props}</D:prop></D:set>${remove === '' ? '' : `<D:remove><D:prop>${remove}</D:prop></D:remove>`}</D:propertyupdate>`,
  );

const TZ = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\nEND:VTIMEZONE\r\nEND:VCALENDAR\r\n';

describe('planProppatch', () => {
  it('applies what iOS sets on a calendar: name, colour, order, description, timezone, and a dead property', () => {
    const plan = planProppatch(
      patch(`<D:displayname>Home</D:displayname><A:calendar-color>#1BADF8FF</A:calendar-color><A:calendar-order>4</A:calendar-order><C:calendar-description>Family</C:calendar-description><C:calendar-timezone><![CDATA[${TZ}]]></C:calendar-timezone><V:flag>on</V:flag>`),
      'calendar',
    );
    expect(plan.apply).toBe(true);
    expect([...plan.live]).toEqual([
      ['displayname', 'Home'],
      ['calendar-color', '#1BADF8FF'],
      ['calendar-order', 4],
      ['calendar-description', 'Family'],
      ['calendar-timezone', TZ.replace(/\r\n/g, '\n')],
    ]);
    expect(plan.dead.map((u) => u.name.name)).toEqual(['flag']);
    expect(plan.propstats.map((ps) => [ps.status, ps.props.length])).toEqual([[200, 6]]);
  });

  it('a removal resets a writable live property and removes a dead one', () => {
    const plan = planProppatch(patch('<D:displayname>x</D:displayname>', '<A:calendar-color/><V:flag/>'), 'calendar');
    expect(plan.apply).toBe(true);
    expect(plan.live.get('calendar-color')).toBeNull();
    expect(plan.dead).toEqual([{ op: 'remove', name: { ns: 'urn:vendor', name: 'flag' } }]);
  });

  it.each([
    ['a protected property (getctag)', '<CS:getctag>1</CS:getctag>', 'calendar', 403],
    ['a protected property (resourcetype)', '<D:resourcetype><D:collection/></D:resourcetype>', 'calendar', 403],
    ['calendar-color on an address book', '<A:calendar-color>#FFFFFF</A:calendar-color>', 'addressbook', 403],
    ['a colour that is none', '<A:calendar-color>blue</A:calendar-color>', 'calendar', 409],
    ['an order that is no integer', '<A:calendar-order>first</A:calendar-order>', 'calendar', 409],
    ['a timezone that is no VCALENDAR', '<C:calendar-timezone>Europe/Paris</C:calendar-timezone>', 'calendar', 409],
    ['a displayname past the bound', `<D:displayname>${'x'.repeat(MAX_LABEL_CHARS + 1)}</D:displayname>`, 'addressbook', 409],
  ] as const)('refuses %s (%s) and applies nothing: the others 424', (_what, bad, kind, status) => {
    const plan = planProppatch(patch(`<D:displayname>ok</D:displayname>${bad}<V:flag>on</V:flag>`), kind);
    expect(plan.apply).toBe(false);
    expect(plan.live.size).toBe(0);
    expect(plan.dead).toEqual([]);
    expect(plan.propstats.map((ps) => [ps.status, ps.props.map((p) => p.name.name)])).toEqual(
      [
        [status, [bad.slice(bad.indexOf(':') + 1, bad.search(/[ >/]/))]],
        [424, ['displayname', 'flag']],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
  });

  it('writes the protected refusal with its precondition', () => {
    const plan = planProppatch(patch('<D:getetag>"x"</D:getetag>'), 'calendar');
    const xml = writeMultistatus([{ href: '/dav/c/', propstats: plan.propstats }]);
    expect(xml).toContain('<d:propstat><d:prop><d:getetag/></d:prop><d:status>HTTP/1.1 403 Forbidden</d:status><d:error><d:cannot-modify-protected-property/></d:error></d:propstat>');
    expect(plan.propstats[0]!.props[0]!.name).toEqual({ ns: DAV_NS, name: 'getetag' });
  });
});
