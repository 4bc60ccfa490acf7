/**
 * The caller's app passwords over the Atom API (`/v2/account/app_passwords/`), on both stores: create
 * answers the password once, list shows names, ids, creation and last use and never a secret,
 * revoke deletes; a taken name and a full account are 409, another account's id 404, a bad name
 * 400. The documents answered are valid against the XSD. An app password opens nothing here: the
 * Atom API takes the account password only.
 */
import { entryCodecs } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDocuments } from '../../../../test/support/xsd.js';
import { createApp } from '../../src/app.js';
import { createAccountAuthenticator } from '../../src/auth/accounts.js';
import { APP_PASSWORD_ALPHABET } from '../../src/auth/app-password.js';
import { outboxGateway } from '../../src/gateway/gateway.js';
import { createHandlers } from '../../src/handlers/index.js';
import { SecretBox } from '../../src/secrets/box.js';
import * as accounts from '../../src/services/accounts.js';
import { APP_PASSWORD_LIMIT } from '../../src/services/app-passwords.js';
import { BindingRuns } from '../../src/services/run-lock.js';
import type { Store } from '@atomsync/store';
import { ATOM, call, itValidatesErrorDocuments } from '../support/http.js';
import { openTestStore, storeKinds } from '../support/stores.js';

const LIST = '/v2/account/app_passwords/';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const KIM = basic('kim', 'kim password 1');
const LEE = basic('lee', 'lee password 1');
const GROUPED = new RegExp(`^[${APP_PASSWORD_ALPHABET}]{4}(-[${APP_PASSWORD_ALPHABET}]{4}){5}$`);

const request = (name: string) =>
  `<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:app_password><s:name>${name}</s:name></s:app_password></entry>`;

describe.each(storeKinds)('app passwords over the API (%s)', (kind) => {
  let store: Store;
  const secrets = SecretBox.ephemeral();
  let app: ReturnType<typeof createApp>;
  const documents: string[] = [];

  const as = async (authorization: string, method: string, path: string, body?: string) => {
    const answer = await call(app, method, path, { headers: { authorization, ...(body !== undefined ? ATOM : {}) }, body });
    if (answer.headers.get('content-type')?.startsWith('application/atom+xml')) documents.push(answer.text);
    return answer;
  };
  const create = async (authorization: string, name: string) => {
    const answer = await as(authorization, 'POST', LIST, request(name));
    return { answer, entry: answer.status === 201 ? entryCodecs.AppPasswordEntry.decodeResponseEntry(answer.text) : undefined };
  };
  const list = async (authorization: string) => entryCodecs.AppPasswordEntry.decodeResponseFeed((await as(authorization, 'GET', LIST)).text);

  beforeAll(async () => {
    store = await openTestStore(kind);
    app = createApp({
      handlers: createHandlers({ store, secrets, gateway: outboxGateway, runs: new BindingRuns() }),
      authenticate: createAccountAuthenticator(store, secrets),
    });
    await accounts.createAccount({ store, secrets }, { username: 'kim', password: 'kim password 1' });
    await accounts.createAccount({ store, secrets }, { username: 'lee', password: 'lee password 1' });
  });
  afterAll(() => store.close());

  it('creates one: 201, the password once (24 characters in groups of four), its uuid, name and creation time', async () => {
    const before = Date.now();
    const { answer, entry } = await create(KIM, 'Mac Contacts');
    expect(answer.status).toBe(201);
    const created = entry!.appPassword;
    expect(created.name).toBe('Mac Contacts');
    expect(created.password).toMatch(GROUPED);
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.lastUsed).toBeNull();
    expect(entry!.title).toBe('Mac Contacts');
    expect(entry!.published!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(entry!.id).toBe(`http://atomsync.test${LIST}${created.uuid}`);
    // Kept only as a hash: nothing stored holds the password.
    const [row] = await store.appPasswords.list((await store.accounts.byUsername('kim'))!.id);
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain(created.password!.replace(/-/g, ''));
  });

  it('lists names, ids, creation and last use, never a password; another account sees none of them', async () => {
    await create(KIM, 'DAVx⁵ on my phone');
    const feed = await list(KIM);
    expect(feed.entries.map((e) => e.appPassword.name)).toEqual(['Mac Contacts', 'DAVx⁵ on my phone']);
    for (const entry of feed.entries) {
      expect(entry.appPassword.password).toBeUndefined();
      expect(entry.appPassword.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(entry.appPassword.lastUsed).toBeNull();
    }
    expect((await as(KIM, 'GET', LIST)).text).not.toMatch(/password>[^<]/);
    expect((await list(LEE)).entries).toEqual([]);
  });

  it('a name the account has is 409 conflict; another account may use it', async () => {
    const { answer } = await create(KIM, 'Mac Contacts');
    expect([answer.status, answer.error?.code]).toEqual([409, 'conflict']);
    expect((await create(LEE, 'Mac Contacts')).answer.status).toBe(201);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['longer than 100 characters', 'x'.repeat(101)],
    ['holding a control character', 'Mac&#x9;Contacts'],
  ])('a name %s is 400 validation_failed at its path', async (_, name) => {
    const { answer } = await create(KIM, name);
    expect([answer.status, answer.error?.code]).toEqual([400, 'validation_failed']);
    expect(answer.error?.details?.[0]?.path).toBe('/entry/app_password/name');
  });

  it('a name of 100 characters, counted as a person counts them, is taken', async () => {
    expect((await create(LEE, '📱'.repeat(100))).answer.status).toBe(201);
  });

  it('revokes by uuid: 200 Deleted, then 404; another account\'s uuid and a non-uuid are 404 and change nothing', async () => {
    const { entry } = await create(KIM, 'to revoke');
    const path = `${LIST}${entry!.appPassword.uuid}`;
    const foreign = await as(LEE, 'DELETE', path);
    expect([foreign.status, foreign.error?.code]).toEqual([404, 'not_found']);
    expect((await list(KIM)).entries.map((e) => e.appPassword.name)).toContain('to revoke');
    const revoked = await as(KIM, 'DELETE', path);
    expect([revoked.status, revoked.statusText]).toEqual([200, 'Deleted']);
    expect((await list(KIM)).entries.map((e) => e.appPassword.name)).not.toContain('to revoke');
    expect((await as(KIM, 'DELETE', path)).status).toBe(404);
    expect((await as(KIM, 'DELETE', `${LIST}not-a-uuid`)).status).toBe(404);
  });

  it('needs the account\'s credentials, and takes no app password for them', async () => {
    const { entry } = await create(KIM, 'not for the API');
    const password = entry!.appPassword.password!;
    for (const presented of [password, password.replace(/-/g, '')]) {
      const answer = await as(basic('kim', presented), 'GET', LIST);
      expect([answer.status, answer.error?.code]).toEqual([401, 'unauthorized']);
    }
    expect((await call(app, 'GET', LIST)).status).toBe(401);
  });

  it('answers only documents valid against the XSD', async () => {
    expect(documents.length).toBeGreaterThan(3);
    expect(await validateDocuments([...new Set(documents)])).toEqual([]);
  });

  itValidatesErrorDocuments();
});

describe('an account full of app passwords', () => {
  let store: Store;
  const secrets = SecretBox.ephemeral();

  beforeAll(async () => {
    store = await openTestStore('sqlite');
  });
  afterAll(() => store.close());

  it(`holds at most ${APP_PASSWORD_LIMIT}: the next is 409 conflict`, async () => {
    const app = createApp({
      handlers: createHandlers({ store, secrets, gateway: outboxGateway, runs: new BindingRuns() }),
      authenticate: createAccountAuthenticator(store, secrets),
    });
    await accounts.createAccount({ store, secrets }, { username: 'kim', password: 'kim password 1' });
    for (let i = 0; i < APP_PASSWORD_LIMIT; i++) {
      expect((await call(app, 'POST', LIST, { headers: { authorization: KIM, ...ATOM }, body: request(`device ${i}`) })).status).toBe(201);
    }
    const full = await call(app, 'POST', LIST, { headers: { authorization: KIM, ...ATOM }, body: request('one more') });
    expect([full.status, full.error?.code]).toEqual([409, 'conflict']);
    expect(full.error?.message).toContain(String(APP_PASSWORD_LIMIT));
  });
});
