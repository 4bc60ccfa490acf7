/**
 * A DAV answer in the form h3 sends fastest: its HTTPResponse, whose body h3 hands to srvx as it
 * is — a string is written to the socket once, with its Content-Length. A web Response's body is a
 * stream even when made from a string, and h3 pulls it through undici's stream machinery chunk by
 * chunk, then ends the chunked encoding with a write of its own: that was most of a small
 * PROPFIND's CPU, and a second wake-up of the client for every answer. The reason phrase is the
 * status's (srvx would send an empty one).
 */
import { STATUS_CODES } from 'node:http';
import { HTTPResponse } from 'h3';

export type DavAnswer = HTTPResponse;

export function davAnswer(body: string | ReadableStream<Uint8Array> | null, init: { readonly status: number; readonly headers?: Record<string, string> }): DavAnswer {
  return new HTTPResponse(body, { status: init.status, statusText: STATUS_CODES[init.status], headers: init.headers });
}
