/**
 * The SyncHdr's credentials, checked by the server (../auth.ts: its accounts, its crypto) for a
 * session not signed in yet; the session machine answers them (212, or 401/407 with a Chal). The
 * nonces an MD5 answer may be over: the challenge this session's key stands for (derived from it
 * by the endpoint, so a refused session keeps nothing) and the one kept for the device.
 */
import type { CredentialOutcome } from '@atomsync/syncml';
import { checkCredentials, freshNonce, type CredentialCheck } from '../auth.js';
import type { SessionInput, SyncmlDeps } from './session.js';

/** The check and what the machine is told of it (an accepted one with the nonce of the device's next session). */
export async function checkMessageCredentials(deps: SyncmlDeps, input: SessionInput): Promise<{ readonly check: CredentialCheck; readonly outcome: CredentialOutcome }> {
  const { store } = deps;
  const { state } = input;
  const check = await checkCredentials(store, deps.secrets, {
    header: input.message.header,
    authorization: input.authorization,
    checkPassword: deps.checkPassword,
    nonces: async (username) => {
      const account = await store.accounts.byUsername(username);
      const device = account && (await store.syncmlDevices.get(account.id, state.deviceId));
      // A challenge is answered once: not by a device that signed in since it was issued.
      const answered = device !== undefined && input.challengeIssued !== undefined && device.updated.getTime() >= input.challengeIssued;
      return [answered ? '' : (state.challengeNonce ?? ''), device?.nonce ?? ''];
    },
  });
  if (!check.ok) {
    deps.log.info({ deviceId: state.deviceId, username: check.username, reason: check.reason }, 'SyncML credentials refused');
    return { check, outcome: { kind: 'refused', refusal: check.refusal, reason: check.reason, challengeNonce: input.challengeNonce } };
  }
  return { check, outcome: { kind: 'accepted', accountId: check.account.id, username: check.account.username, nextNonce: freshNonce() } };
}
