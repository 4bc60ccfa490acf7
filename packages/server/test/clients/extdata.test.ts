/**
 * External data clients through the SDK against a started server, on both stores: title the
 * external user id, content src the entry URL (type html), tokens shown with `type` and scopes
 * but never key or secret (sealed in the store), create/update rules, reason phrases, and another
 * account's clients.
 */
import type { ExtdataClient } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { entryXml, raw, refusal, UUID } from './fixtures.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const CONTACTS_KEY = '1/vTk3bQzE8xWmR5pLc2NdA7sHfY0uGjKo';
const CONTACTS_SECRET = 'Qm4xR8tZp2LwV9cB';

const katja: ExtdataClient = {
  userId: 'katja.lindqvist@example.net',
  datastores: [
    {
      dataclass: 'Contacts',
      href: 'https://www.google.com/m8/feeds/contacts/default/full',
      token: { tokenType: 2, key: CONTACTS_KEY, secret: CONTACTS_SECRET, scopes: ['https://www.google.com/m8/feeds/'] },
    },
    {
      dataclass: 'Calendar',
      href: 'https://www.google.com/calendar/feeds/default/private/full',
      name: 'Family calendar',
      token: { tokenType: 2, key: '1/Hr6PqNw3YsT8cVb1ZkLm5XdE9aGuJ2oF', secret: 'a7Df3KsP0qWm8ZxN', scopes: ['https://www.google.com/calendar/feeds/'] },
    },
  ],
};

describe.each(storeKinds)('external data clients (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a create with the entry URL as id and content src, the user id as title, tokens without key or secret', async () => {
    const started = Date.now() - 1000;
    const entry = await server.alice.client.extdata.create(katja);
    const uuid = entry.client.uuid!;
    expect(uuid).toMatch(UUID);
    const href = `${server.url}/v2/services/extdata/${uuid}/`;
    expect(entry.id).toBe(href);
    expect(entry.title).toBe('katja.lindqvist@example.net');
    expect(entry.content).toEqual({ src: href, type: 'html', value: '' });
    expect(entry.links).toEqual([
      { rel: 'self', href },
      { rel: 'edit', href },
      { rel: 'alternate', type: 'text/html', href },
    ]);
    expect(entry.author?.name).toBe('alice');
    expect(entry.published!.getTime()).toBeGreaterThanOrEqual(started);
    expect(entry.client).toEqual({
      uuid,
      userId: 'katja.lindqvist@example.net',
      datastores: [
        { dataclass: 'Contacts', href: 'https://www.google.com/m8/feeds/contacts/default/full', name: 'Contacts', token: { type: 2, scopes: ['https://www.google.com/m8/feeds/'] } },
        {
          dataclass: 'Calendar',
          href: 'https://www.google.com/calendar/feeds/default/private/full',
          name: 'Family calendar',
          token: { type: 2, scopes: ['https://www.google.com/calendar/feeds/'] },
        },
      ],
    });
  });

  it('keeps token key and secret sealed in the store and never writes them in an answer', async () => {
    const entry = await server.alice.client.extdata.create(katja);
    const uuid = entry.client.uuid!;
    const stored = await server.store.extdata.get(server.alice.id, uuid);
    const token = stored!.datastores[0]!.token!;
    expect(token.sealedKey).not.toContain(CONTACTS_KEY);
    expect(token.sealedSecret).not.toContain(CONTACTS_SECRET);
    expect(server.secrets.open(token.sealedKey)).toBe(CONTACTS_KEY);
    expect(server.secrets.open(token.sealedSecret)).toBe(CONTACTS_SECRET);
    for (const path of ['/v2/services/extdata/', `/v2/services/extdata/${uuid}/`]) {
      const answer = await raw(server, server.alice, 'GET', path);
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/<(\w+:)?type>2<\/(\w+:)?type>/);
      expect(answer.text).not.toContain(CONTACTS_KEY);
      expect(answer.text).not.toContain(CONTACTS_SECRET);
      expect(answer.text).not.toMatch(/token_type|<(\w+:)?key>|<(\w+:)?secret>/);
    }
  });

  it('names a datastore registered without a name by its dataclass: stored so, answered so in create, get, list and update', async () => {
    const notes = { dataclass: 'Notes', href: 'https://notes.example.com/feed' } as const;
    const entry = await server.alice.client.extdata.create({ userId: 'nameless', datastores: [notes] });
    const uuid = entry.client.uuid!;
    expect(entry.client.datastores).toEqual([{ ...notes, name: 'Notes' }]);
    expect((await server.store.extdata.get(server.alice.id, uuid))!.datastores[0]!.name).toBe('Notes');
    const answer = await raw(server, server.alice, 'GET', `/v2/services/extdata/${uuid}/`);
    expect(answer.text).toMatch(/ name="Notes"/);
    expect((await server.alice.client.extdata.get(uuid)).client.datastores).toEqual([{ ...notes, name: 'Notes' }]);
    const listed = (await server.alice.client.extdata.list()).entries.find((e) => e.client.uuid === uuid)!;
    expect(listed.client.datastores).toEqual([{ ...notes, name: 'Notes' }]);
    const updated = await server.alice.client.extdata.update(uuid, { datastores: [{ dataclass: 'Contacts', href: 'https://notes.example.com/cards' }, { dataclass: 'Tasks', href: 'https://notes.example.com/todo', name: 'Chores' }] });
    expect(updated.client.datastores!.map((d) => d.name)).toEqual(['Notes', 'Contacts', 'Chores']);
  });

  it('names a datastore stored without a name (before the default was stored) by its dataclass too', async () => {
    const entry = await server.alice.client.extdata.create({ userId: 'older', datastores: [{ dataclass: 'Tasks', href: 'https://tasks.example.com/feed' }] });
    const uuid = entry.client.uuid!;
    // As a row written before: name null.
    await server.store.transaction(async (tx) => {
      const stored = (await tx.extdata.get(server.alice.id, uuid))!;
      await tx.extdata.delete(server.alice.id, uuid);
      await tx.extdata.create({ uuid, accountId: server.alice.id, userId: stored.userId, datastores: stored.datastores.map((d) => ({ ...d, name: null })) });
    });
    expect((await server.store.extdata.get(server.alice.id, uuid))!.datastores[0]!.name).toBeNull();
    expect((await server.alice.client.extdata.get(uuid)).client.datastores![0]!.name).toBe('Tasks');
  });

  it("lists the caller's clients only, in the same form as get", async () => {
    const mine = await server.alice.client.extdata.create(katja);
    const theirs = await server.bob.client.extdata.create({ userId: 'bob@example.org', datastores: [{ dataclass: 'Contacts', href: 'https://example.org/c' }] });
    const feed = await server.alice.client.extdata.list();
    expect(feed.title).toBe('External data clients');
    expect(feed.id).toBe(`${server.url}/v2/services/extdata/`);
    expect(feed.links).toEqual([{ rel: 'self', href: `${server.url}/v2/services/extdata/` }]);
    const uuids = feed.entries.map((e) => e.client.uuid);
    expect(uuids).toContain(mine.client.uuid);
    expect(uuids).not.toContain(theirs.client.uuid);
    const listed = feed.entries.find((e) => e.client.uuid === mine.client.uuid)!;
    expect(listed).toEqual(await server.alice.client.extdata.get(mine.client.uuid!));
    expect(listed).toEqual(mine);
  });

  it('refuses a create without user_id or without a datastore, with one detail per violation', async () => {
    const noUser = await refusal(server.alice.client.extdata.create({ datastores: katja.datastores }));
    expect(noUser.status).toBe(400);
    expect(noUser.code).toBe('validation_failed');
    expect(noUser.details.map((d) => d.path)).toEqual(['/entry/client/user_id']);

    const nothing = await refusal(server.alice.client.extdata.create({ userId: 'x' }));
    expect(nothing.code).toBe('validation_failed');
    expect(nothing.details.map((d) => d.path)).toEqual(['/entry/client/datastore']);

    const both = await refusal(server.alice.client.extdata.create({}));
    expect(both.details).toHaveLength(2);
  });

  it('refuses a token without key or secret, a relative href and two datastores for one dataclass', async () => {
    const error = await refusal(
      server.alice.client.extdata.create({
        userId: 'x',
        datastores: [
          { dataclass: 'Contacts', href: 'feeds/contacts', token: { tokenType: 1 } },
          { dataclass: 'Calendar', href: 'https://example.com/cal' },
          { dataclass: 'Events', href: 'https://example.com/events' },
        ],
      }),
    );
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d) => d.path).sort()).toEqual([
      '/entry/client/datastore[1]/@href',
      '/entry/client/datastore[1]/token/key',
      '/entry/client/datastore[1]/token/secret',
      '/entry/client/datastore[3]/@dataclass',
    ]);
    const feed = await server.alice.client.extdata.list();
    expect(feed.entries.map((e) => e.client.userId)).not.toContain('x');
  });

  it('adds datastores and sets user_id on PUT, answering 200 Updated', async () => {
    const created = await server.alice.client.extdata.create({ userId: 'k.lindqvist.work@example.org', datastores: [katja.datastores![0]!] });
    const uuid = created.client.uuid!;
    const body = entryXml(
      `<s:client><s:user_id>katja.work@example.org</s:user_id>` +
        `<s:datastore dataclass="Calendar" href="https://www.google.com/calendar/feeds/k/private/full"><s:token><s:token_type>2</s:token_type>` +
        `<s:key>Zc8LwQ2mVb5NxR7t</s:key><s:secret>Ty6Vn1Qe8Rk3Wm5P</s:secret><s:scope>https://www.google.com/calendar/feeds/</s:scope></s:token></s:datastore></s:client>`,
    );
    const answer = await raw(server, server.alice, 'PUT', `/v2/services/extdata/${uuid}/`, body);
    expect(answer.status).toBe(200);
    expect(answer.statusText).toBe('Updated');
    expect(answer.text).not.toContain('Zc8LwQ2mVb5NxR7t');

    const updated = await server.alice.client.extdata.get(uuid);
    expect(updated.title).toBe('katja.work@example.org');
    expect(updated.client.userId).toBe('katja.work@example.org');
    expect(updated.client.datastores!.map((d) => d.dataclass)).toEqual(['Contacts', 'Calendar']);
    expect(updated.client.datastores![1]!.token).toEqual({ type: 2, scopes: ['https://www.google.com/calendar/feeds/'] });

    const viaSdk = await server.alice.client.extdata.update(uuid, { datastores: [{ dataclass: 'Notes', href: 'https://example.com/notes' }] });
    expect(viaSdk.client.userId).toBe('katja.work@example.org');
    expect(viaSdk.client.datastores!.map((d) => d.dataclass)).toEqual(['Contacts', 'Calendar', 'Notes']);
  });

  it('refuses a PUT adding a dataclass the client has, an empty PUT and another uuid, changing nothing', async () => {
    const created = await server.alice.client.extdata.create(katja);
    const uuid = created.client.uuid!;
    const again = await refusal(server.alice.client.extdata.update(uuid, { datastores: [{ dataclass: 'Tasks', href: 'https://example.com/tasks' }] }));
    expect(again.code).toBe('validation_failed');
    expect(again.details[0]!.path).toBe('/entry/client/datastore[1]/@dataclass');
    const empty = await refusal(server.alice.client.extdata.update(uuid, {}));
    expect(empty.code).toBe('validation_failed');
    const other = await refusal(server.alice.client.extdata.update(uuid, { uuid: '00000000-0000-4000-8000-000000000000', userId: 'y' }));
    expect(other.status).toBe(400);
    expect(other.code).toBe('bad_request');
    expect(await server.alice.client.extdata.get(uuid)).toEqual(created);
  });

  it('deletes with 200 Deleted and no body; the client is gone', async () => {
    const created = await server.alice.client.extdata.create(katja);
    const uuid = created.client.uuid!;
    const answer = await raw(server, server.alice, 'DELETE', `/v2/services/extdata/${uuid}/`);
    expect(answer.status).toBe(200);
    expect(answer.statusText).toBe('Deleted');
    expect(answer.text).toBe('');
    expect((await refusal(server.alice.client.extdata.get(uuid))).status).toBe(404);
    expect((await refusal(server.alice.client.extdata.delete(uuid))).status).toBe(404);
  });

  it("answers 404 for another account's client on get, update and delete, exactly as for a missing one", async () => {
    const created = await server.alice.client.extdata.create(katja);
    const uuid = created.client.uuid!;
    const missing = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
    for (const target of [uuid, missing, 'not-a-uuid']) {
      const get = await refusal(server.bob.client.extdata.get(target));
      expect([get.status, get.code]).toEqual([404, 'not_found']);
      const put = await refusal(server.bob.client.extdata.update(target, { userId: 'bob' }));
      expect([put.status, put.code]).toEqual([404, 'not_found']);
      const del = await refusal(server.bob.client.extdata.delete(target));
      expect([del.status, del.code]).toEqual([404, 'not_found']);
    }
    expect(await server.alice.client.extdata.get(uuid)).toEqual(created);
  });
});
