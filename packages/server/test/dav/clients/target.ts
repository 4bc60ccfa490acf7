/**
 * What a DAV client test drives: a server answering CardDAV and CalDAV at `url` (its root; clients
 * find their way from /.well-known/carddav and /.well-known/caldav), one account, and a stop.
 * Every target holds, from the start, what one atomsync datastore client is over DAV: one address
 * book, one calendar for events and one for tasks (issue 21), so a scenario written against
 * Radicale runs unchanged against atomsync.
 */
export interface DavTarget {
  /** Which server, for messages. */
  readonly name: string;
  /** The server's root URL, without a trailing slash. */
  readonly url: string;
  readonly username: string;
  readonly password: string;
  stop(): Promise<void>;
}

/** The HTTP Basic header of the target's account. */
export const basicHeader = (target: Pick<DavTarget, 'username' | 'password'>): string =>
  `Basic ${Buffer.from(`${target.username}:${target.password}`).toString('base64')}`;
