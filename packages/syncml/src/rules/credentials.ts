/**
 * Credentials (SyncML Representation Protocol, "Cred" and "Chal"; DS Protocol, "Authentication"):
 * the two types a DS server takes, how a Cred names its type (Meta Type, basic when absent, in any
 * case), and what the SyncHdr's Status says of them: 212 accepted for the session, 401 refused,
 * 407 missing, each refusal with a Chal naming the type and nonce to answer with.
 */
import type { Chal, Cred } from '../message.js';
import { StatusCode } from './status.js';

export const AUTH_BASIC = 'syncml:auth-basic';
export const AUTH_MD5 = 'syncml:auth-md5';

/** The type a Cred is of, normalized: its Meta Type, trimmed and lower case; basic when it names none. */
export function credentialType(cred: Cred): string {
  return (cred.meta?.type ?? AUTH_BASIC).trim().toLowerCase();
}

/** Why credentials were not accepted: there were none, or they did not check. */
export type CredentialRefusal = 'missing' | 'invalid';

/** The SyncHdr Status of refused credentials. */
export function refusalStatus(refusal: CredentialRefusal): typeof StatusCode.MISSING_CREDENTIALS | typeof StatusCode.INVALID_CREDENTIALS {
  return refusal === 'missing' ? StatusCode.MISSING_CREDENTIALS : StatusCode.INVALID_CREDENTIALS;
}

/** The Chal asking for an MD5 credential over `nonce` (base64), as every refusal and acceptance carries. */
export function md5Challenge(nonce: string): Chal {
  return { meta: { type: AUTH_MD5, format: 'b64', nextNonce: nonce } };
}
