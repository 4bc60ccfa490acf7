/**
 * POST /v2/syncengine/<id>/synchronization/ between two datastore clients, through the SDK
 * against a started server, on both stores: the first run is a slow sync that leaves both sides
 * with the union; a second run with no changes moves nothing; edits and deletes on either side
 * propagate in a two-way run; a conflict resolves to conflict_winner on both sides; the refreshes
 * make one side an exact copy of the other; the one-way modes move one way only; Calendar runs
 * Events and Tasks together; the log feeds list the runs newest first, per binding too.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { card, datastorePair, expectRun, logIdOf, type Pair } from './fixtures.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const VEVENT = (uid: string, summary: string) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', `UID:${uid}`, 'DTSTART:20250608T070000Z', `SUMMARY:${summary}`, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
const VTODO = (uid: string, summary: string) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTODO', `UID:${uid}`, `SUMMARY:${summary}`, 'END:VTODO', 'END:VCALENDAR'].join('\r\n');

describe.each(storeKinds)('synchronization of datastore bindings (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A pair already in step after a first run, with `names` on both sides. */
  async function inStep(names: readonly string[], winner: 'source' | 'target' = 'source'): Promise<Pair> {
    const pair = await datastorePair(server.alice, winner);
    for (const name of names) await pair.source.add(name);
    const first = await pair.run(200);
    expect(first.result).toBe('completed');
    expect(await pair.target.bodies()).toEqual(await pair.source.bodies());
    return pair;
  }

  it('runs the first run as a slow sync (logged 201) and leaves both sides with the union', async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    await pair.source.add('Bo Ek');
    await pair.target.add('Cecilia Lund');

    const entry = await pair.run(200);
    expectRun(entry, 201, { addsOut: 2, addsIn: 1 }, { addsIn: 2, addsOut: 1 });
    expect(entry.bindingId).toBe(pair.id);
    expect(entry.dataclass).toBe('Contacts');
    expect(entry.title).toBe('datastore - datastore');
    expect(entry.syncStats.source.syncSource).toEqual({ type: 'datastore', uuid: pair.source.uuid });
    expect(entry.syncStats.target.syncSource).toEqual({ type: 'datastore', uuid: pair.target.uuid });

    const union = [card('Anna Berg'), card('Bo Ek'), card('Cecilia Lund')].sort();
    expect(await pair.source.bodies()).toEqual(union);
    expect(await pair.target.bodies()).toEqual(union);
    // The answer is the log entry, as the log keeps it.
    expect(await server.alice.client.syncengine.logEntry(logIdOf(entry))).toEqual(entry);
  });

  it('moves nothing on a second run without changes', async () => {
    const pair = await inStep(['Anna Berg', 'Bo Ek']);
    const before = [await pair.source.items(), await pair.target.items()];
    expectRun(await pair.run(200), 200, {}, {});
    expect([await pair.source.items(), await pair.target.items()]).toEqual(before);
  });

  it('propagates edits and deletes from either side in a two-way run', async () => {
    const pair = await inStep(['Anna Berg', 'Bo Ek', 'Cecilia Lund', 'David Holm']);
    const source = await pair.source.items();
    const target = await pair.target.items();
    const on = (items: Map<string, string>, name: string) => [...items].find(([, body]) => body === card(name))![0];

    await pair.source.edit(on(source, 'Anna Berg'), 'Anna Berg', card('Anna Berg', undefined, 'moved to Lund'));
    await pair.source.remove(on(source, 'Bo Ek'));
    await pair.target.edit(on(target, 'Cecilia Lund'), 'Cecilia Lund', card('Cecilia Lund', '+46701111111'));
    await pair.target.remove(on(target, 'David Holm'));
    await pair.target.add('Erik Sand');

    expectRun(
      await pair.run(200),
      200,
      { replacesOut: 1, deletesOut: 1, replacesIn: 1, deletesIn: 1, addsIn: 1 },
      { replacesIn: 1, deletesIn: 1, replacesOut: 1, deletesOut: 1, addsOut: 1 },
    );
    const expected = [card('Anna Berg', undefined, 'moved to Lund'), card('Cecilia Lund', '+46701111111'), card('Erik Sand')].sort();
    expect(await pair.source.bodies()).toEqual(expected);
    expect(await pair.target.bodies()).toEqual(expected);
    expectRun(await pair.run(200), 200, {}, {});
  });

  it.each(['source', 'target'] as const)('resolves a conflict to the %s (conflict_winner) on both sides', async (winner) => {
    const pair = await inStep(['Anna Berg', 'Bo Ek'], winner);
    const onSource = [...(await pair.source.items())].find(([, b]) => b === card('Anna Berg'))![0];
    const onTarget = [...(await pair.target.items())].find(([, b]) => b === card('Anna Berg'))![0];
    const bySource = card('Anna Berg', undefined, 'edited on the source');
    const byTarget = card('Anna Berg', undefined, 'edited on the target');
    await pair.source.edit(onSource, 'Anna Berg', bySource);
    await pair.target.edit(onTarget, 'Anna Berg', byTarget);

    const entry = await pair.run(200);
    expect(entry.result).toBe('completed');
    expect(entry.syncStats.conflictsDetected).toBe(1);
    // The winner's version went to the loser's side; nothing went the other way.
    const [won, lost] = winner === 'source' ? [entry.syncStats.source, entry.syncStats.target] : [entry.syncStats.target, entry.syncStats.source];
    expect([won.statistics.replacesOut, won.statistics.replacesIn, lost.statistics.replacesIn, lost.statistics.replacesOut]).toEqual([1, 0, 1, 0]);
    const expected = [winner === 'source' ? bySource : byTarget, card('Bo Ek')].sort();
    expect(await pair.source.bodies()).toEqual(expected);
    expect(await pair.target.bodies()).toEqual(expected);
    expectRun(await pair.run(200), 200, {}, {});
  });

  it('makes the target an exact copy of the source in a refresh from source (203)', async () => {
    const pair = await inStep(['Anna Berg', 'Bo Ek']);
    const onTarget = [...(await pair.target.items())].find(([, b]) => b === card('Bo Ek'))![0];
    await pair.target.edit(onTarget, 'Bo Ek', card('Bo Ek', undefined, 'only on the target'));
    await pair.target.add('Cecilia Lund');
    await pair.source.add('David Holm');

    const entry = await pair.run(203);
    expect([entry.result, entry.syncMode]).toEqual(['completed', 203]);
    const expected = [card('Anna Berg'), card('Bo Ek'), card('David Holm')].sort();
    expect(await pair.source.bodies()).toEqual(expected);
    expect(await pair.target.bodies()).toEqual(expected);
    expectRun(await pair.run(200), 200, {}, {});
  });

  it('makes the source an exact copy of the target in a refresh from target (205), even as a first run', async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    await pair.target.add('Bo Ek');
    await pair.target.add('Cecilia Lund');

    const entry = await pair.run(205);
    expect([entry.result, entry.syncMode]).toEqual(['completed', 205]);
    const expected = [card('Bo Ek'), card('Cecilia Lund')].sort();
    expect(await pair.source.bodies()).toEqual(expected);
    expect(await pair.target.bodies()).toEqual(expected);
    expect(entry.syncStats.source.statistics.deletesIn).toBe(1);
  });

  it('moves source changes only in a one-way run from source (202), target changes only in one from target (204)', async () => {
    const pair = await inStep(['Anna Berg']);
    await pair.source.add('Bo Ek');
    await pair.target.add('Cecilia Lund');

    expectRun(await pair.run(202), 202, { addsOut: 1 }, { addsIn: 1 });
    expect(await pair.source.bodies()).toEqual([card('Anna Berg'), card('Bo Ek')].sort());
    expect(await pair.target.bodies()).toEqual([card('Anna Berg'), card('Bo Ek'), card('Cecilia Lund')].sort());

    await pair.source.add('David Holm');
    expectRun(await pair.run(204), 204, { addsIn: 1 }, { addsOut: 1 });
    expect(await pair.source.bodies()).toEqual([card('Anna Berg'), card('Bo Ek'), card('Cecilia Lund'), card('David Holm')].sort());
    expect(await pair.target.bodies()).toEqual([card('Anna Berg'), card('Bo Ek'), card('Cecilia Lund')].sort());

    // Each change was left for the other direction, not forgotten: a two-way run brings it over.
    expectRun(await pair.run(200), 200, { addsOut: 1 }, { addsIn: 1 });
    expect(await pair.target.bodies()).toEqual(await pair.source.bodies());
  });

  it('synchronizes Events and Tasks together for Calendar, and leaves other classes alone', async () => {
    const pair = await datastorePair(server.alice);
    const contents = (uuid: string) => server.alice.client.datastore.contents(uuid);
    await contents(pair.source.uuid).create({ title: 'Kick-off', content: { type: 'text/calendar', value: VEVENT('kickoff-1', 'Kick-off') } });
    await contents(pair.target.uuid).create({ title: 'Passport', content: { type: 'text/calendar', value: VTODO('passport-1', 'Renew passport') } });
    await pair.source.add('Anna Berg');

    const entry = await pair.run(200, 'Calendar');
    expectRun(entry, 201, { addsOut: 1, addsIn: 1 }, { addsIn: 1, addsOut: 1 });
    expect(entry.dataclass).toBe('Calendar');
    const calendar = [VEVENT('kickoff-1', 'Kick-off'), VTODO('passport-1', 'Renew passport')].sort();
    expect(await pair.source.bodies()).toEqual([...calendar, card('Anna Berg')].sort());
    expect(await pair.target.bodies()).toEqual(calendar);
    const classes = (await contents(pair.target.uuid).list()).entries.map((e) => e.dataclass).sort();
    expect(classes).toEqual(['Events', 'Tasks']);

    // Contacts keep anchors of their own: their first run is a slow sync too.
    expectRun(await pair.run(200, 'Contacts'), 201, { addsOut: 1 }, { addsIn: 1 });
  });

  it('lists runs newest first in the account log and in each binding log', async () => {
    const one = await datastorePair(server.alice);
    const two = await datastorePair(server.alice);
    await one.source.add('Anna Berg');
    const a = logIdOf(await one.run(200));
    const b = logIdOf(await two.run(200));
    const c = logIdOf(await one.run(202));

    const all = (await server.alice.client.syncengine.log()).entries.map(logIdOf);
    expect(all.slice(0, 3)).toEqual([c, b, a]);
    expect((await server.alice.client.syncengine.bindingLog(one.id)).entries.map(logIdOf)).toEqual([c, a]);
    expect((await server.alice.client.syncengine.bindingLog(two.id)).entries.map(logIdOf)).toEqual([b]);
    expect((await server.bob.client.syncengine.log()).entries.map(logIdOf)).not.toContain(a);
  });
});
