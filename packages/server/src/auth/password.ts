/**
 * Password hashing: scrypt (node:crypto), kept in a self-describing form
 * `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` so the cost can be raised later without
 * invalidating stored hashes. Used for account passwords and ActiveSync client passwords.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/** N = 2^15, r = 8, p = 1: OWASP's scrypt minimum; ~50 ms here, so verified logins are cached (auth/). */
const LOG2_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
// N * r * 128 bytes = 32 MiB, just at node's default maxmem: raise it.
const MAXMEM = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_BYTES, { N: 2 ** LOG2_N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${LOG2_N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

let decoy: Promise<string> | undefined;

/**
 * `verify` (scrypt by default) against the stored hash, or against a decoy's when the name has
 * none: the same work either way, so timing does not tell which names exist. True only for a real
 * hash that matches.
 */
export async function verifyOrDecoy(password: string, stored: string | undefined, verify: (password: string, stored: string) => Promise<boolean> = verifyPassword): Promise<boolean> {
  const ok = await verify(password, stored ?? (await (decoy ??= hashPassword('atomsync decoy password'))));
  return ok && stored !== undefined;
}

/** Constant-time; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
