/**
 * Who a phone is (guide/protocol.md#syncml-authentication): SyncML Cred in the SyncHdr, `syncml:auth-basic`
 * (B64 of `user:password`) or `syncml:auth-md5` in the DS 1.1+ form
 * `B64(MD5(B64(MD5(user:password)) ":" nonce))`, where the user is the Source LocName; or HTTP
 * Basic on the request. The password is the account's.
 *
 * MD5 is checked against the nonce this server last gave the device (Chal NextNonce, kept per
 * account and DevID) or gave it earlier in this session; a device with no nonce yet is challenged
 * (401 with a Chal) and answers with credentials over the fresh nonce. An empty nonce is never
 * accepted: a captured first message would otherwise open every later session.
 *
 * A name with no account costs what a known one does: its password is checked against a decoy
 * hash (one scrypt, as for a known name), its MD5 credential against a decoy sealed digest, over
 * the same nonce reads. (Before, only known names paid the scrypt: 252 ms against 12 ms told
 * anyone which names exist.) The throttle around these checks is the endpoint's (auth/sign-in.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AUTH_BASIC, AUTH_MD5, credentialType, type Cred, type CredentialRefusal, type SyncHdr } from '@atomsync/syncml';
import { unwritableIn } from '../http/safe-text.js';
import { basicAuthorization, decodeBasic, type BasicCredentials } from '../auth/basic.js';
import { verifyOrDecoy } from '../auth/password.js';
import type { SecretBox } from '../secrets/box.js';
import type { AccountRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';

export type CredentialCheck =
  | { readonly ok: true; readonly account: AccountRecord; readonly scheme: 'basic' | 'md5' | 'http-basic' }
  | { readonly ok: false; readonly refusal: CredentialRefusal; readonly reason: string; readonly username?: string };

/** A fresh nonce, as sent in NextNonce (base64 of 16 random bytes). */
export function freshNonce(): string {
  return randomBytes(16).toString('base64');
}

const md5 = (data: Buffer | string): Buffer => createHash('md5').update(data).digest();

/** The DS 1.1+ MD5 credential for the account digest `B64(MD5(user:pw))` and a base64 nonce. */
export function md5Credential(accountDigest: string, nonceB64: string): string {
  return md5(Buffer.concat([Buffer.from(`${accountDigest}:`, 'utf8'), Buffer.from(nonceB64, 'base64')])).toString('base64');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A pair with a name (an empty one names no account here), read leniently as phones send it. */
const named = (pair: BasicCredentials | undefined): BasicCredentials | undefined => (pair === undefined || pair.username === '' ? undefined : pair);

/** The HTTP Basic pair of the request: undefined without a Basic header, `pair` undefined when it is malformed. */
function httpBasic(authorization: string | undefined): { readonly pair: BasicCredentials | undefined } | undefined {
  if (!/^Basic\s+\S+$/i.test(authorization ?? '')) return undefined;
  return { pair: named(basicAuthorization(authorization, true)) };
}

/** scrypt against the stored hash, or a decoy's when the name has no account (auth/password.ts). */
const scryptCheck = (_username: string, password: string, stored: string | undefined) => verifyOrDecoy(password, stored);

async function byPassword(store: Store, input: CredentialInput, username: string, password: string): Promise<AccountRecord | undefined> {
  // No account is named with a character XML cannot carry (and PostgreSQL text holds no NUL).
  if (unwritableIn(username) !== undefined) return undefined;
  const account = await store.accounts.byUsername(username);
  const ok = await (input.checkPassword ?? scryptCheck)(username, password, account?.passwordHash);
  return ok && account !== undefined ? account : undefined;
}

/** A sealed MD5 digest no account has, opened for names without one so they cost what a known name does. */
const decoyDigests = new WeakMap<SecretBox, string>();
function decoyDigest(secrets: SecretBox): string {
  let sealed = decoyDigests.get(secrets);
  if (sealed === undefined) {
    sealed = secrets.seal(randomBytes(16).toString('base64'));
    decoyDigests.set(secrets, sealed);
  }
  return sealed;
}

export interface CredentialInput {
  readonly header: SyncHdr;
  /** The request's Authorization header, if any. */
  readonly authorization: string | undefined;
  /** Nonces this device may have answered: the session's and the one kept for the device. */
  readonly nonces: (username: string) => Promise<readonly string[]>;
  /** Checks a password against a stored hash (undefined: no account has the name); default scrypt with a decoy. */
  readonly checkPassword?: (username: string, password: string, stored: string | undefined) => Promise<boolean>;
}

/**
 * The user name a message's credentials name, unchecked: the Cred's (auth-basic: its user;
 * auth-md5: the Source LocName), else HTTP Basic's; undefined when it carries none.
 */
export function claimedUsername(header: SyncHdr, authorization: string | undefined): string | undefined {
  const cred = header.cred;
  if (cred !== undefined) {
    if (credentialType(cred) === AUTH_BASIC) return named(decodeBasic(cred.data, true))?.username ?? '';
    return header.source.locName ?? '';
  }
  const basic = httpBasic(authorization);
  return basic === undefined ? undefined : (basic.pair?.username ?? '');
}

export async function checkCredentials(store: Store, secrets: SecretBox, input: CredentialInput): Promise<CredentialCheck> {
  const cred: Cred | undefined = input.header.cred;
  if (cred === undefined) {
    const basic = httpBasic(input.authorization);
    if (basic === undefined) return { ok: false, refusal: 'missing', reason: 'the message carries no credentials' };
    const { pair } = basic;
    const account = pair && (await byPassword(store, input, pair.username, pair.password));
    return account ? { ok: true, account, scheme: 'http-basic' } : { ok: false, refusal: 'invalid', reason: 'HTTP Basic credentials were not accepted', username: pair?.username };
  }
  const type = credentialType(cred);
  if (type === AUTH_BASIC) {
    const pair = named(decodeBasic(cred.data, true));
    const account = pair && (await byPassword(store, input, pair.username, pair.password));
    return account ? { ok: true, account, scheme: 'basic' } : { ok: false, refusal: 'invalid', reason: 'syncml:auth-basic credentials were not accepted', username: pair?.username };
  }
  if (type === AUTH_MD5) {
    const username = input.header.source.locName;
    if (username === undefined || username === '') return { ok: false, refusal: 'invalid', reason: 'syncml:auth-md5 needs the user name in the Source LocName' };
    if (unwritableIn(username) !== undefined) return { ok: false, refusal: 'invalid', reason: 'syncml:auth-md5 credentials were not accepted' };
    const found = await store.accounts.byUsername(username);
    const account = found?.syncmlDigest == null ? undefined : found;
    let digest: string;
    try {
      digest = secrets.open(account?.syncmlDigest ?? decoyDigest(secrets));
    } catch {
      // Sealed under another secret key (ATOMSYNC_SECRET_KEY changed, or instances with different
      // keys): no MD5 credential can be checked until the password is set again.
      return {
        ok: false,
        refusal: 'invalid',
        reason: "syncml:auth-md5 cannot be checked: the account's MD5 digest was sealed with another secret key (ATOMSYNC_SECRET_KEY); setting the password again renews it",
        username,
      };
    }
    let matched = false;
    for (const nonce of await input.nonces(username)) {
      if (nonce !== '' && sameText(md5Credential(digest, nonce), cred.data.trim())) matched = true;
    }
    if (matched && account !== undefined) return { ok: true, account, scheme: 'md5' };
    return { ok: false, refusal: 'invalid', reason: 'syncml:auth-md5 credentials were not accepted (or were made with a nonce this server did not issue)', username };
  }
  return { ok: false, refusal: 'invalid', reason: `unsupported authentication type ${JSON.stringify(type)}` };
}
