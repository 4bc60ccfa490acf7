/**
 * A binding for engine tests: two memory sides and the engine state kept between runs the way the
 * server's store keeps it (remove, then upsert by source id, displacing a row holding the target id).
 */
import type { ConflictWinner, SyncMode } from '@atomsync/atom';
import { synchronize, type Anchors, type MapEntry, type StateChange, type SyncOutcome } from '@atomsync/engine';
import type { ItemDataclass } from '@atomsync/items';
import { MemorySide } from './memory.js';

export class TestBinding {
  readonly map = new Map<string, MapEntry>();
  anchors: Anchors = { source: null, target: null };
  /** Set false to make the commit fail (a local failure after the remote side was applied). */
  commitFails = false;

  constructor(
    readonly source = new MemorySide('s'),
    readonly target = new MemorySide('t'),
    public winner: ConflictWinner = 'source',
    readonly dataclasses: readonly ItemDataclass[] = ['Notes'],
  ) {}

  async sync(mode: SyncMode): Promise<SyncOutcome> {
    return synchronize({
      mode,
      dataclasses: this.dataclasses,
      conflictWinner: this.winner,
      source: this.source,
      target: this.target,
      state: { map: [...this.map.values()].filter((e) => this.dataclasses.includes(e.dataclass)), anchors: this.anchors },
      commit: async (work) => {
        const outcome = await work();
        if (this.commitFails) throw new Error('commit failed');
        this.save(outcome.state);
        return outcome;
      },
    });
  }

  private save(change: StateChange): void {
    for (const { sourceId } of change.remove) this.map.delete(sourceId);
    for (const entry of change.upsert) {
      for (const [key, other] of this.map) if (other.targetId === entry.targetId && key !== entry.sourceId) this.map.delete(key);
      this.map.set(entry.sourceId, entry);
    }
    this.anchors = change.anchors;
  }
}
