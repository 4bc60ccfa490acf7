/**
 * A DAV answer in the form h3 sends fastest: an object h3 takes for its HTTPResponse, whose body
 * h3 hands to srvx as it is — a string is written to the socket once, with its Content-Length. A
 * web Response's body is a stream even when made from a string, and h3 pulls it through undici's
 * stream machinery chunk by chunk, then ends the chunked encoding with a write of its own: that
 * was most of a small PROPFIND's CPU, and a second wake-up of the client for every answer. The
 * reason phrase is the status's (srvx would send an empty one).
 *
 * Its headers stay a plain record, which srvx writes as they are: h3's own HTTPResponse makes a
 * Headers object of them, then merges the event's prepared headers into a copy (three Headers an
 * answer). The endpoint adds the headers every answer carries to the record (`carryingAnswerHeaders`,
 * http/answer-headers.ts), so nothing is prepared on the event to merge.
 */
import { STATUS_CODES } from 'node:http';
import type { H3Event } from 'h3';
import { withAnswerHeaders } from '../http/answer-headers.js';

/** h3 takes an object holding this mark as its HTTPResponse (h3's check, a registered symbol so that two copies of h3 agree). */
const H3_RESPONSE = Symbol.for('h3.HTTPResponse');

export class DavAnswer {
  readonly statusText: string | undefined;

  constructor(
    readonly body: string | ReadableStream<Uint8Array> | null,
    readonly status: number,
    readonly headers: Readonly<Record<string, string>>,
  ) {
    this.statusText = STATUS_CODES[status];
  }

  /** The same answer with the headers every answer carries (http/answer-headers.ts). */
  carryingAnswerHeaders(event: H3Event): DavAnswer {
    return new DavAnswer(this.body, this.status, withAnswerHeaders(event, this.headers));
  }
}
(DavAnswer.prototype as unknown as Record<symbol, boolean>)[H3_RESPONSE] = true;

export function davAnswer(body: string | ReadableStream<Uint8Array> | null, init: { readonly status: number; readonly headers?: Record<string, string> }): DavAnswer {
  return new DavAnswer(body, init.status, init.headers ?? {});
}
