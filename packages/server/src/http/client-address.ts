/**
 * The address a request came from, as the sign-in throttle counts it (auth/sign-in.ts): the peer of
 * the connection, or, behind `hops` trusted proxies (ATOMSYNC_TRUST_PROXY), the address the
 * outermost of them saw, from `Forwarded: for=` (RFC 7239) or else `X-Forwarded-For`, read from the
 * right as http/forwarded.ts reads proto and host. A value that is no IP address (`unknown`, an
 * obfuscated `_name`) is ignored, and the peer's stands.
 *
 * An IPv6 address counts as its /64: one subscriber is routinely given a whole /64, and counting
 * each of its 2^64 addresses apart would give them as many budgets. An IPv4-mapped IPv6 address
 * counts as its IPv4 address. Without any address (a request handed to `app.fetch` in process)
 * the source is `unknown`, one shared source.
 */
import { isIP } from 'node:net';
import type { H3Event } from 'h3';
import { parseForwarded } from './forwarded.js';

const addresses = new WeakMap<H3Event, string>();

/** What the outermost of `hops` trusted proxies wrote. */
function trusted<T>(values: readonly T[], hops: number): T | undefined {
  return values.length === 0 ? undefined : values[Math.max(0, values.length - hops)];
}

/** An address as a node (`for=`) or list value writes it: quotes, brackets and a port taken off. */
function bare(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let text = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed !== null) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  return isIP(text) === 0 ? undefined : text;
}

/** The key an address is counted under. */
export function sourceKey(address: string | undefined): string {
  if (address === undefined || isIP(address) === 0) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1]!;
  if (isIP(address) === 4) return address;
  return `${ipv6Prefix64(address)}::/64`;
}

/** The first four groups of an IPv6 address, written out. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::a.b.c.d) lies past the prefix.
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? String(Number.parseInt(group, 16).toString(16)) : '0'))
    .join(':');
}

/** The client's address per `hops` trusted proxies; the peer's when they say nothing valid. */
export function clientAddress(headers: Headers, peer: string | undefined, hops: number | undefined): string | undefined {
  if (hops === undefined || hops <= 0) return peer;
  const forwarded = headers.get('forwarded');
  const fromForwarded = forwarded === null ? undefined : trusted(parseForwarded(forwarded), hops)?.get('for');
  const list = (headers.get('x-forwarded-for') ?? '').split(',').map((v) => v.trim()).filter((v) => v !== '');
  return bare(fromForwarded ?? trusted(list, hops)) ?? peer;
}

/** Notes the request's source once it arrives (the app's onRequest hook). */
export function noteSource(event: H3Event, hops: number | undefined): void {
  addresses.set(event, sourceKey(clientAddress(event.req.headers, peerOf(event), hops)));
}

/** The source the request counts under; read from the connection if the app did not note it. */
export function sourceOf(event: H3Event): string {
  return addresses.get(event) ?? sourceKey(peerOf(event));
}

function peerOf(event: H3Event): string | undefined {
  return (event.req as { ip?: string }).ip;
}
