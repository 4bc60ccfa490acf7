/**
 * A DAV client in a few plain requests, as a simple sync application writes one: PUT a new item
 * with If-None-Match: *, GET, PUT a change with If-Match, DELETE with If-Match, and
 * sync-collection from its last token, reading the changed members with a GET each. Parsed with
 * @xmldom, not with @atomsync/dav, so a bug in our codec cannot hide itself.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { basicHeader, type DavTarget } from './target.js';

const DAV = 'DAV:';

export interface Member {
  readonly href: string;
  readonly etag: string;
  readonly text: string;
}

export interface Delta {
  readonly token: string;
  /** Paths of members added or changed since the token asked with. */
  readonly changed: readonly string[];
  /** Paths of members gone since then (404 in the response). */
  readonly deleted: readonly string[];
}

export class FetchDavClient {
  /** The members as last read: path → ETag and text. */
  readonly members = new Map<string, Member>();
  #token = '';

  constructor(
    private readonly target: DavTarget,
    /** The collection's URL, ending in a slash. */
    private readonly collection: string,
    private readonly contentType: string,
  ) {}

  async #request(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Response> {
    return fetch(url, { method, headers: { authorization: basicHeader(this.target), ...headers }, body });
  }

  /** One sync-collection from the last token (the first from none), then a GET of each changed member. */
  async sync(): Promise<Delta> {
    const body =
      '<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:">' +
      `<d:sync-token>${this.#token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
    const response = await this.#request('REPORT', this.collection, { depth: '0', 'content-type': 'application/xml; charset=utf-8' }, body);
    const text = await response.text();
    if (response.status !== 207) throw new Error(`sync-collection at ${this.collection}: ${response.status}\n${text.slice(0, 2000)}`);
    const doc = new DOMParser().parseFromString(text, 'text/xml');
    const changed: string[] = [];
    const deleted: string[] = [];
    for (const r of Array.from(doc.getElementsByTagNameNS(DAV, 'response'))) {
      const path = new URL(r.getElementsByTagNameNS(DAV, 'href')[0]?.textContent?.trim() ?? '', this.collection).pathname;
      // A response's own status (not a propstat's) of 404 is a member gone.
      const own = Array.from(r.childNodes).find((n) => n.nodeType === 1 && (n as Element).localName === 'status');
      if (own !== undefined && /\s404\s/.test(own.textContent ?? '')) deleted.push(path);
      else changed.push(path);
    }
    this.#token = doc.getElementsByTagNameNS(DAV, 'sync-token')[0]?.textContent?.trim() ?? '';
    if (this.#token === '') throw new Error(`sync-collection at ${this.collection} gave no sync-token`);
    for (const path of deleted) this.members.delete(path);
    for (const path of changed) this.members.set(path, await this.get(path));
    return { token: this.#token, changed: changed.sort(), deleted: deleted.sort() };
  }

  async get(path: string): Promise<Member> {
    const response = await this.#request('GET', new URL(path, this.collection).href);
    const text = await response.text();
    const etag = response.headers.get('etag');
    if (response.status !== 200 || etag === null) throw new Error(`GET ${path}: ${response.status} (ETag ${etag})\n${text.slice(0, 500)}`);
    return { href: path, etag, text };
  }

  /** A new member under `name`; returns its path. */
  async add(name: string, text: string): Promise<string> {
    const url = new URL(encodeURIComponent(name), this.collection);
    const response = await this.#request('PUT', url.href, { 'if-none-match': '*', 'content-type': this.contentType }, text);
    if (response.status !== 201) throw new Error(`PUT (new) ${url.pathname}: ${response.status}\n${(await response.text()).slice(0, 500)}`);
    await response.arrayBuffer();
    return url.pathname;
  }

  /** A change to a member as last read (If-Match its ETag). */
  async change(path: string, text: string): Promise<void> {
    const known = this.#known(path);
    const response = await this.#request('PUT', new URL(path, this.collection).href, { 'if-match': known.etag, 'content-type': this.contentType }, text);
    if (response.status !== 204 && response.status !== 200) throw new Error(`PUT (change) ${path}: ${response.status}\n${(await response.text()).slice(0, 500)}`);
    await response.arrayBuffer();
  }

  async remove(path: string): Promise<void> {
    const known = this.#known(path);
    const response = await this.#request('DELETE', new URL(path, this.collection).href, { 'if-match': known.etag });
    if (response.status !== 204 && response.status !== 200) throw new Error(`DELETE ${path}: ${response.status}\n${(await response.text()).slice(0, 500)}`);
    await response.arrayBuffer();
  }

  #known(path: string): Member {
    const known = this.members.get(path);
    if (known === undefined) throw new Error(`${path} is not a member this client has read`);
    return known;
  }
}
