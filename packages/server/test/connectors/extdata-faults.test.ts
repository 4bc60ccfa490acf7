/**
 * The extdata connector when the remote misbehaves: msw stands in for the remote (it intercepts the
 * global fetch the connector calls) to answer 5xx, stall, send broken or foreign documents, or
 * refuse the token. Each case checks how many requests were made (what is retried and what never
 * is) and that the reason names the remote and the fault, and never the token's secret.
 */
import { randomUUID } from 'node:crypto';
import { encodeBatchContentFeed, encodeContentFeed, encodeServiceError } from '@atomsync/atom';
import type { OutgoingChange } from '@atomsync/engine';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { extdataConnector, type ExtdataConnectorOptions } from '../../src/connectors/extdata/index.js';
import { SecretBox } from '../../src/secrets/box.js';
import type { ExtdataClientRecord } from '@atomsync/store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const HREF = `http://remote.test/v2/services/datastore/${randomUUID()}/contents/`;
const BATCH = `${HREF}batch`;
const KEY = 'remote-consumer-key';
const SECRET = `remote-secret-${randomUUID()}`;
const secrets = SecretBox.ephemeral();
const ATOM = { 'Content-Type': 'application/atom+xml' };
/** Quick retries: three attempts, a few milliseconds apart. */
const QUICK: ExtdataConnectorOptions = { retries: { retries: 2, minDelayMs: 1, maxDelayMs: 5 } };

const record: ExtdataClientRecord = {
  uuid: randomUUID(),
  accountId: 1,
  userId: 'remote-user',
  datastores: [{ dataclass: 'Notes', href: HREF, name: null, token: { type: 2, sealedKey: secrets.seal(KEY), sealedSecret: secrets.seal(SECRET), scopes: [HREF] } }],
  created: new Date(),
  updated: new Date(),
};
const connector = (options: ExtdataConnectorOptions = QUICK) => extdataConnector(record, secrets, options);

const NOTE_ID = `urn:uuid:${randomUUID()}`;
const listingXml = () =>
  encodeContentFeed({ title: 'Contents', entries: [{ id: NOTE_ID, title: 'note', updated: new Date(), content: { type: 'text/plain', value: 'hello' }, dataclass: 'Notes' }] });

/** Answers with `answers` in turn (the last one repeated), counting the requests and keeping their Authorization. */
function remote(method: 'get' | 'post', url: string, ...answers: (() => Response | Promise<Response>)[]) {
  const seen: { authorization: string | null; url: string }[] = [];
  server.use(
    http[method](url, async ({ request }) => {
      seen.push({ authorization: request.headers.get('authorization'), url: request.url });
      return answers[Math.min(seen.length - 1, answers.length - 1)]!();
    }),
  );
  return seen;
}

const status = (code: number, headers: Record<string, string> = {}) => () => new HttpResponse(null, { status: code, headers });
const listing = () => new HttpResponse(listingXml(), { headers: ATOM });

/** The error `call` rejects with; fails the test when it resolves. Never carries the secret. */
async function failure(call: Promise<unknown>): Promise<Error> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  const message = (error as Error).message;
  expect(message).not.toContain(SECRET);
  expect(message.startsWith(`extdata ${HREF}: `)).toBe(true);
  return error as Error;
}

describe('reads (GET) are retried on transient faults', () => {
  it('signs each attempt anew and succeeds when a 503 and a 502 are followed by the feed', async () => {
    const seen = remote('get', HREF, status(503), status(502), listing);
    const { entries } = await connector().all(['Notes']);
    expect(entries.map((i) => i.id)).toEqual([NOTE_ID]);
    expect(seen).toHaveLength(3);
    expect(seen[0]!.url).toBe(`${HREF}?dataclass=Notes&max-results=1000`);
    expect(seen.every((s) => s.authorization!.startsWith('OAuth ') && s.authorization!.includes(`oauth_consumer_key="${KEY}"`))).toBe(true);
    // A fresh nonce per attempt: a verifier's replay window would refuse a repeat.
    expect(new Set(seen.map((s) => /oauth_nonce="([^"]+)"/.exec(s.authorization!)![1])).size).toBe(3);
  });

  it('retries a network error', async () => {
    const seen = remote('get', HREF, () => HttpResponse.error(), listing);
    expect((await connector().all(['Notes'])).entries).toHaveLength(1);
    expect(seen).toHaveLength(2);
  });

  it('gives up after the bounded attempts with the status in the reason', async () => {
    const seen = remote('get', HREF, status(500));
    const error = await failure(connector().all(['Notes']));
    expect(error.message).toBe(`extdata ${HREF}: 500 Internal Server Error after 3 attempts`);
    expect(seen).toHaveLength(3);
  });

  it('takes the number of retries from the options', async () => {
    const seen = remote('get', HREF, status(503));
    const error = await failure(connector({ retries: { retries: 0 } }).changesSince(['Notes'], JSON.stringify({ [HREF]: '2009-06-01T12:00:00Z' })));
    expect(error.message).toBe(`extdata ${HREF}: 503 Service Unavailable`);
    expect(seen).toHaveLength(1);
  });

  it('times out a remote that stalls, and retries it', async () => {
    const seen = remote('get', HREF, async () => {
      await delay(2_000);
      return listing();
    });
    const error = await failure(connector({ ...QUICK, timeoutMs: 100, retries: { retries: 1, minDelayMs: 1, maxDelayMs: 5 } }).all(['Notes']));
    expect(error.message).toBe(`extdata ${HREF}: no answer within 100 ms after 2 attempts`);
    expect(seen).toHaveLength(2);
  });

  it('honours a short Retry-After on 429, and fails at once when it asks for longer than the cap', async () => {
    const seen = remote('get', HREF, status(429, { 'Retry-After': '0' }), listing);
    expect((await connector().all(['Notes'])).entries).toHaveLength(1);
    expect(seen).toHaveLength(2);

    const refused = remote('get', HREF, status(503, { 'Retry-After': '3600' }));
    const error = await failure(connector().all(['Notes']));
    expect(error.message).toBe(`extdata ${HREF}: 503 Service Unavailable: the remote asked to retry after 3600 s, longer than the 5 s we wait`);
    expect(refused).toHaveLength(1);
  });
});

describe('answers that retrying cannot fix fail at once', () => {
  it.each([
    ['401', () => new HttpResponse(null, { status: 401, headers: { 'WWW-Authenticate': 'OAuth realm="remote"' } }), "401 Unauthorized: the remote refused the datastore's token"],
    ['403', status(403), "403 Forbidden: the remote refused the datastore's token"],
    ['404', status(404), '404 Not Found'],
    ['HTML instead of Atom', () => HttpResponse.html('<html><body>Welcome! Please log in.</body></html>'), '200 answered as text/html, not application/atom+xml'],
    ['a feed served as text/xml', () => new HttpResponse(listingXml(), { headers: { 'Content-Type': 'text/xml' } }), '200 answered as text/xml, not application/atom+xml'],
    ['a redirect', () => new HttpResponse(null, { status: 302, headers: { Location: 'http://elsewhere.test/feed' } }), "302 Found: the remote moved the feed to http://elsewhere.test/feed; update the datastore's href"],
  ])('%s', async (_name, answer, reason) => {
    const seen = remote('get', HREF, answer);
    const error = await failure(connector().all(['Notes']));
    expect(error.message).toBe(`extdata ${HREF}: ${reason}`);
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['a truncated feed', '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>urn:uuid:1</id>', /not a usable Atom feed: .+/],
    ['HTML labelled as Atom', '<html><body>Welcome</body></html>', /not a usable Atom feed: .*(feed|html)/],
    ['an RSS document', '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>', /not a usable Atom feed: .*(feed|rss)/],
    ['a DOCTYPE', '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY x "y">]><feed xmlns="http://www.w3.org/2005/Atom"/>', /not a usable Atom feed: .+/],
    ['an entry without an id', encodeContentFeed({ entries: [{ title: 'n', content: { type: 'text/plain', value: 'x' } }] }), /not a usable Atom feed: entry 1 has no atom:id$/],
  ])('%s', async (_name, body, reason) => {
    const seen = remote('get', HREF, () => new HttpResponse(body, { headers: ATOM }));
    const error = await failure(connector().all(['Notes']));
    expect(error.message).toMatch(reason);
    expect(seen).toHaveLength(1);
  });

  it('never repeats a secret the remote echoes back in its error', async () => {
    remote('get', HREF, () => new HttpResponse(encodeServiceError({ status: 400, code: 'bad_request', message: `bad signature for ${KEY}/${SECRET}` }), { status: 400, headers: { 'Content-Type': 'application/xml' } }));
    const error = await failure(connector().all(['Notes']));
    expect(error.message).toBe(`extdata ${HREF}: 400 Bad Request: bad signature for [redacted]/[redacted]`);
  });
});

describe('batch posts are retried only when the remote says it did nothing', () => {
  const add: OutgoingChange = { op: 'add', item: { dataclass: 'Notes', type: 'text/plain', title: 'n', body: 'hello' } };
  const created = () =>
    new HttpResponse(
      encodeBatchContentFeed({ entries: [{ id: NOTE_ID, title: 'n', content: { dataclass: 'Notes', type: 'text/plain', value: 'hello' }, operation: { type: 'insert' }, batchId: '0', status: { code: 201, reason: 'Created' } }] }),
      { headers: ATOM },
    );

  it('does not repeat a batch answered 500 (it may have been applied)', async () => {
    const seen = remote('post', BATCH, status(500), created);
    const error = await failure(connector().apply([add]));
    expect(error.message).toBe(`extdata ${HREF}: 500 Internal Server Error`);
    expect(seen).toHaveLength(1);
  });

  it('does not repeat a batch whose answer never came', async () => {
    const seen = remote('post', BATCH, async () => {
      await delay(2_000);
      return created();
    });
    const error = await failure(connector({ ...QUICK, timeoutMs: 100 }).apply([add]));
    expect(error.message).toBe(`extdata ${HREF}: no answer within 100 ms`);
    expect(seen).toHaveLength(1);
  });

  it('does not repeat a batch on a network error', async () => {
    const seen = remote('post', BATCH, () => HttpResponse.error(), created);
    await failure(connector().apply([add]));
    expect(seen).toHaveLength(1);
  });

  it('repeats a batch refused with 503 or 429, then maps its results', async () => {
    const seen = remote('post', BATCH, status(503), status(429), created);
    expect(await connector().apply([add])).toEqual([{ ok: true, id: NOTE_ID }]);
    expect(seen).toHaveLength(3);
  });

  it('refuses an item the batch answer leaves out, and one it answers with an error status', async () => {
    remote('post', BATCH, () =>
      new HttpResponse(encodeBatchContentFeed({ entries: [{ id: NOTE_ID, operation: { type: 'update' }, batchId: '1', status: { code: 409, reason: `Conflict ${SECRET}` } }] }), { headers: ATOM }),
    );
    const results = await connector().apply([add, { op: 'replace', id: NOTE_ID, item: add.item }]);
    expect(results).toEqual([
      { ok: false, reason: `extdata ${HREF}: insert of "n": the batch answer has no result for it` },
      { ok: false, reason: `extdata ${HREF}: update of ${NOTE_ID}: 409 Conflict [redacted]` },
    ]);
  });
});

describe('the anchor follows the remote\'s clock', () => {
  const since = (anchor: string) => (JSON.parse(anchor) as Record<string, string>)[HREF];
  const changeFeed = (updated?: Date) =>
    encodeBatchContentFeed({
      title: 'Changes',
      entries: updated === undefined ? [] : [{ id: NOTE_ID, updated, title: 'n', content: { dataclass: 'Notes', type: 'text/plain', value: 'x' }, operation: { type: 'update' } }],
    });
  const from = JSON.stringify({ [HREF]: '2020-06-01T12:00:00Z' });

  it('takes the answer\'s Date, floored to the second, less the margin', async () => {
    const seen = remote('get', HREF, () => new HttpResponse(changeFeed(), { headers: { ...ATOM, Date: 'Mon, 01 Jun 2020 12:30:00 GMT' } }));
    const listing = await connector({ ...QUICK, marginSeconds: 5 }).changesSince(['Notes'], from);
    expect(seen[0]!.url).toBe(`${HREF}?since=2020-06-01T12%3A00%3A00Z&dataclass=Notes&max-results=1000`);
    expect(since(listing.anchor)).toBe('2020-06-01T12:29:55Z');
  });

  it('without a Date, takes the newest entry; without either, keeps where it asked from', async () => {
    remote('get', HREF, () => new HttpResponse(changeFeed(new Date('2020-06-01T12:10:00.750Z')), { headers: ATOM }));
    expect(since((await connector({ ...QUICK, marginSeconds: 5 }).changesSince(['Notes'], from)).anchor)).toBe('2020-06-01T12:09:55Z');
    server.resetHandlers();
    remote('get', HREF, () => new HttpResponse(changeFeed(), { headers: ATOM }));
    expect(since((await connector().changesSince(['Notes'], from)).anchor)).toBe('2020-06-01T12:00:00Z');
  });

  it('never moves back past where it asked from', async () => {
    remote('get', HREF, () => new HttpResponse(changeFeed(new Date('2020-06-01T12:00:02Z')), { headers: ATOM }));
    expect(since((await connector({ ...QUICK, marginSeconds: 5 }).changesSince(['Notes'], from)).anchor)).toBe('2020-06-01T12:00:00Z');
  });
});

describe('a remote that pages its feeds (RFC 5005 rel="next")', () => {
  const note = (n: number) => ({ id: `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, title: `n${n}`, updated: new Date(Date.UTC(2020, 5, 1, 12, n)), content: { type: 'text/plain', value: `note ${n}` }, dataclass: 'Notes' as const });
  const page = (numbers: number[], next?: string) =>
    new HttpResponse(encodeContentFeed({ title: 'Contents', links: next === undefined ? [] : [{ rel: 'next', href: next }], entries: numbers.map(note) }), { headers: ATOM });

  it('reads every page, asking pages of pageSize and following next (relative too), signed each', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    server.use(
      http.get(HREF, ({ request }) => {
        const url = new URL(request.url);
        seen.push({ url: request.url, authorization: request.headers.get('authorization') });
        const start = Number(url.searchParams.get('start-index') ?? '1');
        if (start === 1) return page([1, 2], `${HREF}?dataclass=Notes&max-results=2&start-index=3`);
        if (start === 3) return page([3, 4], '?dataclass=Notes&max-results=2&start-index=5');
        return page([5]);
      }),
    );
    const { entries } = await connector({ ...QUICK, pageSize: 2 }).all(['Notes']);
    expect(entries.map((i) => i.title)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(seen.map((s) => new URL(s.url).search)).toEqual(['?dataclass=Notes&max-results=2', '?dataclass=Notes&max-results=2&start-index=3', '?dataclass=Notes&max-results=2&start-index=5']);
    expect(seen.every((s) => s.authorization!.startsWith('OAuth '))).toBe(true);
  });

  it('takes the anchor from the first page\'s Date, so what changes while the pages are read is asked again', async () => {
    let pages = 0;
    server.use(
      http.get(HREF, () => {
        pages++;
        const date = pages === 1 ? 'Mon, 01 Jun 2020 12:30:00 GMT' : 'Mon, 01 Jun 2020 13:45:00 GMT';
        const feed = encodeBatchContentFeed({
          title: 'Changes',
          links: pages === 1 ? [{ rel: 'next', href: `${HREF}?since=x&start-after=1` }] : [],
          entries: [{ id: NOTE_ID, updated: new Date('2020-06-01T12:20:00Z'), title: 'n', content: { dataclass: 'Notes', type: 'text/plain', value: 'x' }, operation: { type: 'update' } }],
        });
        return new HttpResponse(feed, { headers: { ...ATOM, Date: date } });
      }),
    );
    const listing = await connector({ ...QUICK, marginSeconds: 5 }).changesSince(['Notes'], JSON.stringify({ [HREF]: '2020-06-01T12:00:00Z' }));
    expect(pages).toBe(2);
    expect(listing.entries).toHaveLength(2);
    expect((JSON.parse(listing.anchor) as Record<string, string>)[HREF]).toBe('2020-06-01T12:29:55Z');
  });

  it('refuses a next page on another origin (the token signs for the feed alone) and one that leads back', async () => {
    remote('get', HREF, () => page([1], 'http://elsewhere.test/feed?page=2'));
    const away = await failure(connector().all(['Notes']));
    expect(away.message).toContain('http://elsewhere.test is not on the feed\'s origin');
    server.resetHandlers();
    const seen = remote('get', HREF, () => page([1], `${HREF}?dataclass=Notes&max-results=1000`));
    const loop = await failure(connector().all(['Notes']));
    expect(loop.message).toContain('leads back to a page read already');
    expect(seen).toHaveLength(1);
  });
});
