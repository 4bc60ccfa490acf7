/**
 * The web console in a real browser (issue 25): Debian's headless Chromium driven by
 * playwright-core, against the real server on both stores, serving the built console
 * (packages/console/dist: `npm test` builds it first; alone, `npx turbo run build --filter=@atomsync/console`).
 *
 * What a person does: a wrong password refused, guessing slowed (the page says to wait), signing in, the Overview showing every client
 * with its state, a phone's device record with a wipe asked and cancelled, a password for a
 * device made, an address book paged through, searched, an item read, deleted and the rest
 * exported, 1,000 contacts imported a part at a time with their progress and a refused card named,
 * a contact edited that reaches the phone (its phones and emails added, a number removed, each kind in its own field; a concurrent change refused, not overwritten) and one
 * the phone added found, events and tasks exported as .ics, a binding made and run and the sync log filtered, signing out. Along the way no page logs an error (a Content-Security-Policy
 * violation is one) or loads anything from another origin, and the page carries the policy.
 * Then what another site's page can do with the browser's session: nothing (the cookie reaches
 * us, same-site, and is still refused). Every page is shot at 1280 and 390 px, light and (the
 * Overview) dark, into test/console/output/ (not committed; CI keeps them), and at each axe-core
 * finds no serious or critical WCAG 2.1 A/AA violation (labels, contrast, names).
 *
 * Without Chromium the test fails, saying how to install it (.ci/run does), rather than skip.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { el, type AsElement } from '@atomsync/activesync';
import { basicAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_POLICY } from '../../packages/server/src/console/mount.js';
import { listen, type RunningServer } from '../../packages/server/src/listen.js';
import { SecretBox } from '../../packages/server/src/secrets/box.js';
import { createServer } from '../../packages/server/src/server.js';
import { createAccount } from '../../packages/server/src/services/accounts.js';
import type { Store } from '@atomsync/store';
import { childrenAt, ScriptedPhone, textOf } from '../../packages/server/test/activesync/support/scripted.js';
import { openTestStore, storeKinds } from '../../packages/server/test/support/stores.js';
import { CONSOLE_DIR, launchBrowser, shoot as shootAt, watch } from './browser.js';

// scrypt's cost is not this file's question (packages/server/test/support/cheap-scrypt.ts).
vi.mock('node:crypto', async (importOriginal) => (await import('../../packages/server/test/support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const PASSWORD = 'ada-console-pw';
/** Contacts beside Grace in her address book: the list's pages are 50, so three pages in all. */
const CROWD = 110;
/** Cards in the imported file: four parts of the console's 250. */
const IMPORTED = 1000;
const DATASTORE_ENTRY = '<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:client><s:user_id>forged</s:user_id></s:client></entry>';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(storeKinds)('the console in Chromium (%s store)', (kind) => {
  let store: Store;
  let server: RunningServer;
  let origin: string;
  let ada: AtomSyncClient;
  let phoneUuid: string;
  let scripted: ScriptedPhone;
  let home: string;
  let work: string;
  let archive: string;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  /** The page at each width: a screenshot, and no serious accessibility finding (./browser.ts). */
  const shoot = (name: string) => shootAt(page, kind, name);
  const countItems = async () => (await ada.datastore.contents(home).list({ 'max-results': 1000 })).entries.length;
  const datastoreCount = async () => (await ada.datastore.list()).entries.length;

  beforeAll(async () => {
    store = await openTestStore(kind);
    const secrets = SecretBox.ephemeral();
    await createAccount({ store, secrets }, { username: 'ada', password: PASSWORD, admin: false });
    server = await listen(createServer({ store, secrets, consoleDir: CONSOLE_DIR }), { host: '127.0.0.1', port: 0 });
    origin = server.url;
    ada = createClient({ baseUrl: origin, auth: basicAuth('ada', PASSWORD) });
    // What the Overview shows: a phone that signed in, bound to her address book; that address
    // book bound to a second one and synced once; a third in no binding.
    const phone = await ada.activesync.create({ username: 'ada@example.org', password: 'ada-phone-password' });
    phoneUuid = phone.client.uuid;
    home = (await ada.datastore.create({ userId: 'ada-home' })).client.uuid;
    work = (await ada.datastore.create({ userId: 'ada-work' })).client.uuid;
    archive = (await ada.datastore.create({ userId: 'ada-archive' })).client.uuid;
    await ada.datastore.contents(home).create({ title: 'Grace', content: { type: 'text/vcard', value: 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Hopper;Grace;;;\r\nFN:Grace Hopper\r\nEND:VCARD\r\n' } });
    // Her address book holds more than two pages of the console's list (PAGE_SIZE, 50).
    await ada.datastore.contents(home).batch({
      entries: Array.from({ length: CROWD }, (_, i) => ({
        batchId: `c${i}`,
        operation: { type: 'insert' as const },
        title: `Crowd ${i}`,
        content: { dataclass: 'Contacts' as const, type: 'text/vcard', value: `BEGIN:VCARD\r\nVERSION:3.0\r\nN:Member ${i};Crowd;;;\r\nFN:Crowd Member ${i}\r\nEND:VCARD\r\n` },
      })),
    });
    await ada.syncengine.create({ source: { syncSource: 'activesync', uuid: phoneUuid }, target: { syncSource: 'datastore', uuid: home } });
    const sync = await ada.syncengine.create({ source: { syncSource: 'datastore', uuid: home }, target: { syncSource: 'datastore', uuid: work } });
    await ada.syncengine.synchronize(Number(sync.title), { syncMode: 200, dataclass: 'Contacts' });
    scripted = new ScriptedPhone({ url: origin, username: 'ada@example.org', password: 'ada-phone-password', version: '16.1' });
    await scripted.provision();
    await scripted.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));

    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    // A save of an item changed meanwhile is answered 412 (If-Match) on purpose.
    problems = watch(page, origin, [412, 429]);
  });
  afterAll(async () => {
    await context?.close();
    await ada?.close();
    await server?.close(2_000);
    await store?.close();
  });

  it('serves its page under a strict Content-Security-Policy and asks to sign in', async () => {
    const answer = await page.goto(`${origin}/`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toBe(CONSOLE_POLICY);
    await page.getByLabel('Username').waitFor();
    await shoot('sign-in');
  });

  it('refuses a wrong password, saying so', async () => {
    await page.getByLabel('Username').fill('ada');
    await page.getByLabel('Password').fill('not-ada-s-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('the username or password is wrong');
    expect(await page.getByRole('heading', { name: 'Overview' }).count()).toBe(0);
  });

  it('slows guessing: past five wrong passwords for a name, the page says to wait', async () => {
    // Another name than ada's (the throttle counts per name, and per address only past 30).
    await page.getByLabel('Username').fill('mallory');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await page.getByLabel('Password').fill(`guess-${i}`);
      const answer = page.waitForResponse((r) => r.url() === `${origin}/console/session` && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Sign in' }).click();
      statuses.push((await answer).status());
      // The next guess once the form takes one again.
      await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/too many failed sign-ins: try again in \d+ s/);
    await page.getByLabel('Username').fill('ada');
  });

  it('signs in to the Overview: every client, with its state at a glance', async () => {
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.locator('table.clients tbody tr').first().waitFor();
    const rows = await page.locator('table.clients tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).innerText.replace(/\s+/g, ' ')));
    expect(rows).toHaveLength(4);
    const row = (name: string) => rows.find((r) => r.includes(name)) ?? `no row for ${name}`;
    expect(row('ada-archive')).toMatch(/Address book & calendar ada-archive .*never.*Not bound/);
    expect(row('ada-work')).toMatch(/ago|now/);
    expect(row('ada-work')).toContain('OK');
    expect(row('ActiveSync phone')).not.toContain('Not bound');
    // What needs attention comes first.
    expect(rows[0]).toContain('ada-archive');
    await shoot('overview');
    // Dark, as the system asks: its own colours, not the light page's inverted.
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(21, 24, 28)');
    await shoot('overview-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  });

  it('shows the phone\'s device record, and a wipe asked after a confirmation, then cancelled', async () => {
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await page.getByRole('heading', { name: 'Devices' }).waitFor();
    await expect.poll(() => page.locator('.device').innerText()).toContain('ActiveSync 16.1');
    await shoot('devices');
    await page.getByRole('button', { name: 'Wipe this phone…' }).click();
    await page.getByRole('group', { name: /Wipe/ }).waitFor();
    await shoot('devices-wipe-confirm');
    // The confirmation's own way back leaves the phone alone.
    await page.getByRole('button', { name: 'Keep the phone as it is' }).click();
    expect((await ada.activesync.get(phoneUuid)).client.device?.wipe).toBeUndefined();
    await page.getByRole('button', { name: 'Wipe this phone…' }).click();
    await page.getByRole('button', { name: 'Remove this account from the phone' }).click();
    await page.getByRole('button', { name: 'Cancel the wipe' }).waitFor();
    expect((await ada.activesync.get(phoneUuid)).client.device?.wipe?.scope).toBe('account');
    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await expect.poll(async () => (await page.locator('table.clients tbody tr').first().innerText()).replace(/\s+/g, ' ')).toContain('Wipe pending');
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel the wipe' }).click();
    await page.getByRole('button', { name: 'Wipe this phone…' }).waitFor();
    expect((await ada.activesync.get(phoneUuid)).client.device?.wipe).toBeUndefined();
  });

  it('makes a password for a device, shown once, and lists it', async () => {
    await page.getByRole('link', { name: 'Passwords for devices' }).click();
    await page.getByLabel('New password for').fill('Mac Contacts');
    await page.getByRole('button', { name: 'Create' }).click();
    const secret = await page.locator('code.secret').textContent();
    expect(secret?.length).toBeGreaterThanOrEqual(8);
    await expect.poll(() => page.locator('ul.list').innerText()).toContain('Mac Contacts');
    expect((await ada.appPasswords.list()).entries.map((e) => e.appPassword.name)).toEqual(['Mac Contacts']);
    await shoot('passwords');
  });

  it('pages through an address book, finds a contact, reads it and deletes it after a confirmation, and exports the rest', async () => {
    await page.getByRole('link', { name: 'Address books & calendars' }).click();
    await page.getByRole('heading', { name: 'Address books & calendars' }).waitFor();
    await shoot('books');
    await page.getByRole('link', { name: 'ada-home' }).click();
    await page.getByRole('heading', { name: 'ada-home' }).waitFor();
    const rows = page.locator('table.items tbody tr');
    const summary = page.locator('p.summary');
    // A page of 50, read from the API a page at a time: three pages for 111 items, then no more.
    await expect.poll(() => summary.textContent()).toBe('Items 1–50');
    expect(await rows.count()).toBe(50);
    await shoot('books-items');
    const seen = new Set(await rows.locator('th').allInnerTexts());
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => summary.textContent()).toBe('Items 51–100');
    for (const title of await rows.locator('th').allInnerTexts()) seen.add(title);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => summary.textContent()).toBe('Items 101–111');
    for (const title of await rows.locator('th').allInnerTexts()) seen.add(title);
    expect(seen.size).toBe(CROWD + 1);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => summary.textContent()).toBe('Items 51–100');
    // Events hold nothing here: the filter asks the API for them alone.
    await page.getByLabel('Show').selectOption('Events');
    await page.getByText('Nothing here yet.').waitFor();
    await page.getByLabel('Show').selectOption('all');
    // A search (the server's) reads the card's text too: her family name finds her, and no one else.
    await page.getByLabel('Search', { exact: true }).fill('hopper');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => summary.textContent()).toBe('1 item matches “hopper”');
    expect(await rows.locator('th').allInnerTexts()).toEqual(['Grace']);
    await shoot('books-search');
    await rows.getByRole('link', { name: 'Grace' }).click();
    await page.getByRole('heading', { name: 'Grace' }).waitFor();
    expect(await page.locator('pre.item-text').textContent()).toContain('FN:Grace Hopper');
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('group', { name: 'Delete this item' }).waitFor();
    await shoot('books-item-delete');
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect(await countItems()).toBe(CROWD + 1);
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('button', { name: 'Delete “Grace”' }).click();
    await page.getByRole('heading', { name: 'ada-home' }).waitFor();
    expect(await countItems()).toBe(CROWD);
    // The export: every contact left, in one .vcf the browser saves.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export contacts (.vcf)' }).click()]);
    expect(download.suggestedFilename()).toBe('ada-home.vcf');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.match(/^BEGIN:VCARD\r?$/gm)).toHaveLength(CROWD);
    expect(text).not.toContain('Grace');
    await expect.poll(() => page.locator('.export [role=status]').textContent()).toBe(`${CROWD} contacts exported.`);
  });

  it('imports 1,000 contacts a part at a time, showing the progress the server made, and names the refused card', async () => {
    await ada.datastore.create({ userId: 'ada-imported' });
    await page.getByRole('link', { name: 'Address books & calendars', exact: true }).click();
    await page.getByRole('link', { name: 'ada-imported' }).click();
    await page.getByRole('heading', { name: 'ada-imported' }).waitFor();
    // 1,000 cards: the 601st holds a BEL no Atom answer can carry (refused by the server, named),
    // the 901st is the first one again (a twin); the rest are new.
    const cards: string[] = [];
    for (let i = 0; i < IMPORTED; i++) {
      const name = i === 900 ? 'Person 0' : i === 600 ? 'Bell Ringer' : `Person ${i}`;
      cards.push('BEGIN:VCARD', 'VERSION:3.0', `N:${name};;;;`, `FN:${name}`, ...(i === 600 ? ['NOTE:ding \u0007 dong'] : []), 'END:VCARD');
    }
    // What the page said as each part went out: the parts before it, stored.
    const said: string[] = [];
    await page.route('**/contents/import', async (route) => {
      said.push((await page.locator('.import-status').textContent()) ?? '');
      await route.continue();
    });
    try {
      await page.getByLabel('Import a .vcf or .ics file').setInputFiles({ name: 'contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(`${cards.join('\r\n')}\r\n`) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect.poll(() => page.locator('.import-status').textContent(), { timeout: 60_000 }).toBe('Imported contacts.vcf: 998 added, 1 twin skipped, 1 refused.');
    } finally {
      await page.unroute('**/contents/import');
    }
    expect(said).toEqual([0, 250, 500, 749].map((added) => `Importing contacts.vcf: ${added} added, 0 twins skipped, ${added === 749 ? 1 : 0} refused so far…`));
    // The refused card by the file's line (five lines a card before it), its name and why.
    expect(await page.locator('ul.refusals li').allInnerTexts()).toEqual(['Line 3,001 “Bell Ringer”: it holds U+0007, a character XML cannot carry']);
    expect(await page.locator('.import progress').evaluate((p) => [(p as HTMLProgressElement).value, (p as HTMLProgressElement).max])).toEqual([expect.any(Number), expect.any(Number)]);
    const imported = (await ada.datastore.list()).entries.find((e) => e.client.userId === 'ada-imported')!.client.uuid;
    let stored = 0;
    for await (const _ of ada.datastore.contents(imported).iterateList({ 'max-results': 1000 })) stored++;
    expect(stored).toBe(998);
    // The list reads its first page again.
    await expect.poll(() => page.locator('p.summary').textContent()).toBe('Items 1–50');
    await shoot('books-import');
  });

  it('exports the events and the tasks of a calendar as .ics files, each zone once', async () => {
    const zone = ['BEGIN:VTIMEZONE', 'TZID:Office/Berlin', 'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0100', 'END:STANDARD', 'END:VTIMEZONE'];
    const ics = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...zone,
      'BEGIN:VEVENT', 'UID:e1', 'DTSTAMP:20240101T000000Z', 'DTSTART;TZID=Office/Berlin:20240105T090000', 'SUMMARY:Stand-up', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:e2', 'DTSTAMP:20240101T000000Z', 'DTSTART;TZID=Office/Berlin:20240106T090000', 'SUMMARY:Retro', 'END:VEVENT',
      'BEGIN:VTODO', 'UID:t1', 'DTSTAMP:20240101T000000Z', 'SUMMARY:Report', 'END:VTODO',
      'END:VCALENDAR', '',
    ].join('\r\n');
    await page.getByLabel('Import a .vcf or .ics file').setInputFiles({ name: 'work.ics', mimeType: 'text/calendar', buffer: Buffer.from(ics) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.locator('.import-status').textContent()).toBe('Imported work.ics: 3 added, 0 twins skipped, 0 refused.');
    const [events] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export events (.ics)' }).click()]);
    expect(events.suggestedFilename()).toBe('ada-imported-events.ics');
    const eventsText = readFileSync((await events.path())!, 'utf8');
    expect(eventsText.match(/^BEGIN:VCALENDAR\r$/gm)).toHaveLength(1);
    expect(eventsText.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(2);
    expect(eventsText.match(/^BEGIN:VTIMEZONE\r$/gm)).toHaveLength(1);
    expect(eventsText).not.toContain('VTODO');
    const [tasks] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export tasks (.ics)' }).click()]);
    expect(tasks.suggestedFilename()).toBe('ada-imported-tasks.ics');
    const tasksText = readFileSync((await tasks.path())!, 'utf8');
    expect(tasksText.match(/^BEGIN:VTODO\r$/gm)).toHaveLength(1);
    expect(tasksText).toContain('SUMMARY:Report');
    expect(tasksText).not.toContain('VEVENT');
  });

  it('edits a contact, which reaches the phone; a change made meanwhile is refused, not overwritten; a contact added on the phone appears', async () => {
    const contents = ada.datastore.contents(home);
    // The phone holds the address book: its contacts folder started and read to the end.
    const collection = (key: string, extra: AsElement[] = []) => el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), ...extra])])]);
    const reply = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0];
    const commands = (tree: AsElement | null) => reply(tree)?.children?.find((c) => c.tag === 'Commands')?.children ?? [];
    const lastNames = (found: AsElement[], tag: string) => found.filter((c) => c.tag === tag).map((c) => textOf(c.children?.find((d) => d.tag === 'ApplicationData'), 'Contacts:LastName'));
    let key = textOf(reply((await scripted.send('Sync', collection('0'))).tree), 'AirSync:SyncKey')!;
    const readAll = async (extra: AsElement[] = []): Promise<AsElement[]> => {
      const found: AsElement[] = [];
      for (;;) {
        const answer = await scripted.send('Sync', collection(key, [el('AirSync:GetChanges'), el('AirSync:WindowSize', '512'), ...extra]));
        key = textOf(reply(answer.tree), 'AirSync:SyncKey') ?? key;
        found.push(...commands(answer.tree));
        if (!reply(answer.tree)?.children?.some((c) => c.tag === 'MoreAvailable')) return found;
        extra = [];
      }
    };
    expect(lastNames(await readAll(), 'Add')).toContain('Member 3');

    const uuidOf = async (title: string) => {
      for await (const entry of contents.iterateList({ 'max-results': 1000 })) if (entry.title === title) return entry.id.replace(/^urn:uuid:/, '');
      throw new Error(`no item ${title}`);
    };
    // In the console: the form shows the card's fields; a new family name is saved with its ETag.
    await page.goto(`${origin}/#/books/${home}/${await uuidOf('Crowd 3')}`);
    await page.getByRole('heading', { name: 'Crowd 3' }).waitFor();
    await page.getByRole('button', { name: 'Edit…' }).click();
    expect(await page.getByLabel('Family name').inputValue()).toBe('Member 3');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Crowd Member 3');
    await shoot('books-item-edit');
    await page.getByLabel('Family name').fill('Edited-Member');
    await page.getByLabel('Full name').fill('Crowd Edited-Member');
    // Two numbers of two kinds and an address, each its own entry (the card had none).
    await page.getByRole('button', { name: 'Add a phone' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('edit-tel-0');
    await page.getByLabel('Phone 1', { exact: true }).fill('+44 7700 900003');
    await page.getByLabel('Kind of phone 1').selectOption({ label: 'Mobile' });
    await page.getByRole('button', { name: 'Add a phone' }).click();
    await page.getByLabel('Phone 2', { exact: true }).fill('+44 20 7946 0003');
    await page.getByLabel('Kind of phone 2').selectOption({ label: 'Work' });
    await page.getByRole('button', { name: 'Add an email' }).click();
    await page.getByLabel('Email 1', { exact: true }).fill('crowd3@example.org');
    await page.getByLabel('Kind of email 1').selectOption({ label: 'Work' });
    await shoot('books-item-edit-entries');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('heading', { name: 'Crowd Edited-Member' }).waitFor();
    const editedUuid = await uuidOf('Crowd Edited-Member');
    const edited = await contents.get(editedUuid);
    expect(edited.content?.value).toContain('N:Edited-Member;Crowd;;;');
    expect(edited.content?.value).toContain('FN:Crowd Edited-Member');
    expect(edited.content?.value).toContain('\r\nEMAIL;TYPE=WORK:crowd3@example.org\r\nTEL;TYPE=CELL:+44 7700 900003\r\nTEL;TYPE=WORK:+44 20 7946 0003\r\nEND:VCARD');
    // The phone's next sync brings the change, each number in its own field.
    const changed = (await readAll()).filter((c) => c.tag === 'Change');
    expect(lastNames(changed, 'Change')).toEqual(['Edited-Member']);
    const data = changed[0]!.children?.find((d) => d.tag === 'ApplicationData');
    expect([textOf(data, 'Contacts:MobilePhoneNumber'), textOf(data, 'Contacts:BusinessPhoneNumber'), textOf(data, 'Contacts:Email1Address')]).toEqual(['+44 7700 900003', '+44 20 7946 0003', expect.stringContaining('crowd3@example.org')]);

    // The mobile number removed, the address made a home one: the other lines stay as they were.
    await page.getByRole('button', { name: 'Edit…' }).click();
    expect(await page.getByLabel('Phone 2', { exact: true }).inputValue()).toBe('+44 20 7946 0003');
    await page.getByRole('button', { name: 'Remove phone 1' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('edit-tel-add');
    expect(await page.getByLabel('Phone 1', { exact: true }).inputValue()).toBe('+44 20 7946 0003');
    await page.getByLabel('Kind of email 1').selectOption({ label: 'Home' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    const again = (await contents.get(editedUuid)).content?.value;
    expect(again).not.toContain('900003');
    expect(again).toContain('\r\nEMAIL;TYPE=HOME:crowd3@example.org\r\nTEL;TYPE=WORK:+44 20 7946 0003\r\nEND:VCARD');
    const data2 = (await readAll()).find((c) => c.tag === 'Change')?.children?.find((d) => d.tag === 'ApplicationData');
    expect([textOf(data2, 'Contacts:MobilePhoneNumber'), textOf(data2, 'Contacts:BusinessPhoneNumber')]).toEqual([undefined, '+44 20 7946 0003']);

    // A change made while the form is open (the SDK, as another window would) is not overwritten.
    const other = await uuidOf('Crowd 4');
    await page.goto(`${origin}/#/books/${home}/${other}`);
    await page.getByRole('heading', { name: 'Crowd 4' }).waitFor();
    await page.getByRole('button', { name: 'Edit…' }).click();
    const meanwhile = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Meanwhile;Crowd;;;\r\nFN:Crowd Meanwhile\r\nEND:VCARD\r\n';
    await contents.update(other, { title: 'Crowd 4', content: { type: 'text/vcard', value: meanwhile } });
    await page.getByRole('button', { name: 'Add a phone' }).click();
    await page.getByLabel('Phone 1', { exact: true }).fill('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.edit-item [role=alert]').textContent()).toContain('changed since you opened it');
    expect((await contents.get(other)).content?.value).toBe(meanwhile);
    await page.getByRole('button', { name: 'Load the current version' }).click();
    await page.getByRole('button', { name: 'Edit…' }).click();
    expect(await page.getByLabel('Family name').inputValue()).toBe('Meanwhile');
    await page.getByRole('button', { name: 'Add a phone' }).click();
    await page.getByLabel('Phone 1', { exact: true }).fill('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await contents.get(other)).content?.value).toMatch(/N:Meanwhile;Crowd;;;[\s\S]*TEL:\+44 20 7946 0000/);

    // A contact added on the phone is in the address book, and the console finds it.
    await scripted.send('Sync', collection(key, [el('AirSync:Commands', [el('AirSync:Add', [el('AirSync:ClientId', 'phone-1'), el('AirSync:ApplicationData', [el('Contacts:FirstName', 'Phoebe'), el('Contacts:LastName', 'Phoned-In')])])])]));
    await page.goto(`${origin}/#/books/${home}`);
    await page.getByRole('heading', { name: 'ada-home' }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('phoned-in');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('p.summary').textContent()).toBe('1 item matches “phoned-in”');
    expect(await page.locator('table.items tbody th').allInnerTexts()).toEqual([expect.stringContaining('Phoebe')]);
  });

  it('binds two clients, runs the binding and shows its run, and filters the sync log', async () => {
    await page.getByRole('link', { name: 'Bindings', exact: true }).click();
    await page.getByRole('heading', { name: 'Bindings', exact: true }).waitFor();
    await expect.poll(() => page.locator('ul.bindings').innerText()).toContain('ada-home → ada-work');
    // The run beforeAll made, with its statistics: the work book took every card of home.
    expect((await page.locator('table.log tbody tr').allInnerTexts()).join('\n')).toContain(`target: ${CROWD + 1} added`);
    await shoot('bindings');
    await page.getByLabel('Source').selectOption({ label: 'Address book & calendar: ada-work' });
    await page.getByLabel('Target').selectOption({ label: 'Address book & calendar: ada-archive' });
    await page.getByRole('button', { name: 'Create the binding' }).click();
    await expect.poll(() => page.locator('ul.bindings').innerText()).toContain('ada-work → ada-archive');
    const made = (await ada.syncengine.list()).entries.find((b) => b.target?.uuid === archive)!;
    expect(made.source?.uuid).toBe(work);
    const run = page.getByRole('form', { name: `Run binding ${made.bindingId}` });
    await run.getByLabel('What').selectOption('Contacts');
    await run.getByRole('button', { name: 'Run now' }).click();
    await expect.poll(() => page.locator('.binding [role=status].panel').first().textContent()).toMatch(/^The run completed: /);
    // The archive now holds what the work book held.
    expect((await ada.datastore.contents(archive).list({ 'max-results': 1000 })).entries).toHaveLength(CROWD + 1);
    const runs = (await ada.syncengine.bindingLog(made.bindingId)).entries;
    expect(runs.map((r) => r.result)).toEqual(['completed']);
    // The log, filtered to the new binding: its one run; to failures: none.
    await page.getByLabel('Binding', { exact: true }).selectOption(String(made.bindingId));
    await expect.poll(() => page.locator('table.log tbody tr').count()).toBe(1);
    expect(await page.locator('table.log tbody tr').innerText()).toContain(`target: ${CROWD + 1} added`);
    await page.getByLabel('Result').selectOption('failed');
    await page.getByText('No run matches.').waitFor();
    await page.getByLabel('Result').selectOption('all');
    await page.getByLabel('Binding', { exact: true }).selectOption('all');
    await shoot('bindings-run');
    // Its conflict winner turned round; the phone's binding offers no run (the phone starts its own).
    const mine = page.locator('li.binding', { hasText: 'ada-work → ada-archive' });
    await mine.getByRole('button', { name: 'Let the target win conflicts' }).click();
    await expect.poll(async () => (await ada.syncengine.get(made.bindingId)).conflictWinner).toBe('target');
    await expect.poll(() => mine.innerText()).toContain('the target wins');
    const phones = page.locator('li.binding', { hasText: 'ada@example.org → ada-home' });
    expect(await phones.innerText()).toContain('Runs when the ActiveSync phone syncs');
    expect(await phones.getByRole('button', { name: 'Run now' }).count()).toBe(0);
  });

  it('refuses every cookie-authenticated write another site\'s page makes, though the browser sends the cookie', async () => {
    // Another origin on the same host: the same site, so SameSite=Strict still lets the cookie go;
    // what refuses the write is the server's own check (packages/server/src/console/csrf.ts).
    const evil: Server = createHttpServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    try {
      const before = await datastoreCount();
      const other = await context.newPage();
      const requests: Request[] = [];
      other.on('request', (r) => {
        if (r.url().startsWith(origin)) requests.push(r);
      });
      await other.goto(`${evilOrigin}/`);
      const outcomes = await other.evaluate(
        async ({ target, body }) => {
          const url = `${target}/v2/services/datastore/`;
          const tries = [
            // A simple request: no preflight, the answer unreadable (opaque), the write the point.
            () => fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body }).then((r) => r.type),
            // With the console's header: the browser must ask first (a preflight), and is never granted.
            () => fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/atom+xml', 'x-atomsync-console': '1' }, body }).then((r) => `answered ${r.status}`),
          ];
          const results: string[] = [];
          for (const attempt of tries) results.push(await attempt().catch((e: unknown) => `refused: ${(e as Error).name}`));
          return results;
        },
        { target: origin, body: DATASTORE_ENTRY },
      );
      expect(outcomes).toEqual(['opaque', 'refused: TypeError']);
      // The simple request reached the server with the session cookie and was refused there: 403
      // is the answer to the cookie from elsewhere (without it, the API's 401 and its challenge).
      const simple = requests.find((r) => r.method() === 'POST')!;
      expect((await simple.response())?.status()).toBe(403);
      // The other never left the browser: its preflight was not granted, so it failed unsent.
      expect(requests).toHaveLength(2);
      expect(requests[1]!.failure()?.errorText).toBe('net::ERR_FAILED');
      expect(await datastoreCount()).toBe(before);
      await other.close();
    } finally {
      await new Promise((resolve) => evil.close(resolve));
    }
  });

  it('signs out: the sign-in is back and the session no longer opens the API', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').waitFor();
    const status = await page.evaluate(() => fetch('/v2/services/datastore/', { headers: { 'x-atomsync-console': '1' } }).then((r) => r.status));
    expect(status).toBe(401);
    expect((await context.cookies(origin)).filter((c) => c.name === 'atomsync-session')).toEqual([]);
  });

  it('logged no error, ran nothing refused by its policy and loaded nothing from elsewhere', () => {
    expect(problems).toEqual([]);
  });
});
