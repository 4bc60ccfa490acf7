/**
 * The request readers on the RFCs' own examples (RFC 4918 §9.1.3–9.2.2, RFC 5689 §5, RFC 4791
 * §5.3.1.2, §7.8–7.10, RFC 6352 §8.6–8.7, RFC 6578 §6.1) and on what real clients send (prefixes of
 * their choosing, default namespaces, unknown elements of foreign namespaces).
 */
import { describe, expect, it } from 'vitest';
import { CALDAV_NS, CARDDAV_NS, DAV_NS, readMkcalendar, readMkcol, readPropfind, readProppatch } from '../src/index.js';
import { refusal } from './support/refusal.js';

const D = (name: string) => ({ ns: DAV_NS, name });

describe('PROPFIND', () => {
  it.each([
    ['no body', undefined],
    ['an empty body', ''],
    ['only whitespace', ' \r\n\t'],
    ['empty bytes', new Uint8Array()],
  ])('reads %s as allprop (RFC 4918 §9.1)', (_what, body) => {
    expect(readPropfind(body)).toEqual({ kind: 'allprop', include: [] });
  });

  it('reads the named properties, whatever the prefixes (RFC 4918 §9.1.3)', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?>
      <D:propfind xmlns:D="DAV:"><D:prop xmlns:R="http://ns.example.com/boxschema/">
        <R:bigbox/><R:author/><R:DingALing/><R:Random/></D:prop></D:propfind>`;
    const box = (name: string) => ({ ns: 'http://ns.example.com/boxschema/', name });
    expect(readPropfind(body)).toEqual({ kind: 'prop', names: [box('bigbox'), box('author'), box('DingALing'), box('Random')] });
  });

  it('reads a default-namespace body as macOS sends it, CalendarServer and Apple properties included', () => {
    const body = `<propfind xmlns="DAV:" xmlns:CS="http://calendarserver.org/ns/" xmlns:A="http://apple.com/ns/ical/">
      <prop><current-user-principal/><resourcetype/><CS:getctag/><A:calendar-color/><displayname/></prop></propfind>`;
    expect(readPropfind(body)).toEqual({
      kind: 'prop',
      names: [D('current-user-principal'), D('resourcetype'), { ns: 'http://calendarserver.org/ns/', name: 'getctag' }, { ns: 'http://apple.com/ns/ical/', name: 'calendar-color' }, D('displayname')],
    });
  });

  it('reads propname, and allprop with include (RFC 4918 §9.1.4–9.1.6)', () => {
    expect(readPropfind('<propfind xmlns="DAV:"><propname/></propfind>')).toEqual({ kind: 'propname' });
    expect(readPropfind('<D:propfind xmlns:D="DAV:"><D:allprop/><D:include><D:supported-live-property-set/><D:supported-report-set/></D:include></D:propfind>')).toEqual({
      kind: 'allprop',
      include: [D('supported-live-property-set'), D('supported-report-set')],
    });
  });

  it('takes bytes, in UTF-8 or the encoding the declaration names', () => {
    const latin1 = Uint8Array.from([...'<?xml version="1.0" encoding="ISO-8859-1"?><propfind xmlns="DAV:"><prop><x xmlns="urn:caf'].map((c) => c.charCodeAt(0)).concat([0xe9], [...'"/></prop></propfind>'].map((c) => c.charCodeAt(0))));
    expect(readPropfind(latin1)).toEqual({ kind: 'prop', names: [{ ns: 'urn:café', name: 'x' }] });
  });

  it.each([
    ['another document element', '<D:propertyupdate xmlns:D="DAV:"/>'],
    ['no choice of properties', '<D:propfind xmlns:D="DAV:"/>'],
    ['a prop of the wrong namespace', '<propfind xmlns="urn:not-dav"><prop/></propfind>'],
    ['an unbound prefix', '<D:propfind xmlns:D="DAV:"><D:prop><X:y/></D:prop></D:propfind>'],
    ['text that is not XML', 'propfind please'],
    ['an unclosed element', '<D:propfind xmlns:D="DAV:"><D:prop>'],
  ])('refuses %s with a 400', (_what, body) => {
    expect(refusal(() => readPropfind(body))).toMatchObject({ status: 400, precondition: undefined });
  });
});

describe('PROPPATCH', () => {
  it('reads sets and removes in document order, values as self-contained fragments (RFC 4918 §9.2.2)', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?>
      <D:propertyupdate xmlns:D="DAV:" xmlns:Z="http://ns.example.com/standards/z39.50/">
        <D:set><D:prop><Z:Authors><Z:Author>Jim Whitehead</Z:Author><Z:Author>Roy Fielding</Z:Author></Z:Authors></D:prop></D:set>
        <D:remove><D:prop><Z:Copyright-Owner/></D:prop></D:remove>
      </D:propertyupdate>`;
    const updates = readProppatch(body);
    expect(updates.map((u) => [u.op, u.name.name])).toEqual([
      ['set', 'Authors'],
      ['remove', 'Copyright-Owner'],
    ]);
    const set = updates[0]!;
    expect(set.op === 'set' && set.value.raw).toBe(
      '<x0:Authors xmlns:x0="http://ns.example.com/standards/z39.50/"><x0:Author>Jim Whitehead</x0:Author><x0:Author>Roy Fielding</x0:Author></x0:Authors>',
    );
  });

  it('keeps the text of live values: displayname, calendar-color, calendar-order, calendar-timezone', () => {
    const timezone = 'BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nEND:VTIMEZONE\r\nEND:VCALENDAR\r\n';
    const body = `<A:propertyupdate xmlns:A="DAV:"><A:set><A:prop>
      <A:displayname>Work &amp; more</A:displayname>
      <B:calendar-color xmlns:B="http://apple.com/ns/ical/" symbolic-color="custom">#FF2968FF</B:calendar-color>
      <B:calendar-order xmlns:B="http://apple.com/ns/ical/">3</B:calendar-order>
      <C:calendar-timezone xmlns:C="urn:ietf:params:xml:ns:caldav"><![CDATA[${timezone}]]></C:calendar-timezone>
      </A:prop></A:set></A:propertyupdate>`;
    const sets = readProppatch(body).map((u) => (u.op === 'set' ? [u.name.name, u.text] : []));
    expect(sets).toEqual([
      ['displayname', 'Work & more'],
      ['calendar-color', '#FF2968FF'],
      ['calendar-order', '3'],
      ['calendar-timezone', timezone.replace(/\r\n/g, '\n')],
    ]);
    const color = readProppatch(body)[1]!;
    expect(color.op === 'set' && color.value.raw).toBe('<x0:calendar-color xmlns:x0="http://apple.com/ns/ical/" symbolic-color="custom">#FF2968FF</x0:calendar-color>');
  });

  it.each([
    ['nothing to do', '<D:propertyupdate xmlns:D="DAV:"/>'],
    ['a set without prop', '<D:propertyupdate xmlns:D="DAV:"><D:set/></D:propertyupdate>'],
    ['no body', ''],
  ])('refuses %s with a 400', (_what, body) => {
    expect(refusal(() => readProppatch(body)).status).toBe(400);
  });
});

describe('MKCOL and MKCALENDAR', () => {
  it('reads an extended MKCOL making an address book (RFC 5689 §5.1)', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?>
      <D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>
        <D:resourcetype><D:collection/><C:addressbook/></D:resourcetype>
        <D:displayname>Lisa's Contacts</D:displayname>
        <C:addressbook-description xml:lang="en">My primary address book.</C:addressbook-description>
      </D:prop></D:set></D:mkcol>`;
    const made = readMkcol(body)!;
    expect(made.resourcetype).toEqual([D('collection'), { ns: CARDDAV_NS, name: 'addressbook' }]);
    expect(made.set.map((s) => [s.name.name, s.text])).toEqual([
      ['displayname', "Lisa's Contacts"],
      ['addressbook-description', 'My primary address book.'],
    ]);
    expect(made.set[1]!.value.raw).toBe('<x0:addressbook-description xmlns:x0="urn:ietf:params:xml:ns:carddav" xml:lang="en">My primary address book.</x0:addressbook-description>');
  });

  it('reads a plain MKCOL as null', () => {
    expect(readMkcol(undefined)).toBeNull();
  });

  it('reads MKCALENDAR with its properties, and without a body (RFC 4791 §5.3.1.2)', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?>
      <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
        <D:displayname>Lisa's Events</D:displayname>
        <C:calendar-description xml:lang="en">Calendar restricted to events.</C:calendar-description>
        <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
      </D:prop></D:set></C:mkcalendar>`;
    const made = readMkcalendar(body);
    expect(made.set.map((s) => s.name.name)).toEqual(['displayname', 'calendar-description', 'supported-calendar-component-set']);
    expect(made.set[2]!.node.children.map((c) => [c.ns, c.name, c.attributes[0]?.value])).toEqual([[CALDAV_NS, 'comp', 'VEVENT']]);
    expect(readMkcalendar('')).toEqual({ resourcetype: [], set: [] });
  });

  it('refuses a remove inside MKCOL', () => {
    expect(refusal(() => readMkcol('<D:mkcol xmlns:D="DAV:"><D:remove><D:prop><D:displayname/></D:prop></D:remove></D:mkcol>')).status).toBe(400);
  });
});
