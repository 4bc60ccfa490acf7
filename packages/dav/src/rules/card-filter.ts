/**
 * CARDDAV:filter evaluation (RFC 6352 §10.5): whether a vCard matches an addressbook-query's
 * filter, given its properties as (name, parameters, value) triples the caller read. The text
 * matches compare by the collations of RFC 4790 (§10.5.4: `i;unicode-casemap` is the default,
 * `i;ascii-casemap` folds ASCII only, `i;octet` compares exactly).
 */
import type { CardFilter, CardParamFilter, CardPropFilter, Collation, TextMatch } from '../requests/filters.js';

export interface CardProperty {
  /** Upper case, without a group (`item1.EMAIL` is `EMAIL`). */
  readonly name: string;
  /** Parameter names upper case → their values. */
  readonly params: ReadonlyMap<string, readonly string[]>;
  /** The value as written, unescaped as the reader does. */
  readonly value: string;
}

function fold(text: string, collation: Collation): string {
  if (collation === 'i;octet') return text;
  if (collation === 'i;ascii-casemap') return text.replace(/[a-z]/g, (c) => c.toUpperCase());
  return text.normalize('NFKD').toUpperCase();
}

/** One text-match against one value (RFC 6352 §10.5.4). */
export function textMatches(match: TextMatch, value: string): boolean {
  const needle = fold(match.text, match.collation);
  const hay = fold(value, match.collation);
  let hit: boolean;
  switch (match.matchType) {
    case 'equals':
      hit = hay === needle;
      break;
    case 'starts-with':
      hit = hay.startsWith(needle);
      break;
    case 'ends-with':
      hit = hay.endsWith(needle);
      break;
    default:
      hit = hay.includes(needle);
  }
  return match.negate ? !hit : hit;
}

function paramMatches(filter: CardParamFilter, property: CardProperty): boolean {
  const values = property.params.get(filter.name.toUpperCase());
  if (filter.isNotDefined) return values === undefined;
  if (values === undefined) return false;
  if (filter.textMatch === undefined) return true;
  return values.some((v) => textMatches(filter.textMatch!, v));
}

function propMatches(filter: CardPropFilter, properties: readonly CardProperty[]): boolean {
  const named = properties.filter((p) => p.name === filter.name.toUpperCase());
  if (filter.isNotDefined) return named.length === 0;
  if (named.length === 0) return false;
  const tests = [...filter.textMatches.map((m) => (p: CardProperty) => textMatches(m, p.value)), ...filter.paramFilters.map((f) => (p: CardProperty) => paramMatches(f, p))];
  if (tests.length === 0) return true;
  // The tests apply to one property instance at a time (§10.5.1): some instance passes them.
  return named.some((p) => (filter.test === 'allof' ? tests.every((t) => t(p)) : tests.some((t) => t(p))));
}

/** Whether a card with these properties matches the filter; an empty filter matches every card. */
export function matchesCardFilter(filter: CardFilter, properties: readonly CardProperty[]): boolean {
  if (filter.propFilters.length === 0) return true;
  const results = filter.propFilters.map((f) => propMatches(f, properties));
  return filter.test === 'allof' ? results.every(Boolean) : results.some(Boolean);
}
