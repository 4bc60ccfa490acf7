/**
 * The Sync collection step (sync/step.ts) as tables from MS-ASCMD, with no store: the rows a server
 * would read are values here, and each row of a table is a request and what the step answers.
 *
 * - §2.2.3.177.17 Sync Status: 1 success, 3 invalid SyncKey, 5 server error, 6 conversion error,
 *   8 object not found, 12 folder hierarchy changed.
 * - §2.2.3.166.4 SyncKey: 0 starts the collection; the key handed out last is the current one; a
 *   resent key of our last reply gets that reply again (§3.1.5.3: "the server … MUST send the same
 *   response").
 * - §2.2.3.84 GetChanges, §2.2.3.199 WindowSize, §2.2.3.114 MoreAvailable.
 */
import { describe, expect, it } from 'vitest';
import {
  closeCollection,
  el,
  elementToJson,
  failedRun,
  FOLDERS,
  nameOf,
  openCollection,
  readCollectionState,
  readSyncRequest,
  runMode,
  syncCollectionElement,
  writeCollectionState,
  type AsElement,
  type CollectionState,
  type HeldItem,
  type IdSource,
  type Opened,
  type OutboxEntry,
  type RunPlan,
  type StepInput,
  type StoredCollection,
} from '../src/index.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const CARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n';

/** Ids in sequence, so a table can name them. */
function fixedIds(): IdSource {
  let n = 0;
  let g = 0;
  return { generation: () => `gen${++g}`, serverId: () => `sid${++n}` };
}

const state = (extra: Partial<CollectionState> = {}): CollectionState => ({ className: 'Contacts', initial: false, generation: 'g', counter: 5, ...extra });
const stored = (s: CollectionState, extra: Partial<StoredCollection> = {}): StoredCollection => ({ syncKey: `${s.generation}:${s.counter}`, previousKey: null, lastReply: null, state: writeCollectionState(s), ...extra });

/** A Sync request's one collection, read as the codec reads it. */
function collection(syncKey: string, children: AsElement[] = []) {
  return readSyncRequest(el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', syncKey), el('AirSync:CollectionId', 'contacts'), ...children])])])).collections[0]!;
}

function input(syncKey: string, extra: Partial<StepInput> = {}, children: AsElement[] = []): StepInput {
  return { request: collection(syncKey, children), version: '14.1', folder: FOLDERS.Contacts, row: undefined, held: new Map(), queued: 0, windowSize: undefined, side: 'source', now: NOW, ids: fixedIds(), ...extra };
}

const text = (e: AsElement, name: string) => e.children?.find((c) => nameOf(c) === name)?.text;
const statusOf = (o: Opened) => ('reply' in o ? text(o.reply.element, 'AirSync:Status') : undefined);

describe('openCollection: the SyncKey (§2.2.3.166.4) and the collection Status (§2.2.3.177.17)', () => {
  const current = state();
  const answered = stored(current, { previousKey: 'g:4', lastReply: JSON.stringify(elementToJson(el('AirSync:Collection', [el('AirSync:SyncKey', 'g:5')]))) });
  it.each<[string, Partial<StepInput>, string, Opened['kind'], string | undefined]>([
    ['a folder the phone was not given: FolderSync first', { folder: undefined }, 'g:5', 'answer', '12'],
    ['a folder the phone was not given, even with key 0', { folder: undefined }, '0', 'answer', '12'],
    ['key 0: the collection starts, Status 1', {}, '0', 'start', '1'],
    ['no row and a key not 0', {}, 'g:5', 'answer', '3'],
    ['a key of an earlier reply, not the last', { row: answered }, 'g:3', 'answer', '3'],
    ['a key of another generation', { row: answered }, 'h:5', 'answer', '3'],
    ['a state not of the shape we write', { row: { ...stored(current), state: '{"className":"Mail"}' } }, 'g:5', 'answer', '3'],
    ['the key of our last reply\'s request: that reply again (loop.ts)', { row: answered }, 'g:4', 'repeat', undefined],
    ['the current key', { row: stored(current) }, 'g:5', 'run', undefined],
  ])('%s', (_, extra, key, kind, status) => {
    const opened = openCollection(input(key, extra));
    expect(opened.kind).toBe(kind);
    expect(statusOf(opened)).toBe(status);
  });

  it('key 0 gives the new generation\'s first key, forgets the queue (previousKey 0) and marks the next run a refresh', () => {
    const opened = openCollection(input('0', {}, [el('AirSync:Supported', [el('Contacts:FirstName')])]));
    if (opened.kind !== 'start') throw new Error(opened.kind);
    expect(text(opened.reply.element, 'AirSync:SyncKey')).toBe('gen1:1');
    expect(opened.save).toMatchObject({ syncKey: 'gen1:1', previousKey: '0' });
    expect(readCollectionState(opened.save.state)).toMatchObject({ initial: true, generation: 'gen1', counter: 1, supported: ['Contacts:FirstName'] });
  });

  it('2.5 echoes the Class (§2.2.3.27.4); later versions do not', () => {
    for (const [version, className] of [['2.5', 'Contacts'], ['14.1', undefined]] as const) {
      const opened = openCollection(input('g:9', { version, row: stored(current) }));
      expect('reply' in opened && text(opened.reply.element, 'AirSync:Class')).toBe(className);
    }
  });
});

describe('openCollection: the phone\'s commands, each on its own (§2.2.3.177.17)', () => {
  const held = new Map<string, HeldItem>([['h1', { serverId: 'h1', dataclass: 'Contacts', body: CARD }]]);
  const run = (commands: AsElement[]) => {
    const opened = openCollection(input('g:5', { row: stored(state()), held }, [el('AirSync:Commands', commands)]));
    if (opened.kind !== 'run') throw new Error(opened.kind);
    return opened;
  };
  const data = (value: string) => el('AirSync:ApplicationData', [el('Contacts:FirstName', 'Ada'), el('Contacts:LastName', value)]);
  it.each<[string, AsElement, string | undefined, 'upsert' | 'delete' | undefined]>([
    ['an Add that converts: Status 1 and a new ServerId', el('AirSync:Add', [el('AirSync:ClientId', 'c1'), data('Lovelace')]), '1', 'upsert'],
    ['an Add holding a character XML cannot carry: Status 6, nothing sent', el('AirSync:Add', [el('AirSync:ClientId', 'c1'), data('Love\u001flace')]), '6', undefined],
    ['a Change of an item the phone holds: no response, sent', el('AirSync:Change', [el('AirSync:ServerId', 'h1'), data('Byron')]), undefined, 'upsert'],
    ['a Change of an unknown ServerId: Status 8', el('AirSync:Change', [el('AirSync:ServerId', 'nope'), data('Byron')]), '8', undefined],
    ['a Change that does not convert: Status 6', el('AirSync:Change', [el('AirSync:ServerId', 'h1'), data('By\u0001ron')]), '6', undefined],
    ['a Delete of an item the phone holds: no response, sent', el('AirSync:Delete', [el('AirSync:ServerId', 'h1')]), undefined, 'delete'],
    ['a Delete of an unknown ServerId: Status 8', el('AirSync:Delete', [el('AirSync:ServerId', 'nope')]), '8', undefined],
    ['a Fetch of an item the phone holds: Status 1 with its data', el('AirSync:Fetch', [el('AirSync:ServerId', 'h1')]), '1', undefined],
    ['a Fetch of an unknown ServerId: Status 8', el('AirSync:Fetch', [el('AirSync:ServerId', 'nope')]), '8', undefined],
  ])('%s', (_, command, status, sent) => {
    const { plan, faults } = run([command]);
    expect(plan.incoming.responses.map((r) => String(r.status))).toEqual(status === undefined ? [] : [status]);
    expect(plan.incoming.sent.map((s) => s.op)).toEqual(sent === undefined ? [] : [sent]);
    // A refused item is logged, never thrown: the rest of the request goes on.
    expect(faults.length).toBe(status === '6' ? 1 : 0);
  });

  it('an Add is remembered as held under the ServerId its response gives', () => {
    const { plan } = run([el('AirSync:Add', [el('AirSync:ClientId', 'c1'), data('Lovelace')])]);
    expect(plan.incoming.responses).toEqual([{ kind: 'Add', clientId: 'c1', serverId: 'sid1', status: 1 }]);
    expect(plan.incoming.remember.map((r) => r.serverId)).toEqual(['sid1']);
  });

  it('one bad item does not stop the others', () => {
    const { plan } = run([el('AirSync:Delete', [el('AirSync:ServerId', 'nope')]), el('AirSync:Delete', [el('AirSync:ServerId', 'h1')])]);
    expect(plan.incoming.responses.map((r) => r.status)).toEqual([8]);
    expect(plan.incoming.forget).toEqual(['h1']);
  });
});

describe('openCollection: whether the engine runs, and how (§2.2.3.84 GetChanges)', () => {
  it.each<[string, Partial<CollectionState>, number, AsElement[], boolean]>([
    ['the first run after key 0', { initial: true }, 0, [], true],
    ['changes asked and nothing queued: the engine looks for some', {}, 0, [], true],
    ['changes asked and some queued not yet sent: the queue is sent first', {}, 3, [], false],
    ['the queue holds only the last reply\'s, which the key acknowledges', { sentCount: 3, sentThrough: 9 }, 3, [], true],
    ['no changes asked and nothing sent', {}, 0, [el('AirSync:GetChanges', '0')], false],
    ['no changes asked but the phone sent one', {}, 0, [el('AirSync:GetChanges', '0'), el('AirSync:Commands', [el('AirSync:Delete', [el('AirSync:ServerId', 'h1')])])], true],
  ])('%s', (_, extra, queued, children, engine) => {
    const s = state(extra);
    const held = new Map<string, HeldItem>([['h1', { serverId: 'h1', dataclass: 'Contacts', body: CARD }]]);
    const opened = openCollection(input('g:5', { row: stored(s), queued, held }, children));
    if (opened.kind !== 'run') throw new Error(opened.kind);
    expect(opened.plan.engine !== undefined).toBe(engine);
    if (engine) expect(opened.plan.engine!.anchor).toBe('g:6');
  });

  it.each<['source' | 'target', boolean, boolean, number]>([
    ['source', false, false, 200],
    ['source', false, true, 200],
    ['source', true, true, 201],
    ['target', true, false, 203],
    ['source', true, false, 205],
  ])('the run mode of a phone on the %s side, first run %s, items sent %s: %i', (side, initial, sent, mode) => {
    expect(runMode(side, initial, sent)).toBe(mode);
  });

  it('the acknowledged window leaves the queue; WindowSize is the collection\'s, else the request\'s, else 100 (§2.2.3.199)', () => {
    const opened = openCollection(input('g:5', { row: stored(state({ sentThrough: 41, sentCount: 2 })), windowSize: 7 }));
    if (opened.kind !== 'run') throw new Error(opened.kind);
    expect(opened.plan.dropThrough).toBe(41);
    expect(opened.plan.peek).toBe(8);
    const own = openCollection(input('g:5', { row: stored(state()), windowSize: 7 }, [el('AirSync:WindowSize', '3')]));
    expect(own.kind === 'run' && own.plan.peek).toBe(4);
    const none = openCollection(input('g:5', { row: stored(state()) }));
    expect(none.kind === 'run' && none.plan.peek).toBe(101);
  });
});

describe('closeCollection: the reply, the new key and what is saved (§2.2.3.114 MoreAvailable)', () => {
  const planOf = (extra: Partial<CollectionState> = {}, children: AsElement[] = []): RunPlan => {
    const opened = openCollection(input('g:5', { row: stored(state(extra)), windowSize: 2 }, children));
    if (opened.kind !== 'run') throw new Error(opened.kind);
    return opened.plan;
  };
  const entry = (seq: number, op: OutboxEntry['op'] = 'add'): OutboxEntry => ({ seq, op, serverId: `s${seq}`, dataclass: 'Contacts', body: op === 'add' || op === 'replace' ? CARD : '' });

  it.each<[string, OutboxEntry[], string, boolean, string[], boolean]>([
    ['nothing queued: the key stays, nothing to send again', [], 'g:5', false, [], true],
    ['one change: sent, a new key', [entry(1, 'replace')], 'g:6', false, ['Change'], false],
    ['less than a window: all of it, a new key', [entry(1), entry(2, 'delete')], 'g:6', false, ['Add', 'Delete'], false],
    ['more than a window: a window, MoreAvailable', [entry(1), entry(2, 'softdelete'), entry(3)], 'g:6', true, ['Add', 'SoftDelete'], false],
  ])('%s', (_, peeked, key, more, commands, quiet) => {
    const closed = closeCollection(planOf(), peeked);
    const e = closed.reply.element;
    expect(text(e, 'AirSync:Status')).toBe('1');
    expect(text(e, 'AirSync:SyncKey')).toBe(key);
    expect(e.children!.some((c) => nameOf(c) === 'AirSync:MoreAvailable')).toBe(more);
    expect((e.children!.find((c) => nameOf(c) === 'AirSync:Commands')?.children ?? []).map((c) => nameOf(c).slice('AirSync:'.length))).toEqual(commands);
    expect(closed.reply.quiet).toBe(quiet);
    expect(closed.save.syncKey).toBe(key);
    // A reply to resend is kept only when the key moved (§3.1.5.3).
    expect(closed.save.previousKey).toBe(quiet ? null : 'g:5');
    expect(closed.save.lastReply === null).toBe(quiet);
    const saved = readCollectionState(closed.save.state);
    expect([saved.sentThrough, saved.sentCount ?? 0]).toEqual(commands.length === 0 ? [undefined, 0] : [peeked[commands.length - 1]!.seq, commands.length]);
  });

  it('a first run moves the key even with nothing to send (the phone holds the refresh from then on)', () => {
    const closed = closeCollection(planOf({ initial: true }), []);
    expect(text(closed.reply.element, 'AirSync:SyncKey')).toBe('g:6');
    expect(readCollectionState(closed.save.state).initial).toBe(false);
  });

  it('no changes asked: nothing of the queue is sent', () => {
    const closed = closeCollection(planOf({}, [el('AirSync:GetChanges', '0')]), [entry(1)]);
    expect(text(closed.reply.element, 'AirSync:SyncKey')).toBe('g:5');
  });

  it('a run that did not commit: the answer given meanwhile, else Status 5 with the key as sent', () => {
    const plan = planOf();
    const meanwhile = syncCollectionElement({ syncKey: 'g:6', collectionId: 'contacts', status: 1 });
    expect(failedRun(plan, { syncKey: 'g:6', previousKey: 'g:5', lastReply: JSON.stringify(elementToJson(meanwhile)), state: '{}' }, 'x').reply.element).toEqual(meanwhile);
    const failed = failedRun(plan, stored(state()), 'the peer is down');
    expect([text(failed.reply.element, 'AirSync:Status'), text(failed.reply.element, 'AirSync:SyncKey')]).toEqual(['5', 'g:5']);
    expect(failed.faults).toHaveLength(1);
  });
});
