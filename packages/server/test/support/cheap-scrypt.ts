/**
 * node:crypto with a cheap scrypt, for test files whose question is not scrypt's cost: each file
 * passes it to its own `vi.mock('node:crypto', …)`. The server's scrypt (auth/password.ts) costs
 * N = 2^15 (32 MiB, ~50–100 ms) by design; a test that sends hundreds of refused passwords paid
 * that for each, most of its time on two cores. Here every call runs at N = 2^4 instead, hashing
 * and verifying alike, so a hash still verifies against its own password and no other: the same
 * answers from the same code (the stored form still says 2^15: it is what the server wrote). Each
 * call is also counted, where node:crypto is called, for tests that count scrypts.
 */
import type * as crypto from 'node:crypto';

export const CHEAP_SCRYPT_N = 2 ** 4;

export interface ScryptCount {
  count: number;
}

/** The real node:crypto with scrypt cheapened (and counted in `counter`, when given). */
export function cheapScrypt(real: typeof crypto, counter?: ScryptCount): typeof crypto {
  const scrypt = (password: crypto.BinaryLike, salt: crypto.BinaryLike, keylen: number, ...rest: unknown[]) => {
    if (counter !== undefined) counter.count++;
    const callback = rest.pop() as (err: Error | null, key: Buffer) => void;
    // `cost` is scrypt's other name for N: one of them only.
    const { cost: _cost, N: _n, ...options } = (rest[0] ?? {}) as crypto.ScryptOptions;
    real.scrypt(password, salt, keylen, { ...options, N: CHEAP_SCRYPT_N }, callback);
  };
  return { ...real, default: { ...real, scrypt }, scrypt } as unknown as typeof crypto;
}
