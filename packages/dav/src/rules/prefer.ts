/**
 * What a client prefers in the answer: `Prefer: return=minimal` (RFC 7240, for PROPFIND and
 * REPORT RFC 8144 §2.1: leave out every propstat but the 200 one), its Microsoft ancestor
 * `Brief: t` (which iOS and macOS still send), and `Prefer: depth-noroot` (RFC 8144 §2.2: a
 * Depth: 1 answer without the collection's own response). The server echoes what it applied in
 * `Preference-Applied` (Brief has no such echo).
 */

export interface Preferences {
  /** Omit the non-200 propstats. */
  readonly minimal: boolean;
  /** Omit the request-URI's own response from a Depth: 1 answer. */
  readonly noRoot: boolean;
  /** The `Preference-Applied` value, undefined when nothing from `Prefer` was applied. */
  readonly applied: string | undefined;
}

/** The preferences of a request's Prefer and Brief headers (several Prefer headers arrive joined by commas). */
export function readPreferences(prefer: string | null | undefined, brief: string | null | undefined): Preferences {
  const tokens = new Set<string>();
  for (const part of (prefer ?? '').split(',')) {
    // Parameters after ';' do not change these preferences' meaning.
    const token = part.split(';')[0]!.trim().toLowerCase().replace(/\s*=\s*/, '=').replace(/"/g, '');
    if (token !== '') tokens.add(token);
  }
  const preferMinimal = tokens.has('return=minimal');
  const noRoot = tokens.has('depth-noroot');
  const briefMinimal = (brief ?? '').trim().toLowerCase() === 't';
  const applied = [preferMinimal ? 'return=minimal' : undefined, noRoot ? 'depth-noroot' : undefined].filter((x) => x !== undefined).join(', ');
  return { minimal: preferMinimal || briefMinimal, noRoot, applied: applied === '' ? undefined : applied };
}
