/**
 * The SyncHdr's Status (package 1, or any message until credentials are accepted). The server
 * checks the credentials (their crypto and its accounts are its own) and says how it went; this
 * answers: 200 to a session already signed in, 212 with the nonce of the device's next session
 * when accepted, else 401/407 with a Chal over the session's challenge nonce, and the message's
 * commands are not run.
 */
import { md5Challenge, refusalStatus, type CredentialRefusal } from '../rules/credentials.js';
import { StatusCode } from '../rules/status.js';
import type { SessionState } from './state.js';
import type { Turn } from './turn.js';

/** How the server's check of a message's credentials went. */
export type CredentialOutcome =
  | { readonly kind: 'accepted'; readonly accountId: number; readonly username: string; readonly nextNonce: string }
  | {
      readonly kind: 'refused';
      readonly refusal: CredentialRefusal;
      readonly reason: string;
      /** The nonce the refusal challenges with (the Chal's NextNonce). */
      readonly challengeNonce: string;
    };

/** Whether the message's credentials are to be checked: the session is not signed in yet. */
export function needsCredentials(state: SessionState): boolean {
  return state.accountId === undefined;
}

/**
 * Answers the SyncHdr; true when the session may go on to the message's commands. `outcome` is
 * the server's check, undefined when the session was signed in already (needsCredentials).
 */
export function answerCredentials(turn: Turn, outcome: CredentialOutcome | undefined): boolean {
  const { state, reply } = turn;
  const { header } = turn.message;
  const hdr = { cmdRef: '0', cmd: 'SyncHdr', targetRefs: [header.target.locUri], sourceRefs: [header.source.locUri] };
  if (!needsCredentials(state)) {
    reply.status({ ...hdr, data: StatusCode.OK });
    return true;
  }
  if (outcome === undefined) throw new Error('the SyncML session is not signed in: its credentials must be checked');
  if (outcome.kind === 'refused') {
    state.challengeNonce = outcome.challengeNonce;
    state.status = refusalStatus(outcome.refusal);
    state.reason = outcome.reason;
    reply.status({ ...hdr, data: state.status, chal: md5Challenge(outcome.challengeNonce) });
    reply.final = true;
    return false;
  }
  state.accountId = outcome.accountId;
  state.username = outcome.username;
  delete state.challengeNonce;
  delete state.status;
  delete state.reason;
  reply.status({ ...hdr, data: StatusCode.AUTHENTICATED, chal: md5Challenge(outcome.nextNonce) });
  return true;
}
