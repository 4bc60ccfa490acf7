/**
 * The href is the user's to choose, so the server fetches what it is told: never a link-local or
 * cloud-metadata address (169.254.0.0/16 holds 169.254.169.254, the metadata service of AWS, GCP
 * and Azure; fe80::/10; AWS's fd00:ec2::254; Alibaba's 100.100.100.200). Checked on every address a
 * host name resolves to, at connect time (the lookup the agent uses), so a DNS answer cannot slip
 * one in after a check, and on literal IP hosts before sending. Loopback and private ranges are
 * allowed: a Radicale on the same host or the LAN is a normal set-up (an operator setting to refuse
 * them is not built yet).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ExtdataError } from '../transport.js';

export const ALWAYS_REFUSED = new BlockList();
ALWAYS_REFUSED.addSubnet('169.254.0.0', 16, 'ipv4');
ALWAYS_REFUSED.addAddress('100.100.100.200', 'ipv4');
ALWAYS_REFUSED.addSubnet('fe80::', 10, 'ipv6');
ALWAYS_REFUSED.addAddress('fd00:ec2::254', 'ipv6');

/** A request to an address the rules refuse: never sent. */
export class RefusedAddress extends ExtdataError {}

export function isRefused(address: string, refused: BlockList = ALWAYS_REFUSED): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return refused.check(mapped, 'ipv4');
  const family = isIP(address);
  return family !== 0 && refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Throws RefusedAddress when `url`'s host is a literal address the rules refuse. */
export function checkLiteralHost(url: URL, refused: BlockList = ALWAYS_REFUSED): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isRefused(host, refused)) throw new RefusedAddress(`${url.origin}: ${host} is a link-local or cloud-metadata address; the server does not connect there`);
}

/** A dns.lookup for the agent's connections that fails on any refused address among the answers. */
export function refusingLookup(refused: BlockList = ALWAYS_REFUSED): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...(options as object), all: true } as LookupAllOptions, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((a) => isRefused(a.address, refused));
      if (bad !== undefined) {
        const refusal = Object.assign(new RefusedAddress(`${hostname} resolves to ${bad.address}, a link-local or cloud-metadata address; the server does not connect there`), { code: 'EREFUSEDADDRESS' });
        return callback(refusal, '', 0);
      }
      if ((options as { all?: boolean }).all === true) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
