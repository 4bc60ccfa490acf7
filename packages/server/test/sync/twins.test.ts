/**
 * Slow sync merges twins: for every realistic rewrite a real client makes (the engine's twin
 * fixtures: property order, empty properties, PRODID/REV, vCard 2.1 vs 3.0 vs 4.0 with
 * QUOTED-PRINTABLE and CHARSET, folding, phone formatting, vCalendar 1.0 vs iCalendar 2.0, …), two
 * datastore clients holding the two versions end with one item, not two, and the log counts the
 * duplicate. Each side also holds an item of its own, which must cross as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataclass } from '@atomsync/atom';
import { TWIN_PAIRS, type TwinPair } from '@atomsync/items/fixtures';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { card, datastorePair, expectRun, type Side } from './fixtures.js';

/** An item of `dataclass` that twins nothing else. */
function ownItem(dataclass: Dataclass, who: string): { type: string; body: string } {
  switch (dataclass) {
    case 'Contacts':
      return { type: 'text/x-vcard', body: card(`Own ${who}`) };
    case 'Notes':
      return { type: 'text/plain', body: `A note only the ${who} had` };
    default: {
      const component = dataclass === 'Events' ? 'VEVENT' : 'VTODO';
      return {
        type: 'text/calendar',
        body: ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', `BEGIN:${component}`, `UID:own-${who}@test`, `SUMMARY:Only the ${who} had this`, 'DTSTART:20261201T090000Z', `END:${component}`, 'END:VCALENDAR'].join('\r\n'),
      };
    }
  }
}

async function put(side: Side, server: TestServer, dataclass: Dataclass, type: string, body: string): Promise<void> {
  await server.alice.client.datastore.contents(side.uuid).create({ title: 'item', content: { type, value: body } }, { dataclass });
}

describe.each(storeKinds)('slow sync of twins on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(TWIN_PAIRS.map((pair) => [pair.name, pair] as const))('%s: one item on each side, the duplicate counted', async (_, pair: TwinPair) => {
    const binding = await datastorePair(server.alice);
    await put(binding.source, server, pair.dataclass, pair.type, pair.a);
    await put(binding.target, server, pair.dataclass, pair.type, pair.b);
    const mine = ownItem(pair.dataclass, 'source');
    const theirs = ownItem(pair.dataclass, 'target');
    await put(binding.source, server, pair.dataclass, mine.type, mine.body);
    await put(binding.target, server, pair.dataclass, theirs.type, theirs.body);

    const first = await binding.run(201, pair.dataclass);
    // Each side sent both its items; only the one that had no twin was added.
    expectRun(first, 201, { addsIn: 1, addsOut: 2 }, { addsIn: 1, addsOut: 2 }, { duplicatesDetected: 1 });
    const source = await binding.source.bodies();
    const target = await binding.target.bodies();
    expect(source).toEqual([pair.a, mine.body, theirs.body].sort());
    expect(target).toEqual([pair.b, mine.body, theirs.body].sort());

    // The twins are paired now: nothing moves, however each side keeps writing its own version.
    expectRun(await binding.run(200, pair.dataclass), 200, {}, {});
  });
});
