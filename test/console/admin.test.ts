/**
 * The console's administration, own password and SyncML phones in a real browser (issue 25):
 * Debian's Chromium through playwright-core (./browser.ts), against the real server on both
 * stores, with its metrics on and readable by administrators only (as `atomsync serve` serves
 * them), and a SyncML phone (the scripted one) that synced once, so there are sessions and a
 * chat log to read.
 *
 * What an administrator does: sees the administration in the navigation; makes an account,
 * resets its password and deletes it after a confirmation naming what goes (kept once, then
 * confirmed); is refused deleting the last administrator, in words; reads the SyncML chat log
 * and the server's health. What an account holder does: sees no administration, and neither the
 * page nor the API from the page's origin lets them in; reads their SyncML phone's sessions,
 * sends it its settings and asks it to sync; changes their own password — this browser stays
 * signed in, another browser of theirs is signed out. Every page is shot at 1280 and 390 px into
 * test/console/output/ with axe-core finding nothing serious, and one is walked by keyboard alone.
 */
import { basicAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMetrics } from '../../packages/server/src/http/metrics.js';
import { listen, type RunningServer } from '../../packages/server/src/listen.js';
import { SecretBox } from '../../packages/server/src/secrets/box.js';
import { createServer } from '../../packages/server/src/server.js';
import { createAccount } from '../../packages/server/src/services/accounts.js';
import type { Store } from '@atomsync/store';
import { packageVersion } from '../../packages/server/src/version.js';
import { addModel } from '../../packages/server/test/support/server.js';
import { openTestStore, storeKinds } from '../../packages/server/test/support/stores.js';
import { contact } from '../../packages/server/test/syncml/support/items.js';
import { PhoneDatastore, ScriptedPhone } from '../../packages/server/test/syncml/support/scripted-phone.js';
import { CONSOLE_DIR, launchBrowser, shoot, watch } from './browser.js';

// scrypt's cost is not this file's question (packages/server/test/support/cheap-scrypt.ts).
vi.mock('node:crypto', async (importOriginal) => (await import('../../packages/server/test/support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const ROOT_PASSWORD = 'root-console-pw';
const ADA_PASSWORD = 'ada-console-pw';
const ADA_NEW_PASSWORD = 'ada-changed-pw-2';
const PHONE_NUMBER = '+447700900123';
const DEVICE_ID = 'IMEI:356938035643809';
const ADMINISTRATION = ['Accounts', 'SyncML chat log', 'Server health'];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(storeKinds)('the console\'s administration in Chromium (%s store)', (kind) => {
  let store: Store;
  let server: RunningServer;
  let origin: string;
  let root: AtomSyncClient;
  let phoneUuid: string;
  const contexts: BrowserContext[] = [];
  /** What each page watched (./browser.ts) recorded. */
  const problems: string[][] = [];
  const clients: AtomSyncClient[] = [];

  const as = (username: string, password: string) => {
    const client = createClient({ baseUrl: origin, auth: basicAuth(username, password), retry: false });
    clients.push(client);
    return client;
  };
  /** A browser of its own (cookies apart), signed in as `username`, on the Overview. */
  const signedIn = async (username: string, password: string, expected: readonly number[] = []): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    problems.push(watch(page, origin, expected));
    await page.goto(`${origin}/`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    return page;
  };
  const navigation = (page: Page) => page.getByRole('navigation', { name: 'Console' }).getByRole('link').allInnerTexts();
  /** The status an SDK call was refused with (0 when it was not). */
  const refusedWith = (call: Promise<unknown>): Promise<number> => call.then(() => 0, (e: { status: number }) => e.status);
  const usernames = async () => (await root.admin.accounts()).entries.map((e) => e.account.username).sort();

  beforeAll(async () => {
    store = await openTestStore(kind);
    const secrets = SecretBox.ephemeral();
    await createAccount({ store, secrets }, { username: 'root', password: ROOT_PASSWORD, admin: true });
    await createAccount({ store, secrets }, { username: 'ada', password: ADA_PASSWORD, admin: false });
    // The store's figures as `atomsync serve` gives them (bootstrap.ts): the pool's on PostgreSQL, the file's on SQLite.
    const storeStats = () => {
      const pool = store.poolStats();
      return pool === undefined ? { dialect: 'sqlite' as const, files: { database: ':memory:', wal: ':memory:-wal' } } : { dialect: 'postgres' as const, ...pool };
    };
    server = await listen(createServer({ store, secrets, consoleDir: CONSOLE_DIR, metrics: createMetrics({ process: true }), metricsAccess: 'admin', storeStats }), { host: '127.0.0.1', port: 0 });
    origin = server.url;
    root = as('root', ROOT_PASSWORD);
    // Ada's SyncML phone, set up as users do (a phone bound to an address book), synced once: one session, a chat log.
    const ada = as('ada', ADA_PASSWORD);
    const binding = await ada.phoneDatastoreBindings.create({ modelUuid: await addModel(store, 'Scripted Phone', 'atomsync tests'), phoneNumber: PHONE_NUMBER, foreignUserId: 'ada-phone-book', timezone: 'Europe/London' });
    phoneUuid = binding.links!.find((l) => l.rel === 'syncml_client')!.href.replace(/\/$/, '').split('/').at(-1)!;
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    contacts.add('luid-1', contact(1));
    await new ScriptedPhone({ url: origin, deviceId: DEVICE_ID, username: 'ada', password: ADA_PASSWORD, auth: 'basic' }).sync({ datastores: [{ store: contacts, code: 201 }] });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await Promise.all(clients.map((c) => c.close()));
    await server?.close(2_000);
    await store?.close();
  });

  describe('an administrator', () => {
    let page: Page;
    beforeAll(async () => {
      // The last administrator's refused delete is answered 409, which the browser logs.
      page = await signedIn('root', ROOT_PASSWORD, [409]);
    });

    it('sees the administration in the navigation', async () => {
      const links = await navigation(page);
      for (const name of ADMINISTRATION) expect(links).toContain(name);
    });

    it('makes an account, resets its password, and deletes it after a confirmation naming what goes', async () => {
      await page.getByRole('link', { name: 'Accounts', exact: true }).click();
      await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();
      await expect.poll(() => page.locator('ul.accounts').innerText()).toContain('ada');
      expect(await page.locator('ul.accounts').innerText()).toMatch(/root\s+Administrator — you/);
      await shoot(page, kind, 'accounts');
      // A new account, who can use the API at once.
      await page.getByLabel('Username').fill('grace');
      await page.getByLabel('Password', { exact: true }).fill('grace-first-pw');
      await page.getByRole('button', { name: 'Create the account' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('grace can sign in now.');
      expect(await usernames()).toEqual(['ada', 'grace', 'root']);
      expect((await as('grace', 'grace-first-pw').datastore.list()).entries).toEqual([]);
      // Her password reset: the old one refused from then on, the new one taken.
      await page.getByRole('button', { name: 'Reset password… for grace' }).click();
      await page.getByLabel('New password').fill('grace-second-pw');
      await shoot(page, kind, 'accounts-reset');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^The password of grace is reset\./);
      expect(await refusedWith(as('grace', 'grace-first-pw').datastore.list())).toBe(401);
      expect((await as('grace', 'grace-second-pw').datastore.list()).entries).toEqual([]);
      // The delete's confirmation says what goes; its way back keeps her.
      await page.getByRole('button', { name: 'Delete… grace' }).click();
      const confirmation = page.getByRole('group', { name: 'Delete grace?' });
      await confirmation.waitFor();
      const said = (await confirmation.innerText()).replace(/\s+/g, ' ');
      for (const what of ['phones', 'address books and calendars', 'contact, event, task and note', 'bindings and its sync log', 'passwords for devices, bearer tokens and OAuth consumers']) expect(said).toContain(what);
      await shoot(page, kind, 'accounts-delete');
      await page.getByRole('button', { name: 'Keep grace' }).click();
      expect(await usernames()).toEqual(['ada', 'grace', 'root']);
      await page.getByRole('button', { name: 'Delete… grace' }).click();
      await page.getByRole('button', { name: 'Delete grace and all it owns' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('grace is deleted, with everything it owned.');
      expect(await usernames()).toEqual(['ada', 'root']);
      await expect.poll(() => page.locator('ul.accounts').innerText()).not.toContain('grace');
    });

    it('is refused deleting the last administrator, and told why and what to do', async () => {
      await page.getByRole('button', { name: 'Delete… root' }).click();
      expect(await page.getByRole('group', { name: 'Delete root?' }).innerText()).toContain('This is your own account: you will be signed out.');
      await page.getByRole('button', { name: 'Delete root and all it owns' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Not deleted: root is the only administrator: make another first (`atomsync account add NAME --admin`), then delete it');
      expect(await usernames()).toEqual(['ada', 'root']);
      await shoot(page, kind, 'accounts-last-admin');
      await page.getByRole('button', { name: 'Keep root' }).click();
    });

    it('reads the SyncML chat log, a session at a time, each message openable, filtered by phone', async () => {
      await page.getByRole('link', { name: 'SyncML chat log' }).click();
      await page.getByRole('heading', { name: 'SyncML chat log' }).waitFor();
      const logged = (await root.syncml.chatlog()).entries;
      expect(logged.length).toBeGreaterThanOrEqual(2);
      const sessionId = logged[0]!.message.sessionId;
      const conversation = page.getByRole('region', { name: new RegExp(`^Session ${sessionId} `) });
      await expect.poll(() => conversation.locator('details').count()).toBe(logged.filter((m) => m.message.sessionId === sessionId).length);
      // The phone's first message comes first, and opens to the XML it sent.
      const first = conversation.locator('details').first();
      expect(await first.locator('summary').innerText()).toContain(`Session ${sessionId}, message 1, ${DEVICE_ID} → server`);
      await first.locator('summary').click();
      await expect.poll(() => first.locator('pre').innerText()).toContain('<SyncML');
      expect(await first.locator('pre').innerText()).toContain(DEVICE_ID);
      await shoot(page, kind, 'chatlog');
      await page.getByLabel('Phone or session').fill('IMEI:000');
      await page.getByText('No message matches.').waitFor();
      await page.getByLabel('Phone or session').fill(DEVICE_ID);
      await expect.poll(() => page.locator('section.conversation').count()).toBe(1);
    });

    it('reads the server\'s health in words: ready, its version, its store, its requests and runs', async () => {
      await page.getByRole('link', { name: 'Server health' }).click();
      await page.getByRole('heading', { name: 'Server health' }).waitFor();
      const facts = page.locator('dl.health');
      await expect.poll(() => facts.innerText()).toContain('Readiness');
      const text = (await facts.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('Readiness ready: the database answers');
      expect(text).toContain(`Version atomsync ${packageVersion()} on Node.js ${process.version}`);
      expect(text).toContain(kind === 'postgres' ? 'Store PostgreSQL: ' : 'Store the embedded database (SQLite)');
      expect(text).toMatch(/Requests [\d,]+ requests answered since it started; none failed/);
      // The phone's session: a completed run of its binding, counted.
      expect(text).toMatch(/Sync runs [1-9]\d* runs? completed, 0 runs failed/);
      expect(text).toMatch(/Running for \d+ (second|minute)/);
      await shoot(page, kind, 'health');
    });

    it('walks the Accounts page by keyboard alone: the focus follows what opens and comes back when it closes', async () => {
      await page.getByRole('link', { name: 'Accounts', exact: true }).click();
      await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();
      // The list read (the pointer waits for it too), the page's heading has the focus; Tab reaches ada's first button.
      await page.getByRole('button', { name: 'Reset password… for ada' }).waitFor();
      await expect.poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)).toBe('H1 Accounts');
      let reached = '';
      for (let tab = 0; tab < 10 && reached !== 'Reset password… for ada'; tab++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.textContent ?? '');
      }
      expect(reached).toBe('Reset password… for ada');
      // What opens takes the focus; closing it gives the focus back to the button that opened it.
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('reset-ada');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reset password… for ada');
      // The delete's confirmation opens on its safe way out.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep ada');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete… ada');
      expect(await usernames()).toEqual(['ada', 'root']);
    });
  });

  describe('an account holder', () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedIn('ada', ADA_PASSWORD);
    });

    it('sees no administration, is told so on an administrator\'s page, and the admin API refuses the page\'s own requests', async () => {
      const links = await navigation(page);
      for (const name of ADMINISTRATION) expect(links).not.toContain(name);
      for (const path of ['accounts', 'chatlog', 'health']) {
        await page.goto(`${origin}/#/${path}`);
        await page.getByRole('heading', { name: 'For administrators' }).waitFor();
      }
      await shoot(page, kind, 'not-an-admin');
      // The session and the console's header, from the console's own origin: still refused.
      const statuses = await page.evaluate(async () => {
        const get = (path: string) => fetch(path, { headers: { 'x-atomsync-console': '1' } }).then((r) => r.status);
        const post = fetch('/v2/admin/accounts', {
          method: 'POST',
          headers: { 'x-atomsync-console': '1', 'content-type': 'application/atom+xml' },
          body: '<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:account><s:username>eve</s:username><s:password>eve-admin-pw</s:password><s:admin>true</s:admin></s:account></entry>',
        }).then((r) => r.status);
        return [await get('/v2/admin/accounts'), await get('/v2/services/syncml/sessions/chatlog/'), await get('/metrics'), await post];
      });
      expect(statuses).toEqual([403, 403, 403, 403]);
      expect(await usernames()).toEqual(['ada', 'root']);
    });

    it('reads their SyncML phone: its session, the settings sent with a PIN, a sync asked through the gateway', async () => {
      await page.goto(`${origin}/#/`);
      // The Overview links the phone to its record.
      await page.getByRole('link', { name: PHONE_NUMBER }).click();
      await page.getByRole('heading', { name: 'SyncML phones' }).waitFor();
      const phone = page.locator('article.device', { hasText: PHONE_NUMBER });
      await expect.poll(() => phone.locator('table.sessions tbody tr').count()).toBe(1);
      const session = (await phone.locator('table.sessions tbody tr').innerText()).replace(/\s+/g, ' ');
      expect(session).toContain('Ended (200)');
      expect(session).toContain('slow sync: from the phone: 1 added, 0 changed, 0 deleted');
      // Each phone reads its outbox once shown, after the sessions came: waited for, not read at once (it raced on a loaded machine, on PostgreSQL).
      await expect.poll(() => phone.innerText()).toContain('Nothing was sent to this phone yet.');
      // The settings, with the PIN the phone's user types.
      await phone.getByRole('button', { name: 'Send the settings…' }).click();
      await phone.getByLabel('PIN the phone’s user types to install them').fill('9315');
      await shoot(page, kind, 'devices-syncml-setup');
      await phone.getByRole('button', { name: 'Send the settings' }).click();
      await expect.poll(() => phone.getByRole('status').textContent()).toContain('The phone asks its user for the PIN 9315');
      // A sync asked: handed to the gateway, which is all the API can say of it.
      await phone.getByRole('button', { name: 'Ask the phone to sync' }).click();
      await expect.poll(() => phone.getByRole('status').textContent()).toContain('A request to sync was handed to the SMS gateway');
      await expect.poll(() => phone.locator('ul.outbox li').allInnerTexts()).toEqual([expect.stringMatching(/^A request to sync handed to the gateway .* for \+447700900123$/), expect.stringMatching(/^Settings handed to the gateway/)]);
      const sent = (await as('ada', ADA_PASSWORD).syncml.outbox(phoneUuid)).entries.map((e) => e.outboxItem.kind);
      expect(sent).toEqual(['notification', 'setup']);
      expect(await phone.locator('dl.facts').innerText()).toMatch(/Settings sent\s+“[^”]+”, /);
      await shoot(page, kind, 'devices-syncml');
    });

    it('changes their own password: a wrong current one refused, then this browser stays signed in and another is signed out', async () => {
      const other = await signedIn('ada', ADA_PASSWORD);
      await page.getByRole('link', { name: 'Your password' }).click();
      await page.getByRole('heading', { name: 'Your password', exact: true }).waitFor();
      await shoot(page, kind, 'account');
      await page.getByLabel('Current password').fill('not-ada-s-password');
      await page.getByLabel('New password', { exact: true }).fill(ADA_NEW_PASSWORD);
      await page.getByLabel('New password again').fill(ADA_NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change the password' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('The current password is not right, so nothing changed. Type it again.');
      expect((await as('ada', ADA_PASSWORD).datastore.list()).entries.length).toBeGreaterThan(0);
      await page.getByLabel('Current password').fill(ADA_PASSWORD);
      await page.getByRole('button', { name: 'Change the password' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Your password is changed\./);
      // The API takes the new password alone.
      expect(await refusedWith(as('ada', ADA_PASSWORD).datastore.list())).toBe(401);
      expect((await as('ada', ADA_NEW_PASSWORD).datastore.list()).entries.length).toBeGreaterThan(0);
      // This browser: still signed in, on a new session.
      await page.getByRole('link', { name: 'Overview', exact: true }).click();
      await page.locator('table.clients tbody tr').first().waitFor();
      // The other: its session ended with the old password; its next request asks it to sign in.
      await other.getByRole('link', { name: 'Devices', exact: true }).click();
      await other.getByLabel('Username').waitFor();
      await other.reload();
      await other.getByLabel('Username').waitFor();
    });
  });

  it('logged no error, ran nothing its policy refused and loaded nothing from elsewhere', () => {
    expect(problems.flat()).toEqual([]);
  });
});
