/**
 * ETags and the conditional headers (RFC 9110 §8.8.3, §13.1.1–13.1.2, §13.2.2), as CardDAV/CalDAV
 * clients rely on them: our ETags are strong, quoted, and compared byte for byte (a client stores
 * the string and sends it back; nothing is normalised). If-Match uses the strong comparison (a weak
 * tag never matches); If-None-Match the weak one (W/"x" matches "x"). `*` matches any current
 * representation. A header that does not parse matches nothing: the request is refused (412),
 * never applied blindly.
 */

export interface EntityTag {
  readonly weak: boolean;
  /** The opaque tag between the quotes. */
  readonly opaque: string;
}

export type EtagCondition = '*' | readonly EntityTag[];

/** A strong ETag's header form: the tag quoted. `opaque` must be ETag characters (no `"`). */
export function formatEtag(opaque: string): string {
  if (!/^[\x21\x23-\x7E\x80-\xFF]*$/.test(opaque)) throw new RangeError(`an entity tag holds no quote, space or control: ${JSON.stringify(opaque)}`);
  return `"${opaque}"`;
}

/** The entity tags of an If-Match/If-None-Match value (RFC 9110 §8.8.3 grammar); undefined when it does not parse. */
export function parseEtagCondition(header: string): EtagCondition | undefined {
  const value = header.trim();
  if (value === '*') return '*';
  const tags: EntityTag[] = [];
  const re = /\s*(W\/)?"([\x21\x23-\x7E\x80-\xFF]*)"\s*(,|$)/y;
  let at = 0;
  while (at < value.length) {
    re.lastIndex = at;
    const m = re.exec(value);
    if (!m) return undefined;
    tags.push({ weak: m[1] !== undefined, opaque: m[2]! });
    at = re.lastIndex;
    if (m[3] === '' ) break;
  }
  return tags.length === 0 ? undefined : tags;
}

/** The tag of a stored representation, in header form ("…"), or null when the href holds nothing. */
export type CurrentEtag = string | null;

function opaqueOf(current: string): string {
  return current.startsWith('"') && current.endsWith('"') ? current.slice(1, -1) : current;
}

/** If-Match (RFC 9110 §13.1.1): true when the request may go on. */
export function ifMatchHolds(header: string | null | undefined, current: CurrentEtag): boolean {
  if (header === null || header === undefined) return true;
  const condition = parseEtagCondition(header);
  if (condition === undefined || current === null) return false;
  if (condition === '*') return true;
  const opaque = opaqueOf(current);
  return condition.some((t) => !t.weak && t.opaque === opaque);
}

/** If-None-Match (RFC 9110 §13.1.2): true when the request may go on. */
export function ifNoneMatchHolds(header: string | null | undefined, current: CurrentEtag): boolean {
  if (header === null || header === undefined) return true;
  const condition = parseEtagCondition(header);
  if (condition === undefined) return false;
  if (current === null) return true;
  if (condition === '*') return false;
  const opaque = opaqueOf(current);
  return !condition.some((t) => t.opaque === opaque);
}

export type ConditionalOutcome = 'proceed' | 'not-modified' | 'precondition-failed';

/**
 * The conditional headers of one request evaluated in RFC 9110 §13.2.2's order: If-Match, then
 * If-None-Match; a failed If-None-Match on GET/HEAD is 304, on anything else 412. This is what
 * gives `PUT` with `If-None-Match: *` its "create only" meaning (412 when the href exists), and
 * `PUT`/`DELETE` with a stale `If-Match` its 412; without either header the request proceeds
 * (Thunderbird sends neither).
 */
export function evaluateConditions(method: string, headers: { readonly ifMatch?: string | null; readonly ifNoneMatch?: string | null }, current: CurrentEtag): ConditionalOutcome {
  if (!ifMatchHolds(headers.ifMatch, current)) return 'precondition-failed';
  if (!ifNoneMatchHolds(headers.ifNoneMatch, current)) {
    const safe = method === 'GET' || method === 'HEAD';
    return safe ? 'not-modified' : 'precondition-failed';
  }
  return 'proceed';
}
