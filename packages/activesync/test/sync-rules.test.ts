/**
 * The rules beside the Sync step, as tables from MS-ASCMD (and MS-ASPROV), with no store:
 * - the request a Sync body asks for (§2.2.1.21.1 empty Sync, §2.2.3.131 Partial; Status 13);
 * - how long a Sync or Ping is held (§2.2.3.198 Wait, §2.2.3.79 HeartbeatInterval, §2.2.3.97 Limit;
 *   Sync Status 4 and 14, Ping Status 3, 5 and 6 of §2.2.3.177.10);
 * - "provision first" (HTTP 449 before 14.0, the command's Status 142 or 140 from 14.0; MS-ASCMD §2.2.2);
 * - FolderSync's key and status (§2.2.1.5, §2.2.3.177.4: 9 and 10);
 * - the outbox decisions and the FilterType window (§2.2.3.68.2, SoftDelete §2.2.3.162);
 * - loop protection (a key resent: the same reply, then a cut one, then the item taken out).
 */
import { describe, expect, it } from 'vitest';
import {
  answerRepeat,
  completeSync,
  el,
  elementToJson,
  folderSyncStep,
  FOLDERS,
  formatOf,
  itemFilterOf,
  nameOf,
  needsProvisioning,
  nextFolderSyncKey,
  outboxHeldIds,
  outboxOf,
  pendingOf,
  planPing,
  planSync,
  provisionFirst,
  cacheOf,
  readSyncRequest,
  syncHold,
  windowMoves,
  type AsCommand,
  type AsElement,
  type CollectionState,
  type EngineOutgoing,
  type FolderSyncOutcome,
  type ItemFilter,
  type OutboxEntry,
} from '../src/index.js';

const text = (e: AsElement, name: string) => e.children?.find((c) => nameOf(c) === name)?.text;
const sync = (children: AsElement[]) => readSyncRequest(el('AirSync:Sync', children));
const collections = el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', 'g:1'), el('AirSync:CollectionId', 'contacts')])]);

describe('planSync: which request a Sync body runs (§2.2.1.21.1, §2.2.3.131)', () => {
  const cached = cacheOf(sync([collections]));
  it.each<[string, ReturnType<typeof sync> | null, boolean, string]>([
    ['an empty Sync with nothing cached: Status 13', null, false, 'refuse:13'],
    ['an empty Sync with a cached request: completed from it', null, true, 'complete'],
    ['a Partial Sync with nothing cached: Status 13', sync([el('AirSync:Partial'), collections]), false, 'refuse:13'],
    ['a Partial Sync with a cached request: merged and completed', sync([el('AirSync:Partial'), collections]), true, 'complete'],
    ['a Sync with neither Collections nor Partial: Status 13', sync([el('AirSync:WindowSize', '5')]), true, 'refuse:13'],
    ['a full Sync: run as sent', sync([collections]), false, 'run'],
  ])('%s', (_, read, hasCache, expected) => {
    const plan = planSync(read, hasCache ? cached : undefined);
    expect(plan.kind === 'refuse' ? `refuse:${plan.status}` : plan.kind).toBe(expected);
  });

  it('an empty Sync whose collections have no key left is Status 13; a Partial one runs what it names', () => {
    const empty = planSync(null, cached);
    if (empty.kind !== 'complete') throw new Error(empty.kind);
    expect(completeSync(empty, new Map())).toEqual({ status: 13 });
    expect(completeSync(empty, new Map([['contacts', 'g:7']]))).toMatchObject({ sync: { collections: [{ collectionId: 'contacts', syncKey: 'g:7' }] } });
  });
});

describe('syncHold: Wait (minutes, 1–59) and HeartbeatInterval (seconds) within the bounds', () => {
  const bounds = { minHeartbeat: 120, maxHeartbeat: 1800 };
  it.each<[string, { wait?: number; heartbeatInterval?: number }, object]>([
    ['neither: not held', {}, {}],
    ['both: Status 4', { wait: 5, heartbeatInterval: 300 }, { status: 4 }],
    ['Wait in range', { wait: 5 }, { seconds: 300 }],
    ['Wait under the bound: Status 14, Limit the least minutes', { wait: 1 }, { status: 14, limit: 2 }],
    ['Wait over the bound: Status 14, Limit the most minutes', { wait: 31 }, { status: 14, limit: 30 }],
    ['HeartbeatInterval in range', { heartbeatInterval: 600 }, { seconds: 600 }],
    ['HeartbeatInterval under: Status 14, Limit in seconds', { heartbeatInterval: 60 }, { status: 14, limit: 120 }],
    ['HeartbeatInterval over: Status 14, Limit in seconds', { heartbeatInterval: 3540 }, { status: 14, limit: 1800 }],
  ])('%s', (_, asked, expected) => {
    expect(syncHold(asked, bounds)).toEqual(expected);
  });

  it('Wait never leaves 1–59 minutes whatever the bounds', () => {
    expect(syncHold({ wait: 0 }, { minHeartbeat: 1, maxHeartbeat: 86_400 })).toEqual({ status: 14, limit: 1 });
    expect(syncHold({ wait: 60 }, { minHeartbeat: 1, maxHeartbeat: 86_400 })).toEqual({ status: 14, limit: 59 });
  });
});

describe('planPing: a Ping completed from the last one (§2.2.1.13) and its Status (§2.2.3.177.10)', () => {
  const bounds = { minHeartbeat: 60, maxHeartbeat: 3540, maxFolders: 2 };
  const last = JSON.stringify({ folders: [{ id: 'contacts' }], heartbeatInterval: 480 });
  const folders = (...ids: string[]) => ids.map((id) => ({ id }));
  it.each<[string, object, string | null, string]>([
    ['nothing sent, nothing cached: Status 3', {}, null, 'Status 3'],
    ['folders sent, no heartbeat anywhere: Status 3', { folders: folders('contacts') }, null, 'Status 3'],
    ['an empty Ping repeats the last', {}, last, 'hold contacts@480'],
    ['a heartbeat alone takes the last folders', { heartbeatInterval: 600 }, last, 'hold contacts@600'],
    ['folders alone take the last heartbeat', { folders: folders('calendar') }, last, 'hold calendar@480'],
    ['a heartbeat under the bound: Status 5 with the bound', { heartbeatInterval: 30 }, last, 'Status 5 60'],
    ['a heartbeat over the bound: Status 5 with the bound', { heartbeatInterval: 4000 }, last, 'Status 5 3540'],
    ['more folders than watched: Status 6 with the most', { folders: folders('a', 'b', 'c') }, last, 'Status 6 2'],
    ['a cached Ping not of our shape counts as none', {}, '{"folders":"x"}', 'Status 3'],
  ])('%s', (_, sent, stored, expected) => {
    const plan = planPing(sent, stored, bounds);
    const outcome =
      'refuse' in plan
        ? `Status ${text(plan.refuse, 'Ping:Status')}${[text(plan.refuse, 'Ping:HeartbeatInterval'), text(plan.refuse, 'Ping:MaxFolders')].filter((x) => x !== undefined).map((x) => ` ${x}`).join('')}`
        : `hold ${plan.hold.folders.map((f) => f.id).join(',')}@${plan.hold.heartbeatInterval}`;
    expect(outcome).toBe(expected);
  });

  it('the Ping taken is kept for the next only when it differs', () => {
    const same = planPing({}, last, bounds);
    expect('hold' in same && same.cache).toBeUndefined();
    const other = planPing({ heartbeatInterval: 600 }, last, bounds);
    expect('hold' in other && other.cache).toBe(JSON.stringify({ folders: [{ id: 'contacts' }], heartbeatInterval: 600 }));
  });
});

describe('provision first: HTTP 449 before 14.0, Status 142 (140 for a wipe) in the command\'s element from 14.0 (MS-ASCMD §2.2.2)', () => {
  it.each<[string, AsCommand, boolean, string]>([
    ['2.5', 'Sync', false, '449'],
    ['12.1', 'FolderSync', true, '449'],
    ['14.0', 'Sync', false, 'AirSync:Sync 142'],
    ['14.1', 'FolderSync', false, 'FolderHierarchy:FolderSync 142'],
    ['14.1', 'Ping', true, 'Ping:Ping 140'],
    ['16.1', 'ItemOperations', false, 'ItemOperations:ItemOperations 142'],
    // A command with no Status of its own (a mail command, were it served) gets 449 whatever the version.
    ['14.1', 'SendMail', false, '449'],
  ])('%s %s, wipe %s: %s', (protocolVersion, command, wipe, expected) => {
    const answer = provisionFirst({ command, protocolVersion }, wipe);
    expect('http' in answer ? String(answer.http) : `${nameOf(answer.element)} ${answer.element.children![0]!.text}`).toBe(expected);
  });

  it.each<[string, AsCommand, string | undefined, string | null, boolean]>([
    ['Provision never', 'Provision', undefined, null, false],
    ['no key acknowledged', 'Sync', '123', null, true],
    ['the acknowledged key', 'Sync', '123', '123', false],
    ['another key', 'Sync', '124', '123', true],
    ['no key sent', 'Ping', undefined, '123', true],
  ])('needsProvisioning: %s', (_, command, policyKey, recorded, needs) => {
    expect(needsProvisioning({ command, ...(policyKey === undefined ? {} : { policyKey }) }, recorded)).toBe(needs);
  });
});

describe('FolderSync: key and Status (§2.2.1.5, §2.2.3.177.4)', () => {
  const entry = (serverId: string, displayName = serverId, type = 9) => ({ serverId, parentId: '0', displayName, type });
  const given = JSON.stringify([entry('contacts'), entry('calendar', 'Calendar', 8)]);
  const generation = () => 'new';
  const summary = (o: FolderSyncOutcome) => {
    const changes = o.reply.children!.find((c) => nameOf(c) === 'FolderHierarchy:Changes')?.children ?? [];
    const names = changes.filter((c) => nameOf(c) !== 'FolderHierarchy:Count').map((c) => `${nameOf(c).slice('FolderHierarchy:'.length)} ${text(c, 'FolderHierarchy:ServerId')}`);
    return [text(o.reply, 'FolderHierarchy:Status'), text(o.reply, 'FolderHierarchy:SyncKey'), ...names].join(' / ');
  };
  it.each<[string, string | null, ReturnType<typeof entry>[], string]>([
    ['no body: Status 10', null, [], '10 / '],
    ['a key not handed out: Status 9', 'k:3', [], '9 / '],
    ['key 0: every folder an Add, a new generation', '0', [entry('contacts')], '1 / new:1 / Add contacts'],
    ['the current key, nothing changed: the same key', 'k:4', [entry('contacts'), entry('calendar', 'Calendar', 8)], '1 / k:4'],
    ['the current key, a folder gone: Delete, the next key', 'k:4', [entry('contacts')], '1 / k:5 / Delete calendar'],
    ['the current key, a folder renamed and one new: Update and Add', 'k:4', [entry('contacts', 'People'), entry('calendar', 'Calendar', 8), entry('tasks', 'Tasks', 7)], '1 / k:5 / Update contacts / Add tasks'],
  ])('%s', (_, syncKey, folders, expected) => {
    expect(summary(folderSyncStep({ syncKey, currentKey: 'k:4', given, folders, generation }))).toBe(expected);
  });

  it('a folder gone takes its collection with it; a key not of our form starts a generation', () => {
    const outcome = folderSyncStep({ syncKey: 'k:4', currentKey: 'k:4', given, folders: [entry('contacts')], generation });
    expect(outcome.kind === 'answer' && outcome.reset).toEqual(['calendar']);
    expect(nextFolderSyncKey('legacy-key-without-counter!', generation)).toBe('new:1');
    expect(nextFolderSyncKey('abc:41', generation)).toBe('abc:42');
  });
});

const CARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nN:;Ada;;;\r\nEND:VCARD\r\n';
const OLD_EVENT = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:old\r\nDTSTAMP:20200101T000000Z\r\nDTSTART:20200101T100000Z\r\nDTEND:20200101T110000Z\r\nSUMMARY:old\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
const NEW_EVENT = OLD_EVENT.replaceAll('2020', '2026').replace('UID:old', 'UID:new');

describe('the outbox decisions through the FilterType window (§2.2.3.68.2, SoftDelete §2.2.3.162)', () => {
  const now = new Date('2026-01-15T00:00:00Z');
  const twoWeeks = itemFilterOf('Calendar', 4, now);
  const all: ItemFilter = { kind: 'all' };
  const item = (body: string) => ({ dataclass: 'Events' as const, type: 'text/calendar', title: 't', body });
  it.each<[string, ItemFilter, EngineOutgoing, boolean, string]>([
    ['no filter: an add is queued under the id the engine gave', all, { change: { op: 'add', item: item(OLD_EVENT) }, assignedId: 'a1' }, true, 'add a1'],
    ['an add outside the window: nothing', twoWeeks, { change: { op: 'add', item: item(OLD_EVENT) }, assignedId: 'a1' }, false, ''],
    ['an add inside the window', twoWeeks, { change: { op: 'add', item: item(NEW_EVENT) }, assignedId: 'a1' }, false, 'add a1'],
    ['a change of a held item inside: Change', twoWeeks, { change: { op: 'replace', id: 'x', item: item(NEW_EVENT) } }, true, 'replace x'],
    ['a change of an item not held, now inside: Add', twoWeeks, { change: { op: 'replace', id: 'x', item: item(NEW_EVENT) } }, false, 'add x'],
    ['a change taking a held item outside: SoftDelete', twoWeeks, { change: { op: 'replace', id: 'x', item: item(OLD_EVENT) } }, true, 'softdelete x'],
    ['a change of an item not held, still outside: nothing', twoWeeks, { change: { op: 'replace', id: 'x', item: item(OLD_EVENT) } }, false, ''],
    ['a delete of a held item: Delete', twoWeeks, { change: { op: 'delete', id: 'x', dataclass: 'Events' } }, true, 'delete x'],
    ['a delete of an item not held: nothing', twoWeeks, { change: { op: 'delete', id: 'x', dataclass: 'Events' } }, false, ''],
  ])('%s', (_, filter, outgoing, holds, expected) => {
    const asked = outboxHeldIds(filter, [outgoing]);
    // Without a filter nothing is asked: the phone holds everything.
    expect(asked === undefined).toBe(filter.kind === 'all');
    const writes = outboxOf([outgoing], filter, asked === undefined ? undefined : new Set(holds ? asked : []), () => 'fresh');
    expect(writes.append.map((r) => `${r.op} ${r.serverId}`).join()).toBe(expected);
    // What is sent with a body is remembered as held; what is deleted or soft-deleted is forgotten.
    expect(writes.remember.map((r) => r.serverId)).toEqual(expected.startsWith('add') || expected.startsWith('replace') ? [expected.split(' ')[1]] : []);
    expect(writes.forget).toEqual(expected.includes('delete') ? ['x'] : []);
  });

  it('the window moving: held items outside leave (SoftDelete), lacking ones inside arrive (Add)', () => {
    const held = [
      { serverId: 'h-old', dataclass: 'Events' as const, body: OLD_EVENT },
      { serverId: 'h-new', dataclass: 'Events' as const, body: NEW_EVENT },
    ];
    const lacking = [
      { serverId: 'l-old', dataclass: 'Events' as const, body: OLD_EVENT },
      { serverId: 'l-new', dataclass: 'Events' as const, body: NEW_EVENT },
    ];
    const writes = windowMoves(twoWeeks, held, lacking);
    expect(writes.append.map((r) => `${r.op} ${r.serverId}`)).toEqual(['softdelete h-old', 'add l-new']);
    expect([writes.remember.map((r) => r.serverId), writes.forget]).toEqual([['l-new'], ['h-old']]);
  });
});

describe('loop protection: a resent key of our last reply', () => {
  const state: CollectionState = { className: 'Contacts', initial: false, generation: 'g', counter: 6, sentThrough: 4, sentCount: 4 };
  const entries: OutboxEntry[] = [1, 2, 3, 4].map((seq) => ({ seq, op: 'add', serverId: `s${seq}`, dataclass: 'Contacts', body: CARD }));
  const lastReply = el('AirSync:Collection', [el('AirSync:SyncKey', 'g:6'), el('AirSync:CollectionId', 'contacts'), el('AirSync:Status', '1'), el('AirSync:Commands', [])]);
  const answer = (replays: number, sent: OutboxEntry[], queued: number) =>
    answerRepeat({ lastReply, state: { ...state, replays, sentCount: sent.length }, sent, queued, format: formatOf('Contacts')!, version: '14.1', deviceId: 'dev', collectionId: 'contacts' });
  const commandsOf = (e: AsElement) => e.children!.find((c) => nameOf(c) === 'AirSync:Commands')?.children?.length ?? 0;
  const more = (e: AsElement) => e.children!.some((c) => nameOf(c) === 'AirSync:MoreAvailable');
  it.each<[string, number, number, number, string]>([
    ['the first repeat: the same reply (a lost answer)', 0, 4, 10, 'same'],
    ['the second repeat: the same reply', 1, 4, 10, 'same'],
    ['the third repeat: half of it, MoreAvailable', 2, 4, 10, 'cut 2 more'],
    ['the third repeat of a cut reply: half again', 2, 2, 10, 'cut 1 more'],
    ['the third repeat of one change: it is taken out', 2, 1, 10, 'isolate s1 more'],
    ['the third repeat of the last change: taken out, nothing more', 2, 1, 1, 'isolate s1'],
    ['a repeat of a reply that carried nothing: the same reply', 5, 0, 0, 'same'],
  ])('%s', (_, replays, sentCount, queued, expected) => {
    const a = answer(replays, entries.slice(0, sentCount), queued);
    const summary =
      a.isolate !== undefined
        ? `isolate ${a.isolate.entry.serverId}${more(a.reply) ? ' more' : ''}`
        : a.reply === lastReply
          ? 'same'
          : `cut ${commandsOf(a.reply)}${more(a.reply) ? ' more' : ''}`;
    expect(summary).toBe(expected);
    if (summary === 'same') expect(a.state.replays).toBe(replays + 1);
    else expect(a.state.replays).toBe(0);
    if (a.isolate !== undefined) {
      expect(a.state.sentCount).toBe(0);
      expect(a.isolate.reason).toContain('DeviceId dev');
      expect(commandsOf(a.reply)).toBe(0);
    }
    if (summary.startsWith('cut')) expect([a.state.sentCount, a.state.sentThrough]).toEqual([commandsOf(a.reply), commandsOf(a.reply)]);
  });

  it('what is pending excludes the last reply\'s unacknowledged window', () => {
    expect([pendingOf(state, 10), pendingOf(state, 3), pendingOf({ ...state, sentCount: undefined }, 3)]).toEqual([6, 0, 3]);
    expect(JSON.stringify(elementToJson(answer(0, entries, 10).reply))).toBe(JSON.stringify(elementToJson(lastReply)));
  });
});

it('every folder class has an item format, Notes from 14.0', () => {
  for (const folder of Object.values(FOLDERS)) expect(formatOf(folder.className)?.className).toBe(folder.className);
  expect(formatOf('Notes')!.since).toBe(14);
});
