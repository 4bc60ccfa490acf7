// The SyncML DS session machine: pure, driven a message at a time by a server (turn.ts).
export { type BindingSide, challengedState, type DatastorePhase, type DatastoreState, type InChange, initialState, type OutChange, type PartialItem, type SessionState } from './state.js';
export { openTurn, OUR_MAX_MSG_SIZE, OUR_MAX_OBJ_SIZE, resultOf, type SessionEvent, type SessionWrite, type Turn, type TurnInput, type TurnNotes, type TurnResult } from './turn.js';
export { answerCredentials, needsCredentials, type CredentialOutcome } from './credentials.js';
export { alertedDatastores, type AlertedDatastore, type ClientFact, type DatastoreFact, type TurnFacts } from './facts.js';
export { afterRun, finishTurn, readCommands, runsDue, type RunOutcome } from './machine.js';
export { OUT_PAGE, outRange, type OutRow } from './outbound.js';
export { anchorMeta, refsOf, Reply, type StatusInput, type StatusRef } from './reply.js';
export { bindingMode } from './binding.js';
export { serverDatastore } from './datastores.js';
export { serverDevInf } from './server-devinf.js';
