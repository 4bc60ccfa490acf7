/**
 * The guards every XML reader of atomsync puts on saxes, written once (Atom bodies, SyncML
 * messages, Autodiscover requests, DAV bodies):
 *
 * - a DOCTYPE is refused outright, before any entity could be declared, let alone expanded or
 *   fetched: no body we read needs a DTD, and a DTD is the door to billion laughs and XXE;
 * - elements nest at most `maxDepth` deep, counted as each element opens, so a body of a million
 *   unclosed `<a>` stops at the first element past the cap and saxes' tag stack never grows past it;
 * - the parse stops at its first error: saxes, left to go on, would at a close tag matching no
 *   open one pop its whole stack with a complaint per element (quadratic over a deep document).
 *
 * What is refused is said by each protocol in its own form (its error class, its wording): the
 * guard hands `fail` a refusal with a plain message and the caller turns it into its error.
 * saxes keeps one handler per event, so the guard owns `doctype`, `error`, `opentag` and
 * `closetag`; the caller's element handlers are passed here (and get the depth), its `text` and
 * `cdata` handlers are set on the returned parser as usual. Setting `opentag`, `closetag`,
 * `doctype` or `error` on the returned parser would drop a guard.
 */
import { SaxesParser, type SaxesOptions, type TagForOptions } from 'saxes';

/** Why a guarded parse stopped. `message` is a plain sentence; `cause` is saxes' own error when it found the fault. */
export interface XmlRefusal {
  readonly kind: 'doctype' | 'depth' | 'malformed';
  readonly message: string;
  readonly cause?: Error;
}

export interface XmlGuard {
  /** How deep elements may nest (the document element is at depth 1). */
  readonly maxDepth: number;
  /** The protocol's own error for a refused body; the guard throws what it returns. */
  readonly fail: (refusal: XmlRefusal) => Error;
}

export interface GuardedHandlers<O extends SaxesOptions> {
  /** An element opened within the depth cap, at `depth` (the document element is 1). */
  readonly opentag: (tag: TagForOptions<O>, depth: number) => void;
  /** An element closed; `depth` is the depth it was opened at. */
  readonly closetag?: (tag: TagForOptions<O>, depth: number) => void;
}

/** A saxes parser with `options` and the guards on; feed it with `write(…).close()`. */
export function guardedSaxesParser<O extends SaxesOptions>(options: O, guard: XmlGuard, handlers: GuardedHandlers<O>): SaxesParser<O> {
  const parser = new SaxesParser<O>(options);
  const { maxDepth, fail } = guard;
  let depth = 0;
  parser.on('doctype', () => {
    throw fail({ kind: 'doctype', message: 'a DOCTYPE is not accepted' });
  });
  parser.on('error', (error) => {
    throw fail({ kind: 'malformed', message: `not well-formed XML: ${error.message}`, cause: error });
  });
  parser.on('opentag', (tag) => {
    if (++depth > maxDepth) throw fail({ kind: 'depth', message: `elements nested more than ${maxDepth} deep at ${parser.line}:${parser.column}` });
    handlers.opentag(tag, depth);
  });
  const { closetag } = handlers;
  parser.on('closetag', (tag) => {
    const closed = depth--;
    closetag?.(tag, closed);
  });
  return parser;
}
