/**
 * What the DAV benchmark sends and times: the requests a sync client makes of an address book
 * (PROPFIND Depth 1, sync-collection, addressbook-multiget), each read whole and counted, and
 * vdirsyncer runs timed by the wall clock and by its own CPU time (/usr/bin/time's user + sys of
 * the vdirsyncer process, which is what the client itself costs whatever the server does).
 */
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { runClient } from '../packages/server/test/dav/clients/process.js';
import type { DavTarget } from '../packages/server/test/dav/clients/target.js';
import { basicHeader } from '../packages/server/test/dav/clients/target.js';
import { explainRun } from '../packages/server/test/dav/clients/process.js';
import type { VdirsyncerSide } from '../packages/server/test/dav/clients/vdirsyncer.js';

const CARDDAV = 'urn:ietf:params:xml:ns:carddav';
const CALDAV = 'urn:ietf:params:xml:ns:caldav';
const VDIRSYNCER = '/usr/bin/vdirsyncer';
const TIME = '/usr/bin/time';

export interface Answer {
  readonly ms: number;
  readonly status: number;
  /** `<response>` elements in the body, whatever the namespace prefix. */
  readonly responses: number;
  /** Of them, those answered 404 as a whole (a multiget's unknown href, a delta's delete), not a property's 404. */
  readonly notFound: number;
  readonly bytes: number;
  readonly text: string;
}

// node:http, not fetch: undici's parser asserts (assert(!this.paused)) when a server that closes
// each connection (Radicale, Xandikos) ends the socket while a large answer is still being read.
const agent = new Agent({ keepAlive: true });

function send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One request, its body read whole: the time until the last byte. */
export async function timedRequest(target: Pick<DavTarget, 'username' | 'password'>, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const started = performance.now();
  const { status, text } = await send(method, url, { authorization: basicHeader(target), 'content-type': 'application/xml; charset=utf-8', ...headers }, body);
  const ms = performance.now() - started;
  return {
    ms,
    status,
    responses: text.match(/<(?:[\w-]+:)?response[\s>]/g)?.length ?? 0,
    notFound: notFoundResponses(text),
    bytes: Buffer.byteLength(text),
    text,
  };
}

const RESPONSE = /<(?:[\w-]+:)?response[\s>][\s\S]*?<\/(?:[\w-]+:)?response>/g;
const PROPSTAT = /<(?:[\w-]+:)?propstat[\s>][\s\S]*?<\/(?:[\w-]+:)?propstat>/g;

/** Responses whose own status (outside their propstats) is 404. */
function notFoundResponses(text: string): number {
  let n = 0;
  for (const [response] of text.matchAll(RESPONSE)) if (/HTTP\/1\.1 404/.test(response.replace(PROPSTAT, ''))) n++;
  return n;
}

export const PROPFIND_ETAGS = '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>';

export const syncCollection = (token: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

/** An addressbook-multiget of these paths, asking what vdirsyncer asks (getetag, address-data). */
export const addressbookMultiget = (paths: readonly string[]): string =>
  `<?xml version="1.0" encoding="utf-8"?><card:addressbook-multiget xmlns:d="DAV:" xmlns:card="${CARDDAV}"><d:prop><d:getetag/><card:address-data/></d:prop>${paths.map((p) => `<d:href>${p}</d:href>`).join('')}</card:addressbook-multiget>`;

/** A calendar-multiget of these paths, asking what vdirsyncer and DAVx⁵ ask (getetag, calendar-data). */
export const calendarMultiget = (paths: readonly string[]): string =>
  `<?xml version="1.0" encoding="utf-8"?><cal:calendar-multiget xmlns:d="DAV:" xmlns:cal="${CALDAV}"><d:prop><d:getetag/><cal:calendar-data/></d:prop>${paths.map((p) => `<d:href>${p}</d:href>`).join('')}</cal:calendar-multiget>`;

/** The collection's sync-token (PROPFIND Depth 0), to ask for a delta from. */
export async function syncTokenOf(target: Pick<DavTarget, 'username' | 'password'>, collectionUrl: string): Promise<string> {
  const answer = await timedRequest(target, 'PROPFIND', collectionUrl, { depth: '0' }, '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>');
  const token = /<(?:[\w-]+:)?sync-token>([^<]+)</.exec(answer.text)?.[1];
  if (answer.status !== 207 || token === undefined) throw new Error(`PROPFIND ${collectionUrl} sync-token: ${answer.status}\n${answer.text.slice(0, 1000)}`);
  return token;
}

/**
 * `measure`'s discipline for requests that take from milliseconds to seconds: one warm-up (caches
 * filled, as a client's second visit finds them), then rounds until `rounds` or `budgetMs` is
 * spent (at least one); the median. `check` throws on a wrong answer, so a fast error never
 * passes for a fast answer.
 */
export async function medianOf(send: () => Promise<Answer>, check: (a: Answer) => void, { rounds = 7, budgetMs = 10_000 } = {}): Promise<Answer> {
  check(await send());
  const answers: Answer[] = [];
  const end = performance.now() + budgetMs;
  do {
    const a = await send();
    check(a);
    answers.push(a);
  } while (answers.length < rounds && performance.now() < end);
  answers.sort((x, y) => x.ms - y.ms);
  return answers[Math.floor(answers.length / 2)]!;
}

export interface VdirsyncerRun {
  readonly wallMs: number;
  /** user + sys of the vdirsyncer process. */
  readonly cpuMs: number;
}

/** `vdirsyncer <command> contacts` on a side (its contacts pair only), timed; throws unless it succeeded. */
export async function timedVdirsyncer(side: VdirsyncerSide, command: 'discover' | 'sync', timeoutMs: number): Promise<VdirsyncerRun> {
  const times = `${side.dir}/time-${command}-${Date.now()}`;
  const started = performance.now();
  const run = await runClient(TIME, ['-f', '%U %S', '-o', times, VDIRSYNCER, '-c', side.config, command, 'contacts'], {
    input: command === 'discover' ? 'y\n'.repeat(20) : '',
    timeoutMs,
  });
  const wallMs = performance.now() - started;
  if (run.exitCode !== 0 || run.timedOut) throw new Error(explainRun(run));
  const [user, sys] = (await readFile(times, 'utf8')).trim().split('\n').at(-1)!.split(' ').map(Number);
  return { wallMs, cpuMs: (user! + sys!) * 1000 };
}

/** Closes the kept-alive connections (the servers are gone; nothing should hold the process open). */
export function closeConnections(): void {
  agent.destroy();
}
