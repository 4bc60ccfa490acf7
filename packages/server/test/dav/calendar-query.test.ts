/**
 * CalDAV queries that honour time, end to end over HTTP on both stores: calendar-query with
 * time-range over recurring, zoned, all-day, overridden and endless events (exactly the right
 * hrefs), property filters, tasks, expand in calendar-data, free-busy-query, and the filters a
 * server must refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALDAV_NS, foundProp, readMultistatus } from '@atomsync/dav';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const BERLIN = [
  'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
  'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'END:DAYLIGHT',
  'END:VTIMEZONE',
];
const calendar = (...components: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...components.flat(), 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20250101T000000Z', ...lines, 'END:VEVENT'];
const vtodo = (uid: string, ...lines: string[]) => ['BEGIN:VTODO', `UID:${uid}`, 'DTSTAMP:20250101T000000Z', ...lines, 'END:VTODO'];

const EVENTS: Record<string, string> = {
  // Mondays 09:00 Berlin: 08:00Z in March, 07:00Z from 31 March (DST).
  'standup.ics': calendar(BERLIN, vevent('standup', 'DTSTART;TZID=Europe/Berlin:20250303T090000', 'DTEND;TZID=Europe/Berlin:20250303T100000', 'SUMMARY:Weekly standup', 'RRULE:FREQ=WEEKLY', 'EXDATE;TZID=Europe/Berlin:20250317T090000')),
  'review.ics': calendar(vevent('review', 'DTSTART:20250312T140000Z', 'DTEND:20250312T150000Z', 'SUMMARY:Review', 'STATUS:TENTATIVE')),
  'holiday.ics': calendar(vevent('holiday', 'DTSTART;VALUE=DATE:20250401', 'DTEND;VALUE=DATE:20250402', 'SUMMARY:Holiday')),
  // Three days from 10 March, the second moved to 1 May.
  'course.ics': calendar(
    vevent('course', 'DTSTART:20250310T120000Z', 'DURATION:PT2H', 'SUMMARY:Course', 'RRULE:FREQ=DAILY;COUNT=3'),
    vevent('course', 'RECURRENCE-ID:20250311T120000Z', 'DTSTART:20250501T120000Z', 'DURATION:PT2H', 'SUMMARY:Course (moved)'),
  ),
  // Every day since 1990, a billion times: found in any range, at no cost; takes no time (transparent).
  'reminder.ics': calendar(vevent('reminder', 'DTSTART:19900101T060000Z', 'DURATION:PT30M', 'SUMMARY:Vitamins', 'TRANSP:TRANSPARENT', 'RRULE:FREQ=DAILY;COUNT=1000000000')),
  'cancelled.ics': calendar(vevent('cancelled', 'DTSTART:20250331T120000Z', 'DTEND:20250331T130000Z', 'SUMMARY:Lunch', 'STATUS:CANCELLED')),
};

const query = (filter: string, prop = '<D:getetag/>', extra = '') => `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop>${prop}</D:prop><C:filter>${filter}</C:filter>${extra}</C:calendar-query>`;
const eventsIn = (start: string, end: string) => `<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="${start}" end="${end}"/></C:comp-filter></C:comp-filter>`;

describe.each(storeKinds)('CalDAV time queries (%s)', (kind) => {
  let server: TestServer;
  let cal: string;
  let tasks: string;
  let auth: string;

  const dav = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
    fetch(new URL(path, server.url), { method, body: init.body, headers: { authorization: auth, ...init.headers } });
  const report = async (path: string, body: string) => {
    const res = await dav('REPORT', path, { body, headers: { depth: '1', 'content-type': 'application/xml' } });
    expect(res.status).toBe(207);
    return readMultistatus(await res.text()).responses;
  };
  const names = async (path: string, body: string) => (await report(path, body)).map((r) => r.href.slice(path.length)).sort();

  beforeAll(async () => {
    server = await startTestServer(kind);
    auth = basic(server.alice.username, server.alice.password);
    const datastore = (await server.alice.client.datastore.create({ userId: 'home' })).client.uuid!;
    cal = `/dav/calendars/alice/${datastore}/`;
    tasks = `/dav/calendars/alice/${datastore}-tasks/`;
    for (const [name, body] of Object.entries(EVENTS)) expect((await dav('PUT', `${cal}${name}`, { body, headers: { 'content-type': 'text/calendar' } })).status).toBe(201);
    const todos: Record<string, string> = {
      'due.ics': calendar(vtodo('due', 'DUE:20250320T170000Z', 'SUMMARY:Taxes')),
      'started.ics': calendar(vtodo('started', 'DTSTART:20250301T090000Z', 'DUE:20250305T090000Z', 'SUMMARY:Paint')),
      'whenever.ics': calendar(vtodo('whenever', 'SUMMARY:Someday')),
    };
    for (const [name, body] of Object.entries(todos)) expect((await dav('PUT', `${tasks}${name}`, { body })).status).toBe(201);
  });
  afterAll(async () => server?.close());

  it('answers a time-range with exactly the events that have an instance in it', async () => {
    const cases: [string, string, string[]][] = [
      // The standup's Monday after the DST change, the reminder's day; the cancelled lunch still is an event.
      ['20250331T000000Z', '20250401T000000Z', ['cancelled.ics', 'reminder.ics', 'standup.ics']],
      // The standup's 07:00Z instance only: the half hour before it (after the reminder's 06:00–06:30Z) holds nothing.
      ['20250331T063000Z', '20250331T065959Z', []],
      ['20250331T065959Z', '20250331T070001Z', ['standup.ics']],
      // 17 March is excluded; the course's second day was moved away.
      ['20250317T000000Z', '20250317T235959Z', ['reminder.ics']],
      ['20250311T000000Z', '20250311T235959Z', ['reminder.ics']],
      // …to 1 May.
      ['20250501T000000Z', '20250502T000000Z', ['course.ics', 'reminder.ics']],
      // The all-day holiday, in UTC (no CALDAV:timezone sent).
      ['20250401T120000Z', '20250401T130000Z', ['holiday.ics']],
      ['20250312T143000Z', '20250312T143100Z', ['review.ics']],
      // Before anything existed.
      ['19800101T000000Z', '19810101T000000Z', []],
    ];
    for (const [start, end, expected] of cases) expect(await names(cal, query(eventsIn(start, end))), `${start}–${end}`).toEqual(expected);
  });

  it('applies property filters and text-match, and is-not-defined', async () => {
    const bySummary = (text: string, negate = false) =>
      `<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:prop-filter name="SUMMARY"><C:text-match${negate ? ' negate-condition="yes"' : ''}>${text}</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter>`;
    expect(await names(cal, query(bySummary('STANDUP')))).toEqual(['standup.ics']);
    expect(await names(cal, query(bySummary('moved')))).toEqual(['course.ics']);
    // Summaries without an "e": Holiday, Vitamins, Lunch.
    expect(await names(cal, query(bySummary('e', true)))).toEqual(['cancelled.ics', 'holiday.ics', 'reminder.ics']);
    const withoutRule = `<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:prop-filter name="RRULE"><C:is-not-defined/></C:prop-filter></C:comp-filter></C:comp-filter>`;
    // course.ics: its override has no RRULE, so some VEVENT of it passes.
    expect(await names(cal, query(withoutRule))).toEqual(['cancelled.ics', 'course.ics', 'holiday.ics', 'review.ics']);
  });

  it('finds tasks by DUE and DTSTART, and a task without times in every range', async () => {
    const todosIn = (start: string, end: string) => `<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:time-range start="${start}" end="${end}"/></C:comp-filter></C:comp-filter>`;
    expect(await names(tasks, query(todosIn('20250320T000000Z', '20250321T000000Z')))).toEqual(['due.ics', 'whenever.ics']);
    expect(await names(tasks, query(todosIn('20250303T000000Z', '20250304T000000Z')))).toEqual(['started.ics', 'whenever.ics']);
  });

  it('expands a recurring event into its instances in UTC', async () => {
    const responses = await report(cal, query(eventsIn('20250324T000000Z', '20250401T000000Z'), '<D:getetag/><C:calendar-data><C:expand start="20250324T000000Z" end="20250401T000000Z"/></C:calendar-data>'));
    const standup = responses.find((r) => r.href.endsWith('standup.ics'))!;
    const data = foundProp(standup, CALDAV_NS, 'calendar-data')?.text ?? '';
    expect([...data.matchAll(/^DTSTART:(.*)\r?$/gm)].map((m) => m[1])).toEqual(['20250324T080000Z', '20250331T070000Z']);
    expect(data).not.toMatch(/RRULE|EXDATE|TZID/);
    // The etag stays the stored object's: a client that GETs it gets what it had.
    const get = await dav('GET', `${cal}standup.ics`);
    expect(foundProp(standup, 'DAV:', 'getetag')?.text).toBe(get.headers.get('etag'));
    expect(await get.text()).toContain('RRULE:FREQ=WEEKLY');
  });

  it('answers an expansion past the instances a walk examines with 507 number-of-matches-within-limits for that member, never a cut one', async () => {
    const datastore = (await server.alice.client.datastore.create({ userId: 'expand-cap' })).client.uuid!;
    const own = `/dav/calendars/alice/${datastore}/`;
    const hourly = calendar(vevent('hourly', 'DTSTART:20250101T000000Z', 'DURATION:PT30M', 'SUMMARY:Ping', 'RRULE:FREQ=HOURLY'));
    const weekly = calendar(vevent('weekly', 'DTSTART:20250106T090000Z', 'DURATION:PT1H', 'SUMMARY:Standup', 'RRULE:FREQ=WEEKLY'));
    for (const [name, body] of [['hourly.ics', hourly], ['weekly.ics', weekly]]) expect((await dav('PUT', `${own}${name}`, { body })).status).toBe(201);
    const expand = (start: string, end: string) => `<D:getetag/><C:calendar-data><C:expand start="${start}" end="${end}"/></C:calendar-data>`;
    const instances = (r: Awaited<ReturnType<typeof report>>[number]) => (foundProp(r, CALDAV_NS, 'calendar-data')?.text ?? '').match(/^BEGIN:VEVENT\r?$/gm)?.length ?? 0;
    const multiget = (prop: string) =>
      `<?xml version="1.0"?><C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop>${prop}</D:prop><D:href>${own}hourly.ics</D:href><D:href>${own}weekly.ics</D:href></C:calendar-multiget>`;

    // A year of an hourly series: 8,760 instances, past the cap. The weekly one is answered whole beside it.
    for (const body of [query(eventsIn('20250101T000000Z', '20260101T000000Z'), expand('20250101T000000Z', '20260101T000000Z')), multiget(expand('20250101T000000Z', '20260101T000000Z'))]) {
      const byName = new Map((await report(own, body)).map((r) => [r.href.slice(own.length), r]));
      expect([...byName.keys()].sort()).toEqual(['hourly.ics', 'weekly.ics']);
      const cut = byName.get('hourly.ics')!;
      expect(cut.status).toBe(507);
      expect(cut.errors).toEqual([{ ns: 'DAV:', name: 'number-of-matches-within-limits' }]);
      expect(foundProp(cut, CALDAV_NS, 'calendar-data')).toBeUndefined();
      expect(instances(byName.get('weekly.ics')!)).toBe(52);
    }
    // A month of it fits: every instance.
    const month = await report(own, multiget(expand('20250101T000000Z', '20250201T000000Z')));
    expect(month.map((r) => [r.href.slice(own.length), r.status, instances(r)])).toEqual([
      ['hourly.ics', undefined, 31 * 24],
      ['weekly.ics', undefined, 4],
    ]);
  });

  it('answers free-busy-query with the busy time, leaving out transparent and cancelled events', async () => {
    const res = await dav('REPORT', cal, {
      body: `<?xml version="1.0"?><C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:time-range start="20250331T000000Z" end="20250402T000000Z"/></C:free-busy-query>`,
      headers: { depth: '1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(text).toContain('BEGIN:VFREEBUSY');
    expect(text).toContain('DTSTART:20250331T000000Z');
    expect(text).toContain('DTEND:20250402T000000Z');
    expect(text.match(/^FREEBUSY.*$/gm)?.map((l) => l.trim())).toEqual(['FREEBUSY;FBTYPE=BUSY:20250331T070000Z/20250331T080000Z', 'FREEBUSY;FBTYPE=BUSY:20250401T000000Z/20250402T000000Z']);
  });

  it('marks tentative events BUSY-TENTATIVE', async () => {
    const res = await dav('REPORT', cal, { body: `<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:time-range start="20250312T000000Z" end="20250313T000000Z"/></C:free-busy-query>`, headers: { depth: '1' } });
    expect(await res.text()).toMatch(/FREEBUSY;FBTYPE=BUSY-TENTATIVE:20250312T140000Z\/20250312T150000Z/);
  });

  it('refuses a time-range on a component without times, and a malformed one', async () => {
    const onCalendar = await dav('REPORT', cal, { body: query('<C:comp-filter name="VCALENDAR"><C:time-range start="20250101T000000Z" end="20250102T000000Z"/></C:comp-filter>'), headers: { depth: '1' } });
    expect(onCalendar.status).toBe(403);
    expect(await onCalendar.text()).toContain('valid-filter');
    const backwards = await dav('REPORT', cal, { body: query(eventsIn('20250102T000000Z', '20250101T000000Z')), headers: { depth: '1' } });
    expect(backwards.status).toBe(403);
    const open = await dav('REPORT', cal, { body: `<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:time-range start="20250312T000000Z"/></C:free-busy-query>`, headers: { depth: '1' } });
    expect(open.status).toBe(400);
  });
});
