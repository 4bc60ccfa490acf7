/**
 * describeAll (services/describe-pool.ts) has a batch described on a helper thread: its answer is
 * describeItem's on each item, in order, for batches below and above the size sent to the helper,
 * with several batches at once (requests describe while others write), and for items of every
 * kind, plain or odd.
 */
import { describeItem, type ItemContent } from '@atomsync/items';
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { describeAll, describedOnHelper } from '../../src/services/describe-pool.js';

function contact(i: number): ItemContent {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:Nilsson${i};Lars;Erik;;`, `FN:Lars Erik Nilsson ${i}`, `TEL;TYPE=CELL:+4673${String(1_000_000 + i).padStart(7, '0')}`];
  // Every third card is not plain (an escape, a group, a 2.1 card): the reference reader's share.
  if (i % 3 === 1) lines.push('NOTE:one\\, two');
  if (i % 3 === 2) lines.splice(1, 1, 'VERSION:2.1', 'item1.EMAIL;INTERNET:l@example.se');
  // Text beyond Latin-1 (two-byte strings in the engine), an astral character and an empty title:
  // the helper gets each item's fields back exactly.
  if (i % 4 === 3) lines.splice(2, 0, `ORG:Sjöström & Co 北京 ${'😀'.repeat(i % 3)}`);
  if (i % 11 === 10) return { dataclass: 'Contacts', title: '', type: 'text/vcard', body: lines.concat('END:VCARD').join('\r\n') };
  lines.push('END:VCARD');
  return { dataclass: 'Contacts', title: `Contact ${i}`, type: 'text/vcard', body: lines.join('\r\n') };
}

function event(i: number): ItemContent {
  const body = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', `UID:ev-${i}`, `SUMMARY:Meeting ${i}`, 'DTSTART:20240101T100000Z', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
  return { dataclass: 'Events', title: `Event ${i}`, type: 'text/calendar', body };
}

function mixed(n: number): ItemContent[] {
  return Array.from({ length: n }, (_, i) =>
    i % 5 === 4 ? event(i) : i % 7 === 6 ? { dataclass: 'Notes', title: `Note ${i}`, type: 'text/plain', body: `note ${i}\nsecond line` } : contact(i),
  );
}

describe('describeAll', () => {
  it.each([0, 1, 99, 100, 1_000, 2_345])('answers describeItem of each of %i items, in order', async (n) => {
    const items = mixed(n);
    expect(await describeAll(items)).toEqual(items.map(describeItem));
  });

  it('answers each of several batches described at once', async () => {
    const batches = [mixed(1_000), mixed(600).reverse(), mixed(250)];
    const answers = await Promise.all(batches.map(describeAll));
    answers.forEach((answer, b) => expect(answer).toEqual(batches[b]!.map(describeItem)));
  });

  it('has a batch of 100 or more described on the helper thread where there is a second core, else here', async () => {
    const before = describedOnHelper();
    const items = mixed(500);
    expect(await describeAll(items)).toEqual(items.map(describeItem));
    expect(describedOnHelper() - before).toBe(availableParallelism() > 1 ? 500 : 0);
  });

  it('describes a small batch here: the message would cost more than it saves', async () => {
    const before = describedOnHelper();
    const items = mixed(99);
    expect(await describeAll(items)).toEqual(items.map(describeItem));
    expect(describedOnHelper()).toBe(before);
  });
});
