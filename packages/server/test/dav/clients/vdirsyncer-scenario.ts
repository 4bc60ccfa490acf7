/**
 * The vdirsyncer scenario of issue 21, written once and run against any DAV target: Radicale with
 * small sizes (proving the harness), atomsync with the (1,000 contacts, 300 events).
 * Registers its hooks and tests in the caller's describe block; the tests run in order, each
 * starting from where the last one left the server and the two vdirs.
 *
 * 1. vdir A's contacts and events up; the server lists exactly those (PROPFIND, not vdirsyncer).
 * 2. A fresh vdir B down: the same UIDs, once each, the same texts as A.
 * 3. On each side one contact and one event edited and one of each deleted; A, B, A synced: both
 *    vdirs and the server hold N − 4 / M − 4 items, each edit on both sides.
 * 4. The same contact edited differently on A and B between syncs: with "a wins" the side that
 *    syncs second (B) keeps its copy and A takes it; nothing doubled, nothing else changed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkDir, type WorkDir } from '../../interop/support/workdir.js';
import { discover, eventsCalendar, memberHrefs, type Discovered } from './discovery.js';
import { contacts, contactUid, eventUid, events, type VdirItem } from './items.js';
import { explainRun, type RunResult } from './process.js';
import type { DavTarget } from './target.js';
import { contentLines, deleteItem, editItem, itemsByUid, uidCounts, writeItems } from './vdir.js';
import { CONFLICT_RESOLUTION, CONTACT_EXT, createSide, discoverSide, EVENT_EXT, syncSide, type VdirsyncerSide } from './vdirsyncer.js';

export interface VdirsyncerScenarioOptions {
  readonly start: () => Promise<DavTarget>;
  readonly contacts: number;
  readonly events: number;
  /** Per vdirsyncer run and per test. */
  readonly timeoutMs: number;
  /**
   * Whether the server serves what a client PUT byte for byte (issue 21 asks it of atomsync); when
   * false (Radicale rewrites items), items are compared by their content lines (vdir.ts).
   */
  readonly servesBytesAsWritten: boolean;
}

const expectRan = (run: RunResult) => expect(run.exitCode === 0 && !run.timedOut, explainRun(run)).toBe(true);

/** Adds a NOTE (vCard) or DESCRIPTION (VEVENT) line before the item's END, naming who edited it. */
const withNote = (marker: string) => (text: string) =>
  text.includes('BEGIN:VEVENT')
    ? text.replace('END:VEVENT', `DESCRIPTION:${marker}\r\nEND:VEVENT`)
    : text.replace('END:VCARD', `NOTE:${marker}\r\nEND:VCARD`);

export function vdirsyncerScenario(options: VdirsyncerScenarioOptions): void {
  const { contacts: contactCount, events: eventCount, timeoutMs } = options;
  /** The form items are compared in: as they are, or as content lines. */
  const form = options.servesBytesAsWritten ? (text: string | undefined) => text : (text: string | undefined) => text && contentLines(text);
  let work: WorkDir;
  let starting: Promise<DavTarget>;
  let target: DavTarget;
  let found: Discovered;
  let a: VdirsyncerSide;
  let b: VdirsyncerSide;
  let uploadedContacts: VdirItem[];
  let uploadedEvents: VdirItem[];

  const side = async (name: string) => {
    const s = await createSide({ dir: work.at(name), target, addressBook: found.addressBooks[0]!.name, calendar: eventsCalendar(found).name });
    expectRan(await discoverSide(s, timeoutMs));
    return s;
  };
  const sync = async (s: VdirsyncerSide) => expectRan(await syncSide(s, timeoutMs));
  /** What the server lists now, by PROPFIND: address-book and calendar member counts. */
  const serverCounts = async () => ({
    contacts: (await memberHrefs(target, found.addressBooks[0]!.url)).length,
    events: (await memberHrefs(target, eventsCalendar(found).url)).length,
  });
  const sorted = (counts: Map<string, number>) => [...counts.entries()].sort(([x], [y]) => x.localeCompare(y));
  const once = (uids: readonly string[]) => uids.map((u) => [u, 1] as const).sort(([x], [y]) => x.localeCompare(y));

  beforeAll(async () => {
    work = createWorkDir('vdirsyncer');
    starting = options.start();
    target = await starting;
    found = await discover(target);
    expect(found.addressBooks.length, `${target.name} lists no address book`).toBeGreaterThan(0);
  }, timeoutMs);
  afterAll(async () => {
    await starting?.then((t) => t.stop(), () => undefined);
    work?.remove();
  });

  it(`up from vdir A: ${contactCount} contacts and ${eventCount} events, all listed by the server`, async () => {
    a = await side('a');
    uploadedContacts = contacts(contactCount);
    uploadedEvents = events(eventCount);
    await writeItems(a.contactsDir, uploadedContacts, CONTACT_EXT);
    await writeItems(a.eventsDir, uploadedEvents, EVENT_EXT);
    await sync(a);
    expect(await serverCounts()).toEqual({ contacts: contactCount, events: eventCount });
  }, timeoutMs * 3);

  it('down into a fresh vdir B: the same UIDs, once each, and the same texts', async () => {
    b = await side('b');
    await sync(b);
    expect(sorted(await uidCounts(b.contactsDir, CONTACT_EXT))).toEqual(once(uploadedContacts.map((c) => c.uid)));
    expect(sorted(await uidCounts(b.eventsDir, EVENT_EXT))).toEqual(once(uploadedEvents.map((e) => e.uid)));
    // Served back as written (byte for byte where the server promises it).
    const onB = await itemsByUid(b.contactsDir, CONTACT_EXT);
    for (const c of uploadedContacts) expect(form(onB.get(c.uid)), c.uid).toBe(form(c.text));
    const eventsOnB = await itemsByUid(b.eventsDir, EVENT_EXT);
    for (const e of uploadedEvents) expect(form(eventsOnB.get(e.uid)), e.uid).toBe(form(e.text));
  }, timeoutMs * 2);

  it('an edit and a delete on each side converge: exact counts everywhere, each edit on both sides', async () => {
    const edits = [
      { dir: (s: VdirsyncerSide) => s.contactsDir, ext: CONTACT_EXT, onA: contactUid(0), goneA: contactUid(1), onB: contactUid(2), goneB: contactUid(3) },
      { dir: (s: VdirsyncerSide) => s.eventsDir, ext: EVENT_EXT, onA: eventUid(0), goneA: eventUid(1), onB: eventUid(2), goneB: eventUid(3) },
    ];
    for (const e of edits) {
      await editItem(e.dir(a), e.onA, e.ext, withNote('edited on A'));
      await deleteItem(e.dir(a), e.goneA, e.ext);
      await editItem(e.dir(b), e.onB, e.ext, withNote('edited on B'));
      await deleteItem(e.dir(b), e.goneB, e.ext);
    }
    await sync(a);
    await sync(b);
    await sync(a);

    expect(await serverCounts()).toEqual({ contacts: contactCount - 2, events: eventCount - 2 });
    for (const e of edits) {
      const onA = await itemsByUid(e.dir(a), e.ext);
      const onB = await itemsByUid(e.dir(b), e.ext);
      const total = e.ext === CONTACT_EXT ? contactCount : eventCount;
      expect(onA.size).toBe(total - 2);
      expect([...onA.keys()].sort()).toEqual([...onB.keys()].sort());
      expect(onA.has(e.goneA) || onA.has(e.goneB)).toBe(false);
      for (const [uid, marker] of [[e.onA, 'edited on A'], [e.onB, 'edited on B']] as const) {
        expect(onA.get(uid), `${uid} on A`).toContain(marker);
        expect(onB.get(uid), `${uid} on B`).toContain(marker);
      }
      for (const [uid, text] of onA) expect(form(onB.get(uid)), uid).toBe(form(text));
    }
  }, timeoutMs * 3);

  it(`a conflict (one contact edited on A and on B between syncs) ends "${CONFLICT_RESOLUTION}": the later syncing side's copy everywhere, nothing lost or doubled`, async () => {
    const uid = contactUid(4);
    await editItem(a.contactsDir, uid, CONTACT_EXT, withNote('conflict: A'));
    const bText = await editItem(b.contactsDir, uid, CONTACT_EXT, withNote('conflict: B'));
    const untouched = await itemsByUid(b.contactsDir, CONTACT_EXT);
    untouched.delete(uid);

    await sync(a); // the server takes A's edit
    await sync(b); // B's own edit and the server's differ: "a wins" keeps B's local copy and uploads it
    await sync(a); // A, unchanged since its last sync, takes the server's (B's) copy

    const onA = await itemsByUid(a.contactsDir, CONTACT_EXT);
    const onB = await itemsByUid(b.contactsDir, CONTACT_EXT);
    expect(onB.get(uid)).toBe(bText);
    expect(form(onA.get(uid))).toBe(form(bText));
    expect(onA.size).toBe(contactCount - 2);
    expect(onB.size).toBe(contactCount - 2);
    for (const [other, text] of untouched) {
      expect(form(onA.get(other)), other).toBe(form(text));
      expect(onB.get(other), other).toBe(text);
    }
    expect((await serverCounts()).contacts).toBe(contactCount - 2);
  }, timeoutMs * 3);
}
