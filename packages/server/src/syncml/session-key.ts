/**
 * The keys of our RespURI. A session's key is 32 random bytes (256 bits), issued once the
 * session's credentials are accepted; the session is kept under its digest. A refused message
 * writes nothing to the store (anonymous traffic must not cost storage), yet the phone answers our
 * challenge (401/407 with a Chal) on the RespURI of that reply, with an MD5 credential over the
 * Chal's nonce, and MD5 nonces are per session: the answer must be checked against that very
 * nonce. So the RespURI of a refusal carries a challenge key, which can be checked when it comes
 * back without being kept: 32 bytes, base64url (43 characters, the form of every key), made of
 *
 *   issued (6 bytes, epoch ms) ‖ random (10 bytes) ‖ tag (16 bytes)
 *
 * where the tag is an HMAC under a key derived from the server's secret key (SecretBox.mac) over
 * the issue time, the random part, and the DevID and SessionID it was issued to. A key that names
 * no stored session is a challenge only when its tag is ours for this very DevID and SessionID and
 * it is younger than the session idle limit; its Chal's nonce is derived from it
 * (`challengeNonce`). A random key never passes (the tag), so a session's key, once its session is
 * gone, opens nothing.
 *
 * One answer per challenge: an MD5 answer over a challenge's nonce is accepted only while the
 * device (per account, DevID) has not signed in since the challenge was issued (auth.ts), so a
 * replay of an accepted answer opens nothing. (An auth-basic answer carries the password itself:
 * whoever can replay it can sign in anyway.)
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../secrets/box.js';

const ISSUED_BYTES = 6;
const RANDOM_BYTES = 10;
const TAG_BYTES = 16;
const KEY_BYTES = ISSUED_BYTES + RANDOM_BYTES + TAG_BYTES;

/** A key as we issue it (session or challenge). Anything else names nothing. */
export const KEY_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** A session's key: 32 random bytes, base64url. */
export const newSessionKey = (): string => randomBytes(32).toString('base64url');

/** Who a challenge key was issued to: the phone's DevID (SyncHdr Source LocURI) and its SessionID. */
export interface KeyHolder {
  readonly deviceId: string;
  readonly phoneSessionId: string;
}

function tagOf(secrets: SecretBox, head: Buffer, holder: KeyHolder): Buffer {
  // JSON keeps the two strings apart whatever they hold.
  const bound = Buffer.concat([head, Buffer.from(JSON.stringify([holder.deviceId, holder.phoneSessionId]), 'utf8')]);
  return secrets.mac('syncml challenge key', bound).subarray(0, TAG_BYTES);
}

/** A new challenge key for the phone `holder`, issued at `now` (epoch ms). */
export function mintChallengeKey(secrets: SecretBox, holder: KeyHolder, now: number): string {
  const head = Buffer.alloc(ISSUED_BYTES + RANDOM_BYTES);
  head.writeUIntBE(now, 0, ISSUED_BYTES);
  randomBytes(RANDOM_BYTES).copy(head, ISSUED_BYTES);
  return Buffer.concat([head, tagOf(secrets, head, holder)]).toString('base64url');
}

/**
 * When `key` was issued, if it is a challenge key we issued to `holder` less than `maxAgeMs`
 * before `now`; else undefined.
 */
export function challengeIssued(secrets: SecretBox, key: string, holder: KeyHolder, now: number, maxAgeMs: number): number | undefined {
  if (!KEY_FORMAT.test(key)) return undefined;
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== KEY_BYTES) return undefined;
  const head = bytes.subarray(0, ISSUED_BYTES + RANDOM_BYTES);
  if (!timingSafeEqual(bytes.subarray(ISSUED_BYTES + RANDOM_BYTES), tagOf(secrets, head, holder))) return undefined;
  const issued = head.readUIntBE(0, ISSUED_BYTES);
  // A minute of slack for the clocks of instances sharing the secret key.
  return issued - now <= 60_000 && now - issued <= maxAgeMs ? issued : undefined;
}

/** The nonce of the Chal whose reply carries challenge key `key`: base64 of 16 bytes, as freshNonce. */
export function challengeNonce(secrets: SecretBox, key: string): string {
  return secrets.mac('syncml challenge nonce', key).subarray(0, 16).toString('base64');
}
