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
import type { ConflictWinner, SyncMode } from '@atomsync/atom';
import { TestBinding } from './support/binding.js';
import { MemorySide, note } from './support/memory.js';

type Side = 'source' | 'target';
const other = (side: Side): Side => (side === 'source' ? 'target' : 'source');

type Command =
  | { readonly do: 'create'; readonly side: Side }
  | { readonly do: 'edit'; readonly side: Side; readonly pick: number }
  | { readonly do: 'delete'; readonly side: Side; readonly pick: number }
  | { readonly do: 'sync'; readonly mode: SyncMode };

const side = fc.constantFrom<Side>('source', 'target');
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: side.map((s) => ({ do: 'create' as const, side: s })) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('edit' as const), side, pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('delete' as const), side, pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.constantFrom<SyncMode>(200, 200, 201, 202, 203, 204, 205).map((mode) => ({ do: 'sync' as const, mode })) },
);

/** The model: per side, logical item → its body (absent: not on that side); and what is unsent. */
class Model {
  readonly state: Record<Side, Map<string, string>> = { source: new Map(), target: new Map() };
  /** Logical items a user touched on a side since that side's changes were last sent. */
  readonly dirty: Record<Side, Set<string>> = { source: new Set(), target: new Set() };
  private synced = false;

  constructor(readonly winner: ConflictWinner) {}

  touch(s: Side, logical: string, body: string | undefined): void {
    if (body === undefined) this.state[s].delete(logical);
    else this.state[s].set(logical, body);
    this.dirty[s].add(logical);
  }

  /** What a run of `asked` does, in terms of logical items. */
  sync(asked: SyncMode): SyncMode {
    const mode = !this.synced && asked !== 203 && asked !== 205 ? 201 : asked;
    this.synced = true;
    const all = new Set([...this.state.source.keys(), ...this.state.target.keys(), ...this.dirty.source, ...this.dirty.target]);
    const set = (s: Side, l: string, body: string | undefined) => (body === undefined ? this.state[s].delete(l) : this.state[s].set(l, body));
    for (const l of all) {
      const v = { source: this.state.source.get(l), target: this.state.target.get(l) };
      const d = { source: this.dirty.source.has(l), target: this.dirty.target.has(l) };
      if (mode === 203 || mode === 205) {
        const from: Side = mode === 203 ? 'source' : 'target';
        set(other(from), l, v[from]);
      } else if (mode === 201) {
        if (v.source !== undefined && v.target !== undefined && v.source !== v.target) {
          const wins: Side = d.source && !d.target ? 'source' : d.target && !d.source ? 'target' : this.winner;
          set(other(wins), l, v[wins]);
        } else if (v.source === undefined && v.target !== undefined) set('source', l, v.target);
        else if (v.target === undefined && v.source !== undefined) set('target', l, v.source);
      } else {
        const sends = (s: Side) => mode === 200 || (mode === 202 && s === 'source') || (mode === 204 && s === 'target');
        if (d.source && d.target) {
          if (v.source !== v.target && sends(this.winner)) set(other(this.winner), l, v[this.winner]);
        } else if (d.source || d.target) {
          const from: Side = d.source ? 'source' : 'target';
          if (sends(from)) set(other(from), l, v[from]);
        }
      }
    }
    // What was sent is no longer unsent; a side the run overwrote, or that now agrees with the
    // other, has nothing of its own left to send.
    for (const s of ['source', 'target'] as const) {
      const sent = mode === 200 || mode === 201 || mode === 203 || mode === 205 || (mode === 202 && s === 'source') || (mode === 204 && s === 'target');
      if (sent) this.dirty[s].clear();
      else for (const l of [...this.dirty[s]]) if (this.state.source.get(l) === this.state.target.get(l)) this.dirty[s].delete(l);
    }
    return mode;
  }

  bodies(s: Side): string[] {
    return [...this.state[s].values()].sort();
  }
}

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
      fc.asyncProperty(fc.array(command, { maxLength: 80 }), fc.constantFrom<ConflictWinner>('source', 'target'), (commands, winner) => check(commands, winner, false)),
      { numRuns: 1000 },
    );
  });

  it('the same with a remote target (applied before the local transaction)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 80 }), fc.constantFrom<ConflictWinner>('source', 'target'), (commands, winner) => check(commands, winner, true)),
      { numRuns: 500 },
    );
  });
});
