/**
 * The XMLHttpRequest TbSync's network.js gets from its sandbox, over node:http(s). What the
 * client relies on, as Firefox does it:
 *
 * - `setRequestHeader` keeps what it sets (`Authorization: Basic …`, `MS-ASProtocolVersion`,
 *   `X-MS-PolicyKey`, `User-Agent`, `Content-Type`); the forbidden `Content-Length` it also sets
 *   is dropped, the length is the body's;
 * - `send(body)` sends a `Uint8Array` (the `TextEncoder` bytes of its WBXML string) as those
 *   bytes and a string as UTF-8, and nothing for GET/HEAD;
 * - `responseText` is the body decoded as UTF-8 (TbSync overrides the type to `text/plain`, and
 *   reads WBXML from it one character per token byte);
 * - `timeout` (milliseconds) aborts and calls `ontimeout`; a network failure calls `onerror` with
 *   `status` 0 and the error's code on `channel.errorCode` (what TbSync's error text reads);
 * - redirects are not followed: the status is handed over as it is (ActiveSync redirects with 451).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** What the device watches and controls of its client's requests. */
export interface XhrHooks {
  /** Each request as it goes out: `OPTIONS`, or the `Cmd` of a POST. */
  onSend(command: string): void;
  /** After the device gave up on a sync (its timeout), requests fail at once. */
  closed(): boolean;
  /** Registers an in-flight request's abort; returns its removal. */
  track(abort: () => void): () => void;
}

const FORBIDDEN_HEADERS = new Set(['content-length', 'host', 'connection', 'keep-alive', 'transfer-encoding', 'expect', 'te', 'trailer', 'upgrade']);

/** The XMLHttpRequest class handed to TbSync (`new sandbox.XMLHttpRequest({ mozAnon: false })`). */
export function createXhrClass(hooks: XhrHooks) {
  return class TbsyncXmlHttpRequest {
    mozBackgroundRequest = false;
    timeout = 0;
    readyState = 0;
    status = 0;
    responseText = '';
    responseURL = '';
    ontimeout: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onload: (() => void) | null = null;
    /** What `TbSync.network.createTCPErrorFromFailedXHR` and the autodiscover code read. */
    readonly channel = { URI: { spec: '' }, status: 0, errorCode: '', QueryInterface() { return this; } };

    #method = 'GET';
    #url: URL | null = null;
    readonly #headers = new Map<string, string>();
    #responseHeaders: IncomingHttpHeaders = {};
    #abort: (() => void) | null = null;

    open(method: string, url: string): void {
      this.#method = method.toUpperCase();
      this.#url = new URL(url);
      this.channel.URI.spec = url;
      this.readyState = 1;
    }

    overrideMimeType(): void {}

    setRequestHeader(name: string, value: unknown): void {
      const key = name.toLowerCase();
      if (FORBIDDEN_HEADERS.has(key)) return;
      const previous = this.#headers.get(key);
      this.#headers.set(key, previous === undefined ? String(value) : `${previous}, ${String(value)}`);
    }

    getResponseHeader(name: string): string | null {
      const value = this.#responseHeaders[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    }

    getAllResponseHeaders(): string {
      return Object.entries(this.#responseHeaders).map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}\r\n`).join('');
    }

    abort(): void {
      this.#abort?.();
    }

    send(body?: Uint8Array | string | null): void {
      const url = this.#url;
      if (!url) throw new Error('XMLHttpRequest.send before open');
      if (hooks.closed()) {
        this.readyState = 4;
        this.channel.errorCode = 'ABORTED';
        setImmediate(() => this.onerror?.());
        return;
      }
      hooks.onSend(this.#method === 'POST' ? (url.searchParams.get('Cmd') ?? 'POST') : this.#method);

      const bytes = body === undefined || body === null || this.#method === 'GET' || this.#method === 'HEAD' ? null : typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      const headers: Record<string, string> = Object.fromEntries(this.#headers);
      if (bytes) headers['content-length'] = String(bytes.length);

      let settled = false;
      const settle = (outcome: 'load' | 'error' | 'timeout', code = ''): void => {
        if (settled) return;
        settled = true;
        untrack();
        if (timer) clearTimeout(timer);
        this.readyState = 4;
        if (outcome !== 'load') {
          this.status = 0;
          this.channel.errorCode = code;
        }
        // The handlers run after send() has returned, as in a browser.
        setImmediate(() => (outcome === 'load' ? this.onload : outcome === 'timeout' ? this.ontimeout : this.onerror)?.());
      };

      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: this.#method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error: NodeJS.ErrnoException) => settle('error', error.code ?? error.message));
        response.on('end', () => {
          this.status = response.statusCode ?? 0;
          this.#responseHeaders = response.headers;
          this.responseURL = url.href;
          this.responseText = new TextDecoder('utf-8').decode(Buffer.concat(chunks));
          settle('load');
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => settle(error.code === 'ABORT_TIMEOUT' ? 'timeout' : 'error', error.code ?? error.message));
      const timer = this.timeout > 0 ? setTimeout(() => { request.destroy(Object.assign(new Error('timeout'), { code: 'ABORT_TIMEOUT' })); }, this.timeout) : null;
      const untrack = hooks.track(() => request.destroy(Object.assign(new Error('aborted'), { code: 'ABORTED' })));
      this.#abort = () => request.destroy(Object.assign(new Error('aborted'), { code: 'ABORTED' }));
      request.end(bytes ?? undefined);
    }
  };
}

export type TbsyncXmlHttpRequest = InstanceType<ReturnType<typeof createXhrClass>>;
