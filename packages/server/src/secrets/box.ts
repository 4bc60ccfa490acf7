/**
 * SecretBox: seals the secrets the server must recover later (OAuth consumer secrets, extdata
 * token key/secret, the SyncML MD5 digest) with AES-256-GCM before they reach the store, so a
 * copy of the database alone reveals none of them. Passwords and bearer tokens are hashed
 * instead (auth/), never sealed.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  readonly #key: Buffer;
  /** HMAC keys derived from the box's key, one per purpose (see `mac`). */
  readonly #macKeys = new Map<string, Buffer>();

  constructor(key: Uint8Array) {
    if (key.length !== 32) throw new RangeError('a SecretBox key is 32 bytes');
    this.#key = Buffer.from(key);
  }

  /** `v1:` + base64(iv ‖ tag ‖ ciphertext). */
  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when `sealed` was not sealed with this key (or was tampered with). */
  open(sealed: string): string {
    if (!sealed.startsWith(`${VERSION}:`)) throw new Error('not a sealed secret');
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /**
   * HMAC-SHA256 of `data` under a key derived (HKDF) from the box's key for `purpose`: a tag only
   * the holders of the secret key can make, so something handed out (a SyncML challenge key) can
   * be checked when it comes back without keeping it. One derived key per purpose, never the
   * sealing key itself.
   */
  mac(purpose: string, data: string | Uint8Array): Buffer {
    let key = this.#macKeys.get(purpose);
    if (key === undefined) {
      key = Buffer.from(hkdfSync('sha256', this.#key, Buffer.alloc(0), `atomsync mac: ${purpose}`, 32));
      this.#macKeys.set(purpose, key);
    }
    return createHmac('sha256', key).update(data).digest();
  }

  /** A box with a fresh random key: for tests and in-memory servers, whose secrets die with them. */
  static ephemeral(): SecretBox {
    return new SecretBox(randomBytes(32));
  }
}
