/**
 * What the DAV endpoint tests share: Basic credentials, a request as a DAV client sends it (no
 * redirects followed, signed in as the account unless told otherwise), reading a 207, and the
 * vCard / iCalendar objects they put.
 */
import { expect } from 'vitest';
import { foundProp, readMultistatus, type ReadResponse } from '@atomsync/dav';

export const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export interface DavInit {
  readonly body?: BodyInit;
  readonly headers?: Record<string, string>;
  /** An Authorization header other than the suite's account's. */
  readonly as?: string;
}

/** A requester for the server at `url()`, signed in with `auth()` (both read per request: suites set them in beforeAll). */
export function davClient(url: () => string, auth: () => string) {
  return (method: string, path: string, init: DavInit = {}) =>
    fetch(new URL(path, url()), { method, redirect: 'manual', body: init.body, headers: { authorization: init.as ?? auth(), ...init.headers } });
}

export interface Multistatus {
  readonly responses: ReadResponse[];
  readonly syncToken?: string;
}

/** A 207's responses and sync token; fails the test on any other status. */
export async function multistatus(res: Response): Promise<Multistatus> {
  const body = await res.text();
  expect(res.status, body.slice(0, 500)).toBe(207);
  const read = readMultistatus(body);
  return { responses: read.responses, syncToken: read.syncToken };
}

export const prop = (r: ReadResponse, ns: string, name: string) => foundProp(r, ns, name);
/** The href inside a property such as current-user-principal. */
export const hrefIn = (r: ReadResponse, ns: string, name: string) => prop(r, ns, name)?.node.children.find((c) => c.name === 'href')?.text.trim();
/** Each property's status in a response, by local name. */
export const statuses = (r: ReadResponse) => Object.fromEntries(r.propstats.flatMap((ps) => ps.props.map((p) => [p.name.name, ps.status])));

export const card = (uid: string, name: string) => `BEGIN:VCARD\r\nVERSION:3.0\r\nUID:${uid}\r\nFN:${name}\r\nN:${name};;;;\r\nX-CUSTOM-FIELD:kept as written\r\nEND:VCARD\r\n`;
export const event = (uid: string, extra = '') =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20250101T000000Z\r\nDTSTART:20250301T100000Z\r\nDTEND:20250301T110000Z\r\nSUMMARY:Kick-off\r\n${extra}END:VEVENT\r\nEND:VCALENDAR\r\n`;
export const todo = (uid: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:${uid}\r\nDTSTAMP:20250101T000000Z\r\nSUMMARY:Buy milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n`;
