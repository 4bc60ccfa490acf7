/** Answers as servers write them, read with the package's own reader: the rules are fed real multistatus bodies. */
import { readMultistatus } from '../../src/index.js';

export const BASE = 'https://dav.example/alice/contacts/';

const ROOT = '<d:multistatus xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">';

/** A member with propstats (a 200 propstat holding `props`). */
export const found = (href: string, props: string): string => `<d:response><d:href>${href}</d:href><d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
/** A member answered with a status of its own (404: removed; 507: the collection, truncated). */
export const status = (href: string, code: number, reason = 'X'): string => `<d:response><d:href>${href}</d:href><d:status>HTTP/1.1 ${code} ${reason}</d:status></d:response>`;
export const etag = (value: string): string => `<d:getetag>${value}</d:getetag>`;

export function answer(inner: string, options: { token?: string; url?: string } = {}) {
  const token = options.token === undefined ? '' : `<d:sync-token>${options.token}</d:sync-token>`;
  const read = readMultistatus(`<?xml version="1.0"?>${ROOT}${inner}${token}</d:multistatus>`);
  return { ...read, url: options.url ?? BASE };
}
