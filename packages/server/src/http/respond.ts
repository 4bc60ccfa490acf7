/**
 * Writing the answer on the h3 event: status, reason and headers go on `event.res`, the body is
 * returned as a string (with h3 2, 2.7× faster than a Response object for large bodies). Success bodies come from the
 * operation's generated response codec; every failure is the error document (guide/protocol.md#error-body).
 *
 * A conditional GET (the spec's If-None-Match, `OperationSpec.conditional`) answers with an
 * `ETag`, and with 304 Not Modified and no body when the request's If-None-Match names it
 * (@atomsync/atom conditional.ts: the tag of the bytes sent, so a changed answer never matches).
 * A feed answered in pages (http/feed-stream.ts) is streamed, untagged. An answer a handler kept
 * (http/answer-cache.ts) is sent as it was written (or as 304, when only its tag was kept); one it
 * asks to keep is handed over once tagged. A conditional write's entry answer (`preconditioned`, a
 * PUT) carries the ETag of what it stored, the one a GET would answer now.
 */
import {
  ATOM_MEDIA_TYPE,
  TIMELESS_FEED_UPDATED,
  ERROR_MEDIA_TYPE,
  encodeServiceError,
  entityTag,
  entryCodecs,
  ifNoneMatchHolds,
  type Feed,
  type OperationSpec,
} from '@atomsync/atom';
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { HTTPResponse, type H3Event } from 'h3';
import type { ServiceError } from '../errors.js';
import { keeperOf, keptAnswerOf } from './answer-cache.js';
import { feedStream, pagesOf } from './feed-stream.js';
import { requestState } from './request-state.js';
import { writable } from './safe-text.js';
import { KEPT_ON_ERROR } from './security-headers.js';
import { prepareAnswerHeaders } from './answer-headers.js';

export type Body = string | Uint8Array | HTTPResponse;

/** What a header value may hold (RFC 9110 field-value characters, as node writes them). */
const FIELD_VALUE = /^[\t\x20-\x7E\x80-\xFF]*$/;

function empty(event: H3Event): HTTPResponse {
  // A null body: h3 would turn '' into a text/plain answer.
  return new HTTPResponse(null, { status: event.res.status, statusText: event.res.statusText });
}

const sha256 = (text: string): Uint8Array => createHash('sha256').update(text, 'utf8').digest();

/**
 * The ETag of an entry answer: the tag of the bytes its codec writes (what a GET of it hands out,
 * so a conditional write compares with exactly that).
 */
export function entryTag(shape: keyof typeof entryCodecs, entry: unknown): string {
  return entityTag(sha256(entryCodecs[shape].encodeEntry(entry as never)), false);
}

const hasTime = (entry: unknown): boolean => {
  const { updated, published } = entry as { updated?: Date | null; published?: Date | null };
  return (updated ?? published ?? undefined) !== undefined;
};

/**
 * The answer `body` with its `ETag`; or, when the request's If-None-Match names that tag, 304
 * Not Modified: no body, no Content-Type, the `ETag` repeated.
 */
function conditionally(event: H3Event, etag: string, body: string | undefined): Body {
  const headers = event.res.headers;
  headers.set('etag', etag);
  if (!ifNoneMatchHolds(event.req.headers.get('if-none-match'), etag)) {
    // Only a kept answer comes without its bytes, and its handler sends it only when its tag answers.
    if (body === undefined) throw new Error('an answer kept without its bytes was sent for a request its tag does not answer');
    return body;
  }
  event.res.status = 304;
  event.res.statusText = STATUS_CODES[304];
  headers.delete('content-type');
  return empty(event);
}

/** Encodes a handler's result with the operation's response codec, at its success status and reason. */
export function sendResult(event: H3Event, operation: OperationSpec, result: unknown): Body {
  event.res.status = operation.status;
  // srvx would otherwise send an empty reason phrase.
  event.res.statusText = operation.reason ?? STATUS_CODES[operation.status];
  const headers = event.res.headers;
  const spec = operation.response;
  switch (spec.kind) {
    case 'entry': {
      headers.set('content-type', ATOM_MEDIA_TYPE);
      const body = entryCodecs[spec.shape].encodeEntry(result as never);
      if (operation.conditional) return conditionally(event, entityTag(sha256(body), false), body);
      // A conditional write's answer: the tag of what it stored, for the caller's next If-Match.
      if (operation.preconditioned) headers.set('etag', entityTag(sha256(body), false));
      return body;
    }
    case 'feed': {
      headers.set('content-type', ATOM_MEDIA_TYPE);
      const kept = keptAnswerOf(result);
      if (kept !== undefined) return conditionally(event, kept.etag, kept.body);
      const codec = entryCodecs[spec.shape] as { encodeFeed(feed: Feed<unknown>): string };
      const feed = result as Feed<unknown>;
      const pages = pagesOf(feed);
      if (pages !== undefined) return new HTTPResponse(feedStream(codec, feed, pages, requestState(event).log), { status: event.res.status, statusText: event.res.statusText });
      const body = codec.encodeFeed(feed);
      if (!operation.conditional) return body;
      // The `updated` of a feed whose entries carry no time is the time of the answer
      // (handlers/atom.ts feedOf): tagged as written without it, weak.
      const timeless = feed.entries.every((e) => !hasTime(e));
      const tagged = timeless ? codec.encodeFeed({ ...feed, updated: TIMELESS_FEED_UPDATED }) : body;
      const etag = entityTag(sha256(tagged), timeless);
      // A timeless feed's bytes hold the time of this answer: not to be sent again.
      if (!timeless) keeperOf(result)?.({ etag, body });
      return conditionally(event, etag, body);
    }
    case 'raw':
      // A handler may pick another encoding (SyncML answers WBXML to WBXML) by setting it first.
      if (!headers.has('content-type')) headers.set('content-type', spec.mediaType.startsWith('text/') ? `${spec.mediaType}; charset=utf-8` : spec.mediaType);
      return result as string | Uint8Array;
    case 'empty':
      return empty(event);
  }
}

/**
 * The error document (guide/protocol.md#error-body) for `error`, replacing whatever the handler
 * had set on the answer (but the request id and the security headers, http/security-headers.ts).
 * Never throws: a message or detail holding a character XML cannot carry has it replaced by
 * U+FFFD (what enters through http/params.ts never holds one; this is the last safety net).
 */
export function sendError(event: H3Event, error: ServiceError): Body {
  // A request whose answer was to carry them itself (answer-headers.ts) takes them here.
  prepareAnswerHeaders(event);
  const headers = event.res.headers;
  const names: string[] = [];
  headers.forEach((_, name) => names.push(name));
  for (const name of names) if (!KEPT_ON_ERROR.has(name)) headers.delete(name);
  const fits = Number.isInteger(error.status) && error.status >= 400 && error.status <= 599;
  const status = fits ? error.status : 500;
  event.res.status = status;
  event.res.statusText = STATUS_CODES[status];
  for (const [name, value] of Object.entries(error.headers)) {
    // A value node could not write (a control character, beyond Latin-1): the answer goes without it.
    if (!FIELD_VALUE.test(value)) continue;
    try {
      headers.set(name, value);
    } catch {
      // A name that is no header name: likewise.
    }
  }
  headers.set('content-type', ERROR_MEDIA_TYPE);
  const details = error.details.map((d) => ({ path: d.path === undefined ? undefined : writable(String(d.path)), message: writable(String(d.message)) }));
  try {
    return encodeServiceError({
      status,
      code: fits ? error.code : 'internal',
      message: writable(String(error.message)),
      details: details.length > 0 ? details : undefined,
    });
  } catch {
    // Not reached with the values above; should the encoder still refuse, the bare document.
    event.res.status = 500;
    event.res.statusText = STATUS_CODES[500];
    return encodeServiceError({ status: 500, code: 'internal', message: 'the server failed to write its error answer' });
  }
}
