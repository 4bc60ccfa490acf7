/**
 * A map kept by an earlier release: its hashes of vCalendar 1.0 items are the fingerprints those
 * items had before they were described as their iCalendar 2.0 form. An item nobody touched must
 * still read as unchanged in every mode, the map must move to today's fingerprints, and a real
 * change must still be sent.
 */
import { describe, expect, it } from 'vitest';
import { describeItem, earlierFingerprints, type ItemContent } from '@atomsync/items';
import type { SyncMode } from '@atomsync/atom';
import { TestBinding } from './support/binding.js';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const phoneEvent = (rule: string): ItemContent => ({
  dataclass: 'Events',
  type: 'text/x-vcalendar',
  title: 'Standup',
  body: crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VEVENT', 'SUMMARY:Standup', 'DTSTART:20250203T090000Z', 'DTEND:20250203T091500Z', `RRULE:${rule}`, 'END:VEVENT', 'END:VCALENDAR'),
});

const NOTHING = { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 };

/** Two sides in step on one 1.0 event, the map holding its earlier fingerprint on both sides. */
async function keptByEarlierRelease(): Promise<{ b: TestBinding; today: string; earlier: string }> {
  const b = new TestBinding(undefined, undefined, 'source', ['Events']);
  b.source.create(phoneEvent('D1 #5'));
  expect((await b.sync(201)).stats.target.addsIn).toBe(1);
  const today = describeItem(phoneEvent('D1 #5')).fingerprint;
  const [earlier] = earlierFingerprints(phoneEvent('D1 #5'));
  expect(earlier).toBeDefined();
  for (const [key, entry] of b.map) b.map.set(key, { ...entry, sourceHash: earlier!, targetHash: earlier! });
  return { b, today, earlier: earlier! };
}

describe('a map hash that is an earlier fingerprint of the same content', () => {
  it.each<SyncMode>([201, 203, 205])('reads as unchanged in a full run (%i), and the map moves to today’s fingerprint', async (mode) => {
    const { b, today } = await keptByEarlierRelease();
    const outcome = await b.sync(mode);
    expect(outcome.stats).toMatchObject({ source: NOTHING, target: NOTHING, conflictsDetected: 0 });
    expect([...b.map.values()].map((e) => [e.sourceHash, e.targetHash])).toEqual([[today, today]]);
  });

  it('reads as an echo in a two-way run where one side reports it again: nothing is sent, and the map moves', async () => {
    const { b, today } = await keptByEarlierRelease();
    const [sourceId] = [...b.source.items.keys()];
    // Re-read past the anchor (a phone's re-send of the same item).
    b.source.edit(sourceId!, b.source.items.get(sourceId!)!.body);
    const outcome = await b.sync(200);
    expect(outcome.stats).toMatchObject({ source: NOTHING, target: NOTHING, conflictsDetected: 0 });
    expect([...b.map.values()].map((e) => [e.sourceHash, e.targetHash])).toEqual([[today, today]]);
  });

  it('in a slow sync, the other side’s real change wins over the untouched item, with no conflict', async () => {
    // The winner is the untouched side: were its earlier hash read as a change, its old version would win.
    const { b } = await keptByEarlierRelease();
    const [targetId] = [...b.target.items.keys()];
    const changed = phoneEvent('D1 #6');
    b.target.edit(targetId!, changed.body);
    const outcome = await b.sync(201);
    expect(outcome.stats.conflictsDetected).toBe(0);
    expect(outcome.stats.source.replacesIn).toBe(1);
    expect(b.source.bodies()).toEqual([changed.body]);
  });

  it('still sends a real change of one side, to the other side that kept the earlier hash', async () => {
    const { b } = await keptByEarlierRelease();
    const [sourceId] = [...b.source.items.keys()];
    const changed = phoneEvent('D1 #6');
    b.source.edit(sourceId!, changed.body);
    const outcome = await b.sync(200);
    expect(outcome.stats.target.replacesIn).toBe(1);
    expect(outcome.stats.conflictsDetected).toBe(0);
    expect(b.target.bodies()).toEqual([changed.body]);
    const fingerprint = describeItem(changed).fingerprint;
    expect([...b.map.values()].map((e) => [e.sourceHash, e.targetHash])).toEqual([[fingerprint, fingerprint]]);
  });

  it('lets a delete of the other side through, and does not bring the pair back', async () => {
    const { b } = await keptByEarlierRelease();
    const [sourceId] = [...b.source.items.keys()];
    const [targetId] = [...b.target.items.keys()];
    b.source.edit(sourceId!, b.source.items.get(sourceId!)!.body);
    b.target.remove(targetId!);
    const outcome = await b.sync(200);
    expect(outcome.stats.source.deletesIn).toBe(1);
    expect(b.source.bodies()).toEqual([]);
    expect(b.map.size).toBe(0);
  });
});
