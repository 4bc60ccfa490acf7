/**
 * Model-based property test: random interleavings of creates, edits and deletes on both sides with
 * syncs in random modes, against a model that knows nothing of ids, anchors, fingerprints or the id
 * map — only logical items and which side a user touched since that side's changes were last sent.
 *
 * Every body a user writes is new (`L3.v2`), so a body names its logical item wherever it appears.
 * After each run the two real sides must be exactly what the model predicts; after any run that
 * sends both ways (200, 201, 203, 205) another two-way run must move nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConflictWinner } from '@atomsync/atom';
import { command, Model, type Command } from '@atomsync/engine/test-support';
import { TestBinding } from './support/binding.js';
import { MemorySide, note } from './support/memory.js';

async function check(commands: readonly Command[], winner: ConflictWinner, remoteTarget: boolean): Promise<void> {
  const binding = new TestBinding(new MemorySide('s', true), new MemorySide('t', !remoteTarget, remoteTarget ? 'extdata' : 'datastore'), winner);
  const model = new Model(winner);
  const sides = { source: binding.source, target: binding.target };
  let next = 0;
  const logicalOf = (body: string) => body.split('.')[0]!;
  for (const cmd of commands) {
    if (cmd.do === 'sync') {
      const outcome = await binding.sync(cmd.mode);
      expect(outcome.mode).toBe(model.sync(cmd.mode));
      expect(binding.source.bodies()).toEqual(model.bodies('source'));
      expect(binding.target.bodies()).toEqual(model.bodies('target'));
      if (cmd.mode !== 202 && cmd.mode !== 204) {
        expect(binding.source.bodies()).toEqual(binding.target.bodies());
        const again = await binding.sync(200);
        expect(again.stats.source).toEqual({ addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 });
        expect(again.stats.target).toEqual({ addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 });
        expect(again.stats.conflictsDetected).toBe(0);
        model.sync(200);
      }
      continue;
    }
    const on = sides[cmd.side];
    if (cmd.do === 'create') {
      const l = `L${next++}`;
      const body = `${l}.v0`;
      on.create(note(body));
      model.touch(cmd.side, l, body);
      continue;
    }
    const items = [...on.items.values()];
    if (items.length === 0) continue;
    const item = items[cmd.pick % items.length]!;
    const l = logicalOf(item.body);
    if (cmd.do === 'edit') {
      const body = `${l}.v${next++}`;
      on.edit(item.id, body);
      model.touch(cmd.side, l, body);
    } else {
      on.remove(item.id);
      model.touch(cmd.side, l, undefined);
    }
  }
}

describe('the engine against a model of the modes', () => {
  it('random interleavings of edits and syncs end exactly where the model says, both sides local', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 80, size: 'max' }), fc.constantFrom<ConflictWinner>('source', 'target'), (commands, winner) => check(commands, winner, false)),
      { numRuns: 1000 },
    );
  });

  it('the same with a remote target (applied before the local transaction)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 80, size: 'max' }), fc.constantFrom<ConflictWinner>('source', 'target'), (commands, winner) => check(commands, winner, true)),
      { numRuns: 500 },
    );
  });
});
