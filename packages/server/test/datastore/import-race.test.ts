/**
 * Two imports of one file into one datastore at once, from two instances of the server on one
 * database (two stores opened on the same SQLite file or PostgreSQL schema, no writer's line
 * between them: each instance's line orders its own writers only). The twin check and the inserts
 * are one transaction that holds the datastore's write turn, so whichever import comes second finds
 * every item of the first stored: the file's items are added once, the other import counts twins.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importPart } from '../../src/services/import-export.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { createTestSchema, storeKinds, type StoreKind } from '../support/stores.js';
import { clientKey } from '../../../store/test/helpers.js';

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
const card = (i: number) => ['BEGIN:VCARD', 'VERSION:3.0', `N:Person ${i};;;;`, `FN:Person ${i}`, `EMAIL:person${i}@example.org`, 'END:VCARD'];

/** Two stores on one database, as two server instances have; closed (and the database dropped) by the returned function. */
async function twoInstances(kind: StoreKind): Promise<{ stores: [Store, Store]; close(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'atomsync-import-race-'));
    const file = join(dir, 'db.sqlite');
    const first = await openStore({ kind: 'sqlite', file });
    const second = await openStore({ kind: 'sqlite', file });
    return {
      stores: [first, second],
      async close() {
        await Promise.all([first.close(), second.close()]);
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = await createTestSchema();
  const first = await openStore({ kind: 'postgres', url: schema.url });
  const second = await openStore({ kind: 'postgres', url: schema.url });
  return {
    stores: [first, second],
    async close() {
      await Promise.all([first.close(), second.close()]);
      await schema.drop();
    },
  };
}

describe.each(storeKinds)('two imports of one file at once (%s)', (kind) => {
  it('add its items once: the second finds the first one’s as twins', async () => {
    const { stores, close } = await twoInstances(kind);
    try {
      const client = clientKey();
      // Several rounds, since a race that is lost only sometimes must not pass by luck.
      for (let round = 0; round < 5; round++) {
        const items = Array.from({ length: 200 }, (_, i) => card(round * 1000 + i));
        const file = crlf(items.flat());
        const [a, b] = await Promise.all([importPart(stores[0], client, file), importPart(stores[1], client, file)]);
        expect(a.added + b.added).toBe(items.length);
        expect(a.twins + b.twins).toBe(items.length);
        expect([a.refusedCount, b.refusedCount]).toEqual([0, 0]);
      }
      expect(await stores[0].contents.list(client)).toHaveLength(5 * 200);
    } finally {
      await close();
    }
  });
});
