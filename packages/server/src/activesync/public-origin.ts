/**
 * The origin Autodiscover hands a phone, which the phone then keeps and sends its credentials to:
 * never the request's `Host` header, which whoever asks writes as they like (and a shared cache or
 * a proxy could hand the answer on). In order:
 *
 * 1. ATOMSYNC_BASE_URL, when configured;
 * 2. behind trusted proxies (ATOMSYNC_TRUST_PROXY), the origin they say (http/forwarded.ts has
 *    rewritten the request URL with their forwarded scheme and host; without one, the Host they passed on);
 * 3. else the address the connection came in on (the socket's local address and port, https when
 *    it is our TLS): what the phone did reach, and nothing a client chooses. A name (and a
 *    certificate for it) needs ATOMSYNC_BASE_URL, as guide/operators.md says.
 *
 * In memory (app.fetch, no socket) there is no connection: the request's origin, as its caller made it.
 */
import type { H3Event } from 'h3';

export interface OriginSettings {
  /** ATOMSYNC_BASE_URL without its trailing slash. */
  readonly baseUrl?: string;
  /** How many reverse proxies in front are trusted (ATOMSYNC_TRUST_PROXY); none by default. */
  readonly trustProxy?: number;
}

/** `::ffff:10.0.0.1` (an IPv4 connection to a dual-stack socket) → `10.0.0.1`; IPv6 bracketed. */
function hostOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped !== null) return mapped[1]!;
  return address.includes(':') ? `[${address}]` : address;
}

export function publicOrigin(event: H3Event, settings: OriginSettings): string {
  if (settings.baseUrl !== undefined) return settings.baseUrl;
  if (settings.trustProxy !== undefined && settings.trustProxy > 0) return event.url.origin;
  const socket = event.runtime?.node?.req.socket as (import('node:net').Socket & { encrypted?: boolean }) | undefined;
  if (socket?.localAddress === undefined || socket.localPort === undefined) return event.url.origin;
  const scheme = socket.encrypted === true ? 'https' : 'http';
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${hostOf(socket.localAddress)}${socket.localPort === defaultPort ? '' : `:${socket.localPort}`}`;
}
