/**
 * Autodiscover for mobile sync (MS-ASCMD §2.2.1.1 / the "mobilesync" schemas): a phone set up
 * with an e-mail address and a password posts the address to /autodiscover/autodiscover.xml and
 * reads back where its ActiveSync server is. The request is read with saxes under @atomsync/atom's
 * guards (linear, depth-capped, no DOCTYPE); the answer is written by hand — it is three fixed levels of text.
 */
import { escapeText } from '@atomsync/atom';
import { guardedSaxesParser } from '@atomsync/atom/xml-guard';

export const AUTODISCOVER_REQUEST_NS = 'http://schemas.microsoft.com/exchange/autodiscover/mobilesync/requestschema/2006';
export const AUTODISCOVER_RESPONSE_SCHEMA = 'http://schemas.microsoft.com/exchange/autodiscover/mobilesync/responseschema/2006';
const OUTER_RESPONSE_NS = 'http://schemas.microsoft.com/exchange/autodiscover/responseschema/2006';

/** Nesting past this is no Autodiscover request (it nests three deep). */
const MAX_DEPTH = 16;

/**
 * Elements in all, and children of one element, past which a body is no Autodiscover request: a
 * request is Autodiscover/Request/{EMailAddress, AcceptableResponseSchema}, four elements, and
 * what phones send adds nothing; eight times over leaves room for a client's extension elements.
 * The body is at most 64 KiB (the server's autodiscover.ts), so without these it could hold
 * 16,000 elements to walk.
 */
export const AUTODISCOVER_MAX_ELEMENTS = 32;
export const AUTODISCOVER_MAX_CHILDREN = 16;

export class AutodiscoverRequestError extends Error {
  override readonly name = 'AutodiscoverRequestError';
}

export interface AutodiscoverRequest {
  readonly emailAddress: string;
  readonly acceptableResponseSchema: string;
}

/**
 * Reads the request's EMailAddress and AcceptableResponseSchema; anything malformed is
 * AutodiscoverRequestError. The parse stops at the first fault (a handler throws): nothing past a
 * DOCTYPE, the depth or the width bounds is read.
 */
export function readAutodiscoverRequest(xml: string): AutodiscoverRequest {
  const path: string[] = [];
  /** Children so far of each open element (children[0]: the document's). */
  const children: number[] = [0];
  let elements = 0;
  const found: Record<string, string> = {};
  let failure: string | undefined;
  const stop = (why: string): never => {
    throw new AutodiscoverRequestError(`not an Autodiscover request: ${why}`);
  };
  const parser = guardedSaxesParser(
    { xmlns: false },
    {
      maxDepth: MAX_DEPTH,
      fail: ({ kind, message, cause }) =>
        new AutodiscoverRequestError(`not an Autodiscover request: ${kind === 'depth' ? `elements nest deeper than ${MAX_DEPTH}` : kind === 'malformed' ? cause!.message : message}`),
    },
    {
      opentag: (tag) => {
        if (++elements > AUTODISCOVER_MAX_ELEMENTS) stop(`more than ${AUTODISCOVER_MAX_ELEMENTS} elements`);
        if (++children[children.length - 1]! > AUTODISCOVER_MAX_CHILDREN) stop(`more than ${AUTODISCOVER_MAX_CHILDREN} children in one element`);
        path.push(tag.name.slice(tag.name.indexOf(':') + 1));
        children.push(0);
      },
      closetag: () => {
        path.pop();
        children.pop();
      },
    },
  );
  parser.on('text', (text) => {
    const name = path.at(-1);
    if (path.length === 3 && path[1] === 'Request' && (name === 'EMailAddress' || name === 'AcceptableResponseSchema')) found[name] = (found[name] ?? '') + text;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof AutodiscoverRequestError) throw error;
    failure ??= String(error);
  }
  if (failure !== undefined) throw new AutodiscoverRequestError(`not an Autodiscover request: ${failure}`);
  const emailAddress = (found.EMailAddress ?? '').trim();
  if (emailAddress === '') throw new AutodiscoverRequestError('the Autodiscover request has no Request/EMailAddress');
  return { emailAddress, acceptableResponseSchema: (found.AcceptableResponseSchema ?? '').trim() };
}

/** Element text, escaped by @atomsync/atom's escaper (what XML cannot carry becomes U+FFFD). */
const escape = (text: string): string => escapeText(text, 'replace');

/** Where the phone's server is: the mobilesync answer. */
export function autodiscoverResponse(answer: { emailAddress: string; displayName?: string; url: string }): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<Autodiscover xmlns="${OUTER_RESPONSE_NS}">`,
    `<Response xmlns="${AUTODISCOVER_RESPONSE_SCHEMA}">`,
    '<Culture>en:us</Culture>',
    `<User><DisplayName>${escape(answer.displayName ?? answer.emailAddress)}</DisplayName><EMailAddress>${escape(answer.emailAddress)}</EMailAddress></User>`,
    `<Action><Settings><Server><Type>MobileSync</Type><Url>${escape(answer.url)}</Url><Name>${escape(answer.url)}</Name></Server></Settings></Action>`,
    '</Response>',
    '</Autodiscover>',
    '',
  ].join('\n');
}

/** A request we cannot answer: error 600 (invalid request) or 601 (the response schema is not one we give). */
export function autodiscoverError(code: 600 | 601, message: string): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<Autodiscover xmlns="${OUTER_RESPONSE_NS}">`,
    `<Response xmlns="${AUTODISCOVER_RESPONSE_SCHEMA}">`,
    `<Error Time="${new Date().toISOString().slice(11, 19)}" Id="1"><ErrorCode>${code}</ErrorCode><Message>${escape(message)}</Message><DebugData/></Error>`,
    '</Response>',
    '</Autodiscover>',
    '',
  ].join('\n');
}
