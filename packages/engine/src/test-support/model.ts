/**
 * A model of the six modes that knows nothing of ids, anchors, fingerprints or the id map — only
 * logical items and which side a user touched since that side's changes were last sent — and
 * random command sequences to drive it and a real binding side by side. Used by the engine's
 * model test (memory sides) and the server's (datastore clients on a real store).
 */
import fc from 'fast-check';
import type { ConflictWinner, SyncMode } from '@atomsync/atom';

export type Side = 'source' | 'target';
const other = (side: Side): Side => (side === 'source' ? 'target' : 'source');

export type Command =
  | { readonly do: 'create'; readonly side: Side }
  | { readonly do: 'edit'; readonly side: Side; readonly pick: number }
  | { readonly do: 'delete'; readonly side: Side; readonly pick: number }
  | { readonly do: 'sync'; readonly mode: SyncMode };

const side = fc.constantFrom<Side>('source', 'target');
export const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: side.map((s) => ({ do: 'create' as const, side: s })) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('edit' as const), side, pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('delete' as const), side, pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.constantFrom<SyncMode>(200, 200, 201, 202, 203, 204, 205).map((mode) => ({ do: 'sync' as const, mode })) },
);

/** The model: per side, logical item → its body (absent: not on that side); and what is unsent. */
export class Model {
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

