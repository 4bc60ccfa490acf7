/**
 * The SyncHdr's credentials (package 1, or any message until they are accepted): checked once per
 * session (../auth.ts), answered 212 with the nonce of the device's next session, else 401/407
 * with a Chal over the session's challenge nonce (derived from its key by the endpoint: a refused
 * session keeps nothing). A session that is authenticated answers its SyncHdr 200.
 */
import { StatusCode } from '@atomsync/syncml';
import { AUTH_MD5, checkCredentials, freshNonce } from '../auth.js';
import type { Session } from './session.js';

/** The SyncHdr's Status; true when the session may go on to the message's commands. */
export async function authenticate(session: Session): Promise<boolean> {
  const { state, reply, deps } = session;
  const { store } = deps;
  const { header } = session.message;
  const hdr = { cmdRef: '0', cmd: 'SyncHdr', targetRefs: [header.target.locUri], sourceRefs: [header.source.locUri] };
  if (state.accountId !== undefined) {
    reply.status({ ...hdr, data: StatusCode.OK });
    return true;
  }
  const check = await checkCredentials(store, deps.secrets, {
    header,
    authorization: session.authorization,
    checkPassword: deps.checkPassword,
    nonces: async (username) => {
      const account = await store.accounts.byUsername(username);
      const device = account && (await store.syncmlDevices.get(account.id, state.deviceId));
      // A challenge is answered once: not by a device that signed in since it was issued.
      const answered = device !== undefined && session.challengeIssued !== undefined && device.updated.getTime() >= session.challengeIssued;
      return [answered ? '' : (state.challengeNonce ?? ''), device?.nonce ?? ''];
    },
  });
  if (!check.ok) {
    state.challengeNonce = session.challengeNonce;
    state.status = check.status;
    state.reason = check.reason;
    reply.status({ ...hdr, data: check.status, chal: { meta: { type: AUTH_MD5, format: 'b64', nextNonce: session.challengeNonce } } });
    deps.log.info({ deviceId: state.deviceId, username: check.username, reason: check.reason }, 'SyncML credentials refused');
    return false;
  }
  const nonce = freshNonce();
  const chal = { meta: { type: AUTH_MD5, format: 'b64', nextNonce: nonce } };
  state.accountId = check.account.id;
  state.username = check.account.username;
  delete state.challengeNonce;
  delete state.status;
  delete state.reason;
  await session.onAuthenticated(state);
  // The nonce of the device's next session: kept before it is sent.
  await store.syncmlDevices.save(check.account.id, state.deviceId, { nonce });
  reply.status({ ...hdr, data: StatusCode.AUTHENTICATED, chal });
  return true;
}
