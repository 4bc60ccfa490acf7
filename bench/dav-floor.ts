/**
 * The cheapest CardDAV server vdirsyncer can sync with, for the DAV benchmark's baseline: what a
 * vdirsyncer run costs when the server costs next to nothing, measured in the same run as ours and
 * the peers'. No store, no sign-in, no validation, no parser: PUT bodies kept in a Map per address
 * book, and exactly the answers vdirsyncer 0.19 reads —
 *  - PROPFIND Depth 1 of the root: the address books (`resourcetype` addressbook: its discover);
 *  - PROPFIND Depth 0/1 of a book: `resourcetype`, `getcontenttype`, `getetag` (its listing);
 *  - PUT with `If-None-Match: *` (create: 412 when the name is taken) or `If-Match` (replace: 412
 *    on another ETag), answering 201/204 with the ETag, so it never reads an upload back;
 *  - REPORT addressbook-multiget (getetag, address-data), GET and DELETE (If-Match) for the rest.
 * Every figure vdirsyncer makes against it is the client's floor: no server answers it faster, so
 * a benchmark floor below it is one no server can reach. It runs in the bench's process, which is
 * idle while it waits for vdirsyncer; its CPU over a run is process.cpuUsage()'s.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const MULTISTATUS = 'application/xml; charset=utf-8';
const NAMESPACES = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"';

interface Card {
  readonly etag: string;
  readonly text: string;
}

export interface FloorServer {
  /** Root URL, without a trailing slash. */
  readonly url: string;
  /** An empty address book at `<url>/<name>/`. */
  addBook(name: string): void;
  /** How many cards a book holds. */
  count(name: string): number;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const bookResponse = (href: string) =>
  `<d:response><d:href>${href}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:addressbook/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;

const cardResponse = (href: string, card: Card, withData: boolean) =>
  `<d:response><d:href>${href}</d:href><d:propstat><d:prop><d:resourcetype/><d:getcontenttype>text/vcard; charset=utf-8</d:getcontenttype><d:getetag>${escape(card.etag)}</d:getetag>${
    withData ? `<c:address-data>${escape(card.text)}</c:address-data>` : ''
  }</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;

const multistatus = (responses: string) => `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus ${NAMESPACES}>${responses}</d:multistatus>`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFloorServer(): Promise<FloorServer> {
  const books = new Map<string, Map<string, Card>>();
  let version = 0;

  function answer(res: ServerResponse, status: number, headers: Record<string, string> = {}, body = ''): void {
    res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://floor').pathname);
    const [bookName, itemName, ...rest] = path.split('/').filter((s) => s !== '');
    const method = req.method ?? 'GET';
    if (bookName === undefined) {
      if (method !== 'PROPFIND') return answer(res, 405);
      const listed = req.headers.depth === '0' ? '' : [...books.keys()].map((name) => bookResponse(`/${name}/`)).join('');
      return answer(res, 207, { 'content-type': MULTISTATUS }, multistatus(`<d:response><d:href>/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>${listed}`));
    }
    const book = books.get(bookName);
    if (book === undefined || rest.length > 0) return answer(res, 404);
    const bookHref = `/${bookName}/`;
    if (itemName === undefined) {
      if (method === 'PROPFIND') {
        let responses = bookResponse(bookHref);
        if (req.headers.depth !== '0') for (const [name, card] of book) responses += cardResponse(`${bookHref}${name}`, card, false);
        return answer(res, 207, { 'content-type': MULTISTATUS }, multistatus(responses));
      }
      if (method === 'REPORT') {
        let responses = '';
        for (const [, href] of body.matchAll(/<(?:[\w-]+:)?href>([^<]*)</g)) {
          const name = decodeURIComponent(href!).split('/').at(-1)!;
          const card = book.get(name);
          responses += card === undefined ? `<d:response><d:href>${href}</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>` : cardResponse(`${bookHref}${name}`, card, true);
        }
        return answer(res, 207, { 'content-type': MULTISTATUS }, multistatus(responses));
      }
      return answer(res, 405);
    }
    const current = book.get(itemName);
    const ifMatch = req.headers['if-match'];
    const ifNoneMatch = req.headers['if-none-match'];
    switch (method) {
      case 'GET':
        return current === undefined ? answer(res, 404) : answer(res, 200, { etag: current.etag, 'content-type': 'text/vcard; charset=utf-8' }, current.text);
      case 'PUT': {
        if ((ifNoneMatch === '*' && current !== undefined) || (ifMatch !== undefined && ifMatch !== current?.etag)) return answer(res, 412);
        const card = { etag: `"${++version}"`, text: body };
        book.set(itemName, card);
        return answer(res, current === undefined ? 201 : 204, { etag: card.etag });
      }
      case 'DELETE':
        if (current === undefined) return answer(res, 404);
        if (ifMatch !== undefined && ifMatch !== current.etag) return answer(res, 412);
        book.delete(itemName);
        return answer(res, 204);
      default:
        return answer(res, 405);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) answer(res, 500, {}, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    addBook: (name) => void books.set(name, new Map()),
    count: (name) => books.get(name)?.size ?? 0,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
