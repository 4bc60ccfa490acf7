/**
 * Every realistic twin pair (fixtures/twins.ts) describes as one item: same duplicate key, same
 * fingerprint, and a key at all (a twin pair with no key would never be matched).
 */
import { describe, expect, it } from 'vitest';
import { describeItem } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';

describe('twin pairs: one rewrite each, one description', () => {
  it.each(TWIN_PAIRS.map((p) => [p.name, p] as const))('%s', (_, pair) => {
    const a = describeItem({ dataclass: pair.dataclass, type: pair.type, title: '', body: pair.a });
    const b = describeItem({ dataclass: pair.dataclass, type: pair.type, title: '', body: pair.b });
    expect(a.key).not.toBeNull();
    expect(a.key?.startsWith(`${pair.dataclass}|`)).toBe(true);
    expect(b.key).toBe(a.key);
    expect(b.fingerprint).toBe(a.fingerprint);
  });

  it('covers every dataclass', () => {
    expect(new Set(TWIN_PAIRS.map((p) => p.dataclass))).toEqual(new Set(['Contacts', 'Events', 'Tasks', 'Notes']));
  });
});
