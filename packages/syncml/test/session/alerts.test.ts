/**
 * The SyncHdr and the Alerts of package 1, table-driven from OMA DS 1.2: the SyncHdr's Status
 * (Representation Protocol §"Response Status Codes": 200, 212, 401, 407 and the Chal), the alert
 * codes (DS Protocol §"Alert Codes"), and when an alerted sync becomes a slow sync (DS Protocol
 * §"Slow Sync", Status 508). No store: facts are given.
 */
import { describe, expect, it } from 'vitest';
import { AlertCode, bindingMode, performedMode, StatusCode, type Alert, type CredentialOutcome, type SyncmlMessage } from '../../src/index.js';
import { ACCEPTED, alert, bound, codes, facts, MemoryServer, phoneMessage } from '../support/session.js';

const alertsOf = (reply: SyncmlMessage): Alert[] => reply.commands.filter((c): c is Alert => c.kind === 'Alert');

describe('the SyncHdr Status', () => {
  const refused = (refusal: 'missing' | 'invalid'): CredentialOutcome => ({ kind: 'refused', refusal, reason: 'no', challengeNonce: 'Y2hhbA==' });
  it.each([
    { outcome: ACCEPTED, status: 212, nonce: 'bmV4dA==', runs: true },
    { outcome: refused('invalid'), status: 401, nonce: 'Y2hhbA==', runs: false },
    { outcome: refused('missing'), status: 407, nonce: 'Y2hhbA==', runs: false },
  ])('answers credentials $outcome.kind ($status) with an MD5 Chal', ({ outcome, status, nonce, runs }) => {
    const server = new MemoryServer(phoneMessage([]));
    const { reply, state } = server.turn(phoneMessage([alert(200)]), facts(), outcome);
    const hdr = reply.commands.find((c) => c.kind === 'Status' && c.cmd === 'SyncHdr');
    expect(hdr).toMatchObject({ data: status, cmdRef: '0', chal: { meta: { type: 'syncml:auth-md5', format: 'b64', nextNonce: nonce } } });
    // Refused: the commands are not run, the reply is final, the state says why.
    expect(codes(reply, 'Alert').length > 0).toBe(runs);
    expect(reply.final || runs).toBe(true);
    expect(state.status).toBe(runs ? undefined : status);
    expect(state.challengeNonce).toBe(runs ? undefined : 'Y2hhbA==');
  });

  it('answers 200 without a Chal once the session is signed in', () => {
    const server = new MemoryServer(phoneMessage([]));
    server.turn(phoneMessage([alert(200)], { final: false }));
    const { reply } = server.turn(phoneMessage([], { msgId: '2', final: false }));
    expect(reply.commands[0]).toMatchObject({ kind: 'Status', cmd: 'SyncHdr', data: StatusCode.OK, msgRef: '2' });
    expect(reply.commands[0]).not.toHaveProperty('chal');
  });
});

describe('alert codes', () => {
  it.each([
    [200, 200],
    [201, 201],
    [202, 202],
    [203, 203],
    [204, 204],
    [205, 205],
    // Server-alerted (206–210): the same sync as the client's code.
    [206, 200],
    [207, 202],
    [208, 203],
    [209, 204],
    [210, 205],
    // A resume runs as a two-way sync (nothing of the broken session is kept).
    [225, 200],
  ])('alert %i syncs in mode %i when the anchors are in step', (code, mode) => {
    const server = new MemoryServer(phoneMessage([]));
    const { reply, state } = server.turn(phoneMessage([alert(code, { last: 'a0', next: 'a1' })]), facts({ contacts: bound('a0', 'p0') }));
    expect(codes(reply, 'Alert')).toEqual([StatusCode.OK]);
    expect(alertsOf(reply).map((a) => a.data)).toEqual([mode]);
    expect(state.datastores).toMatchObject([{ serverUri: 'contacts', phoneMode: mode, phase: 'receiving', phoneNext: 'a1' }]);
  });

  it.each([
    [AlertCode.NEXT_MESSAGE, StatusCode.OK],
    [AlertCode.SUSPEND, StatusCode.OK],
    [299, StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED],
    [100, StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED],
  ])('alert %i alerts no datastore and is answered %i', (code, status) => {
    const server = new MemoryServer(phoneMessage([]));
    const { reply, state } = server.turn(phoneMessage([alert(code)], { final: false }));
    expect(codes(reply, 'Alert')).toEqual([status]);
    expect(state.datastores).toEqual([]);
  });

  it.each([
    { why: 'no server datastore of that name', target: './nowhere', turnFacts: facts(), reason: 'there is no server datastore "./nowhere" (contacts, calendar, events, tasks, notes)' },
    { why: 'no SyncML client', target: './contacts', turnFacts: facts({}, { client: { refused: 'no client' } }), reason: 'no client' },
    { why: 'no binding', target: './contacts', turnFacts: facts({ contacts: { refused: 'no binding' } }), reason: 'no binding' },
  ])('refuses a sync with $why: 404, and nothing is alerted', ({ target, turnFacts, reason }) => {
    const server = new MemoryServer(phoneMessage([]));
    const { reply, state, events } = server.turn(phoneMessage([alert(200, { target })]), turnFacts);
    expect(codes(reply, 'Alert')).toEqual([StatusCode.NOT_FOUND]);
    expect(alertsOf(reply)).toEqual([]);
    expect(state.datastores).toEqual([]);
    expect(state.reason).toBe(reason);
    expect(events.map((e) => e.message)).toEqual(['SyncML Alert refused']);
  });

  it('answers no Alert marked NoResp, yet alerts its datastore', () => {
    const server = new MemoryServer(phoneMessage([]));
    const { reply, state } = server.turn(phoneMessage([alert(201, { noResp: true })]));
    expect(codes(reply, 'Alert')).toEqual([]);
    expect(alertsOf(reply).map((a) => a.data)).toEqual([201]);
    expect(state.datastores).toHaveLength(1);
  });

  it('claims the SyncML client that waited for its first session, once', () => {
    const server = new MemoryServer(phoneMessage([]));
    const turnFacts = facts({ contacts: bound(), calendar: bound() }, { client: { uuid: 'c-9', claims: true } });
    const { writes, state } = server.turn(phoneMessage([alert(201), alert(201, { cmdId: '2', target: './calendar' })]), turnFacts);
    expect(writes.filter((w) => w.kind === 'claim-client')).toEqual([{ kind: 'claim-client', clientUuid: 'c-9' }]);
    expect(state.clientUuid).toBe('c-9');
  });
});

describe('slow-sync triggers (Status 508)', () => {
  // kept: the phone side's anchor kept by the server; peer: the other side's; last: the phone's Last.
  it.each([
    { mode: 200, kept: 'a0', peer: 'p0', last: 'a0', performed: 200 },
    { mode: 200, kept: 'a0', peer: 'p0', last: 'a9', performed: 201 },
    { mode: 200, kept: 'a0', peer: 'p0', last: undefined, performed: 201 },
    { mode: 200, kept: null, peer: null, last: 'a0', performed: 201 },
    { mode: 200, kept: 'a0', peer: null, last: 'a0', performed: 201 },
    { mode: 202, kept: 'a0', peer: 'p0', last: 'a9', performed: 201 },
    { mode: 204, kept: null, peer: 'p0', last: 'a0', performed: 201 },
    { mode: 204, kept: 'a0', peer: 'p0', last: 'a0', performed: 204 },
    // Slow and refresh syncs need no anchors in step.
    { mode: 201, kept: null, peer: null, last: undefined, performed: 201 },
    { mode: 203, kept: 'a0', peer: 'p0', last: 'a9', performed: 203 },
    { mode: 205, kept: null, peer: null, last: undefined, performed: 205 },
  ] as const)('alert $mode with kept $kept, peer $peer, Last $last runs as $performed', ({ mode, kept, peer, last, performed }) => {
    expect(performedMode(mode, { phoneLast: last, kept, peer })).toBe(performed);
    const server = new MemoryServer(phoneMessage([]));
    const { reply } = server.turn(phoneMessage([alert(mode, last === undefined ? {} : { last })]), facts({ contacts: bound(kept, peer) }));
    expect(codes(reply, 'Alert')).toEqual([performed === mode ? StatusCode.OK : StatusCode.REFRESH_REQUIRED]);
    // Our Alert names the mode performed and carries the anchor kept from the phone's last session.
    expect(alertsOf(reply)).toMatchObject([{ data: performed, items: [{ meta: { anchor: { next: 'n1', ...(kept === null ? {} : { last: kept }) } } }] }]);
  });
});

describe("the phone's mode as its binding's run takes it", () => {
  it.each([
    [200, 200, 200],
    [201, 201, 201],
    [202, 202, 204],
    [203, 203, 205],
    [204, 204, 202],
    [205, 205, 203],
  ] as const)('mode %i is %i for a phone that is the source, %i for one that is the target', (mode, asSource, asTarget) => {
    expect([bindingMode(mode, 'source'), bindingMode(mode, 'target')]).toEqual([asSource, asTarget]);
  });
});
