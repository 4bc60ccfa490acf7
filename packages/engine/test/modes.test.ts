/** Each mode on small, explicit scenarios: what moves where, the map, the anchors and the statistics. */
import { describe, expect, it } from 'vitest';
import { SyncFailure } from '@atomsync/engine';
import { TestBinding } from './support/binding.js';
import { MemorySide, note } from './support/memory.js';

async function synced(winner: 'source' | 'target' = 'source'): Promise<TestBinding> {
  const b = new TestBinding(undefined, undefined, winner);
  b.source.create(note('alpha'));
  b.source.create(note('beta'));
  b.target.create(note('gamma'));
  const first = await b.sync(200);
  expect(first.mode).toBe(201);
  return b;
}

describe('first run', () => {
  it('runs as a slow sync whatever two-way or one-way mode was asked, and ends with the union', async () => {
    for (const mode of [200, 201, 202, 204] as const) {
      const b = new TestBinding();
      b.source.create(note('alpha'));
      b.target.create(note('gamma'));
      const outcome = await b.sync(mode);
      expect(outcome.mode).toBe(201);
      expect(b.source.bodies()).toEqual(['alpha', 'gamma']);
      expect(b.target.bodies()).toEqual(['alpha', 'gamma']);
      expect(outcome.stats.source).toMatchObject({ addsIn: 1, addsOut: 1 });
      expect(outcome.stats.target).toMatchObject({ addsIn: 1, addsOut: 1 });
      expect(b.map.size).toBe(2);
      expect(b.anchors.source).not.toBeNull();
    }
  });

  it('runs a refresh as asked', async () => {
    const b = new TestBinding();
    b.source.create(note('alpha'));
    b.target.create(note('gamma'));
    const outcome = await b.sync(203);
    expect(outcome.mode).toBe(203);
    expect(b.target.bodies()).toEqual(['alpha']);
    expect(outcome.stats.target).toMatchObject({ addsIn: 1, deletesIn: 1 });
    expect(outcome.stats.source).toMatchObject({ addsOut: 1, deletesOut: 1, addsIn: 0 });
  });
});

describe('two-way (200)', () => {
  it('moves nothing when nothing changed, even though the sides re-read their own writes', async () => {
    const b = await synced();
    const again = await b.sync(200);
    expect(again.mode).toBe(200);
    expect(again.stats).toEqual({
      source: { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 },
      target: { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 },
      duplicatesDetected: 0,
      duplicatesRemoved: 0,
      conflictsDetected: 0,
    });
  });

  it('sends adds, replaces and deletes both ways and counts them per side', async () => {
    const b = await synced();
    const [alpha] = [...b.source.items.values()].filter((i) => i.body === 'alpha');
    const [gammaOnTarget] = [...b.target.items.values()].filter((i) => i.body === 'gamma');
    b.source.edit(alpha!.id, 'alpha 2');
    b.target.remove(gammaOnTarget!.id);
    b.target.create(note('delta'));
    const outcome = await b.sync(200);
    expect(b.source.bodies()).toEqual(['alpha 2', 'beta', 'delta']);
    expect(b.target.bodies()).toEqual(['alpha 2', 'beta', 'delta']);
    expect(outcome.stats.source).toEqual({ addsIn: 1, replacesIn: 0, deletesIn: 1, addsOut: 0, replacesOut: 1, deletesOut: 0 });
    expect(outcome.stats.target).toEqual({ addsIn: 0, replacesIn: 1, deletesIn: 0, addsOut: 1, replacesOut: 0, deletesOut: 1 });
    expect(outcome.stats.conflictsDetected).toBe(0);
  });

  for (const winner of ['source', 'target'] as const) {
    it(`resolves an edit/edit conflict to the ${winner}'s version on both sides`, async () => {
      const b = await synced(winner);
      const s = [...b.source.items.values()].find((i) => i.body === 'beta')!;
      const t = [...b.target.items.values()].find((i) => i.body === 'beta')!;
      b.source.edit(s.id, 'beta from source');
      b.target.edit(t.id, 'beta from target');
      const outcome = await b.sync(200);
      const expected = winner === 'source' ? 'beta from source' : 'beta from target';
      expect(b.source.items.get(s.id)?.body).toBe(expected);
      expect(b.target.items.get(t.id)?.body).toBe(expected);
      expect(outcome.stats.conflictsDetected).toBe(1);
      expect((await b.sync(200)).stats.conflictsDetected).toBe(0);
    });

    it(`resolves an edit/delete conflict to the ${winner}'s side`, async () => {
      const b = await synced(winner);
      const s = [...b.source.items.values()].find((i) => i.body === 'beta')!;
      const t = [...b.target.items.values()].find((i) => i.body === 'beta')!;
      b.source.edit(s.id, 'beta edited');
      b.target.remove(t.id);
      const outcome = await b.sync(200);
      expect(outcome.stats.conflictsDetected).toBe(1);
      if (winner === 'source') {
        expect(b.target.bodies()).toContain('beta edited'); // re-added
        expect(outcome.stats.target.addsIn).toBe(1);
      } else {
        expect(b.source.bodies()).not.toContain('beta edited');
        expect(outcome.stats.source.deletesIn).toBe(1);
      }
      expect(b.source.bodies()).toEqual(b.target.bodies());
    });
  }

  it('matches twins among new items instead of doubling them', async () => {
    const b = await synced();
    b.source.create(note('same new note'));
    b.target.create(note('same new note'));
    const outcome = await b.sync(200);
    expect(b.source.bodies().filter((x) => x === 'same new note')).toHaveLength(1);
    expect(b.target.bodies().filter((x) => x === 'same new note')).toHaveLength(1);
    expect(outcome.stats.duplicatesDetected).toBe(1);
    expect(outcome.stats.source.addsOut).toBe(1);
    expect(outcome.stats.target.addsIn).toBe(0);
  });
});

describe('one-way (202, 204)', () => {
  it('202 sends the source changes only; the target ones wait for a run that sends them', async () => {
    const b = await synced();
    b.source.create(note('from source'));
    b.target.create(note('from target'));
    const outcome = await b.sync(202);
    expect(outcome.mode).toBe(202);
    expect(b.target.bodies()).toContain('from source');
    expect(b.source.bodies()).not.toContain('from target');
    expect(outcome.stats.target.addsIn).toBe(1);
    expect(outcome.stats.source.addsIn).toBe(0);
    await b.sync(200);
    expect(b.source.bodies()).toContain('from target');
    expect(b.source.bodies()).toEqual(b.target.bodies());
  });

  it('204 sends the target changes only', async () => {
    const b = await synced();
    b.source.create(note('from source'));
    b.target.create(note('from target'));
    await b.sync(204);
    expect(b.source.bodies()).toContain('from target');
    expect(b.target.bodies()).not.toContain('from source');
  });

  it('a conflict the unsent side wins is applied on the next run that sends it', async () => {
    const b = await synced('target');
    const s = [...b.source.items.values()].find((i) => i.body === 'beta')!;
    const t = [...b.target.items.values()].find((i) => i.body === 'beta')!;
    b.source.edit(s.id, 'beta from source');
    b.target.edit(t.id, 'beta from target');
    const oneWay = await b.sync(202);
    expect(oneWay.stats.conflictsDetected).toBe(1);
    expect(b.target.items.get(t.id)?.body).toBe('beta from target');
    expect(b.source.items.get(s.id)?.body).toBe('beta from source');
    await b.sync(200);
    expect(b.source.items.get(s.id)?.body).toBe('beta from target');
  });
});

describe('slow (201)', () => {
  it('is a union: it never deletes, and reconciles pairs by which side changed', async () => {
    const b = await synced('target');
    const s = [...b.source.items.values()].find((i) => i.body === 'alpha')!;
    const t = [...b.target.items.values()].find((i) => i.body === 'beta')!;
    b.source.edit(s.id, 'alpha changed on source');
    b.target.remove(t.id);
    const outcome = await b.sync(201);
    expect(outcome.mode).toBe(201);
    expect(b.target.bodies()).toEqual(['alpha changed on source', 'beta', 'gamma']);
    expect(b.source.bodies()).toEqual(b.target.bodies());
    expect(outcome.stats.conflictsDetected).toBe(0);
  });

  it('removes a second identical copy on one side and counts it', async () => {
    const b = new TestBinding();
    b.source.create(note('twice'));
    b.source.create(note('twice'));
    b.target.create(note('twice'));
    const outcome = await b.sync(201);
    expect(b.source.bodies()).toEqual(['twice']);
    expect(b.target.bodies()).toEqual(['twice']);
    expect(outcome.stats).toMatchObject({ duplicatesDetected: 2, duplicatesRemoved: 1 });
    expect(outcome.stats.source.deletesIn).toBe(1);
  });
});

describe('refresh (203, 205)', () => {
  it('205 makes the source an exact copy of the target', async () => {
    const b = await synced();
    b.source.create(note('only on source'));
    const t = [...b.target.items.values()].find((i) => i.body === 'alpha')!;
    b.target.edit(t.id, 'alpha from target');
    await b.sync(205);
    expect(b.source.bodies()).toEqual(b.target.bodies());
    expect(b.source.bodies()).not.toContain('only on source');
  });
});

describe('failures', () => {
  it('a remote side failing leaves the local side, the map and the anchors untouched; the next run completes', async () => {
    const b = new TestBinding(new MemorySide('s', true), new MemorySide('t', false, 'extdata'));
    b.source.create(note('alpha'));
    await b.sync(200);
    const map = new Map(b.map);
    const anchors = b.anchors;
    b.source.create(note('beta'));
    b.target.create(note('gamma'));
    b.target.failApply = new Error('remote down');
    await expect(b.sync(200)).rejects.toThrow('remote down');
    expect(b.source.bodies()).toEqual(['alpha', 'beta']);
    expect(b.map).toEqual(map);
    expect(b.anchors).toBe(anchors);
    b.target.failApply = undefined;
    await b.sync(200);
    expect(b.source.bodies()).toEqual(['alpha', 'beta', 'gamma']);
    expect(b.target.bodies()).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('a refused item fails the run with its reason', async () => {
    const b = new TestBinding();
    b.source.create(note('alpha'));
    b.target.apply = async (changes) => changes.map(() => ({ ok: false, reason: 'quota exceeded' }));
    await expect(b.sync(201)).rejects.toThrow(SyncFailure);
    await expect(b.sync(201)).rejects.toThrow(/quota exceeded/);
  });

  it('an item changed while the run read it is left alone and compared again next run', async () => {
    const b = await synced('source');
    const s = [...b.source.items.values()].find((i) => i.body === 'alpha')!;
    const t = [...b.target.items.values()].find((i) => i.body === 'alpha')!;
    b.source.edit(s.id, 'alpha from source');
    // The target's user edits the item after the engine read the target side.
    const read = b.target.changesSince.bind(b.target);
    b.target.changesSince = async (classes, anchor) => {
      const listing = await read(classes, anchor);
      b.target.edit(t.id, 'alpha edited during the run');
      return listing;
    };
    const racing = await b.sync(200);
    expect(racing.stats.target.replacesIn).toBe(0);
    expect(b.target.items.get(t.id)?.body).toBe('alpha edited during the run');
    b.target.changesSince = read;
    const next = await b.sync(200);
    expect(next.stats.conflictsDetected).toBe(1);
    expect(b.target.items.get(t.id)?.body).toBe('alpha from source');
    expect(b.source.bodies()).toEqual(b.target.bodies());
  });
});

describe('anchors a side settles', () => {
  /** A remote side whose anchor would hold per-item state: it is handed the anchor the run keeps, after apply. */
  class SettlingSide extends MemorySide {
    readonly handed: { anchor: string; itemsThen: number }[] = [];
    settle(anchor: string): string {
      this.handed.push({ anchor, itemsThen: this.items.size });
      return `settled:${anchor}`;
    }
  }

  it('stores what the side answers for the anchor the run keeps, once its writes are applied; a side without settle keeps its own', async () => {
    const target = new SettlingSide('t', false, 'extdata');
    const b = new TestBinding(undefined, target);
    b.source.create(note('alpha'));
    b.source.create(note('beta'));
    const outcome = await b.sync(201);
    expect(outcome.stats.target).toMatchObject({ addsIn: 2 });
    expect(target.handed).toEqual([{ anchor: '0', itemsThen: 2 }]);
    expect(b.anchors.target).toBe('settled:0');
    expect(b.anchors.source).toBe('2');
  });
});
