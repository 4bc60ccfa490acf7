/**
 * PROPFIND (RFC 4918 §9.1) as a plan the server walks: the Depth it is answered at (infinity as 1,
 * rules/depth.ts), what is asked (allprop, propname or prop: unknown properties come back in a 404
 * propstat, properties.ts), whether the 404 propstats are left out (`Prefer: return=minimal`,
 * `Brief: t`: RFC 8144 §2.1) and whether the resource's own response is (`Prefer: depth-noroot`,
 * RFC 8144 §2.2), and the headers of the answer.
 */
import type { PropSelection } from '../requests/common.js';
import { readPropfind } from '../requests/propfind.js';
import { propfindDepth } from '../rules/depth.js';
import type { ResourceKind } from '../rules/options.js';
import { readPreferences } from '../rules/prefer.js';

/** A request's headers, as the Fetch API's Headers give them. */
export interface RequestHeaders {
  get(name: string): string | null;
}

/**
 * The answer's headers beside the multistatus: it depends on Brief and Prefer, so caches keep the
 * forms apart (RFC 8144 §3).
 */
export const VARY_PREFERENCES = { vary: 'Brief, Prefer' } as const;

/** The kinds whose members a Depth: 1 lists: the homes (their collections) and the collections (their items). The root and the principal list none: discovery goes by their properties. */
const LISTING: ReadonlySet<ResourceKind> = new Set(['addressbook-home', 'calendar-home', 'addressbook', 'calendar']);

export interface PropfindPlan {
  readonly depth: 0 | 1;
  readonly selection: PropSelection;
  /** Leave out every propstat but the 200 one. */
  readonly minimal: boolean;
  readonly headers: Readonly<Record<string, string>>;
  /** What the answer holds on a resource of this kind: its own response, its members' responses. */
  answers(kind: ResourceKind): { readonly self: boolean; readonly members: boolean };
}

/**
 * The plan of a PROPFIND. The Depth header is checked before the body is read (a bad Depth is a 400
 * whatever the body); `body` reads it (bounded by the caller).
 */
export async function planPropfind(headers: RequestHeaders, body: () => Promise<Uint8Array | string | undefined>): Promise<PropfindPlan> {
  const depth = propfindDepth(headers.get('depth'), 'as-one');
  const selection = readPropfind(await body());
  const prefs = readPreferences(headers.get('prefer'), headers.get('brief'));
  return {
    depth,
    selection,
    minimal: prefs.minimal,
    headers: prefs.applied === undefined ? VARY_PREFERENCES : { 'preference-applied': prefs.applied, ...VARY_PREFERENCES },
    answers(kind) {
      // depth-noroot drops the resource's own response from a Depth: 1 answer; an item is its own answer.
      const item = kind === 'vcard' || kind === 'icalendar';
      return { self: item || !(depth === 1 && prefs.noRoot), members: depth === 1 && LISTING.has(kind) };
    },
  };
}
