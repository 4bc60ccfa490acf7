/**
 * Behind a reverse proxy (ATOMSYNC_TRUST_PROXY): the scheme and host the client used, from
 * `Forwarded` (RFC 7239: its `proto` and `host` parameters) or else `X-Forwarded-Proto` /
 * `X-Forwarded-Host`, become the request URL's origin, so `{base_url}` in ids and links, OAuth 1.0a
 * signature checks and the SyncML RespURI all name the address the client addressed.
 *
 * Trust is by count: with `hops` proxies in front, each appending its element (or value) to what
 * it received, the one the outermost trusted proxy wrote is `hops` from the right; anything left
 * of it came from the client, who may write whatever it likes. A header with fewer values than
 * that (a proxy that overwrites rather than appends) gives its first. A value that is no scheme
 * (http, https) or no host[:port] is ignored; without a trusted value the request's own stands.
 * Never called unless configured: by default these headers are ignored.
 */
import type { H3Event } from 'h3';

export interface ForwardedOrigin {
  /** `http` or `https`. */
  readonly proto?: string;
  /** `host` or `host:port`, as the client sent it in Host. */
  readonly host?: string;
}

/** A token or quoted-string value (RFC 7230), the element list split where no quote protects it. */
export function parseForwarded(header: string): Map<string, string>[] {
  const elements: Map<string, string>[] = [];
  let current = new Map<string, string>();
  let i = 0;
  const n = header.length;
  const skipSpace = () => {
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  while (i < n) {
    skipSpace();
    const nameStart = i;
    while (i < n && !'=;,'.includes(header[i]!)) i++;
    const name = header.slice(nameStart, i).trim().toLowerCase();
    let value = '';
    if (header[i] === '=') {
      i++;
      skipSpace();
      if (header[i] === '"') {
        i++;
        while (i < n && header[i] !== '"') {
          if (header[i] === '\\' && i + 1 < n) i++;
          value += header[i];
          i++;
        }
        i++; // the closing quote
        while (i < n && !';,'.includes(header[i]!)) i++;
      } else {
        const start = i;
        while (i < n && !';,'.includes(header[i]!)) i++;
        value = header.slice(start, i).trim();
      }
    }
    // The first of a repeated parameter counts (RFC 7239 forbids repeats).
    if (name !== '' && !current.has(name)) current.set(name, value);
    if (header[i] === ',') {
      elements.push(current);
      current = new Map();
    }
    i++;
  }
  elements.push(current);
  return elements.filter((element) => element.size > 0);
}

/** The value the outermost of `hops` trusted proxies wrote. */
function trusted<T>(values: readonly T[], hops: number): T | undefined {
  if (values.length === 0) return undefined;
  return values[Math.max(0, values.length - hops)];
}

function list(header: string | null): string[] {
  return header === null ? [] : header.split(',').map((v) => v.trim()).filter((v) => v !== '');
}

const PROTO = /^https?$/;
// A registered name or IPv4 address, or a bracketed IPv6 address; an optional port.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

function validProto(value: string | undefined): string | undefined {
  const v = value?.toLowerCase();
  return v !== undefined && PROTO.test(v) ? v : undefined;
}

function validHost(value: string | undefined): string | undefined {
  if (value === undefined || value.length > 260 || !HOST.test(value)) return undefined;
  const port = /:(\d+)$/.exec(value)?.[1];
  if (port !== undefined && Number(port) > 65535) return undefined;
  try {
    new URL(`http://${value}/`);
  } catch {
    return undefined;
  }
  return value;
}

/** What the trusted proxies say of the client's scheme and host; each field only when valid. */
export function forwardedOrigin(headers: Headers, hops: number): ForwardedOrigin {
  const forwarded = headers.get('forwarded');
  const element = forwarded === null ? undefined : trusted(parseForwarded(forwarded), hops);
  const proto = validProto(element?.get('proto') ?? trusted(list(headers.get('x-forwarded-proto')), hops));
  const host = validHost(element?.get('host') ?? trusted(list(headers.get('x-forwarded-host')), hops));
  return { ...(proto === undefined ? {} : { proto }), ...(host === undefined ? {} : { host }) };
}

/**
 * Rewrites the event's URL origin to what the trusted proxies say; the path and query stay as
 * h3 parsed them (routing is unaffected). A forwarded host replaces the port too: a host without
 * one means the scheme's default port.
 */
export function applyForwarded(event: H3Event, hops: number): void {
  const { proto, host } = forwardedOrigin(event.req.headers, hops);
  if (proto === undefined && host === undefined) return;
  const url = event.url;
  if (proto !== undefined) url.protocol = `${proto}:`;
  if (host !== undefined) {
    url.port = '';
    url.host = host;
  }
}
