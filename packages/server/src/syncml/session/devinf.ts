/**
 * DevInf both ways. The phone's (Put, or Results answering our Get) is kept per device: it decides
 * what we send it (renderer, large objects). A phone whose DevInf we do not have is asked for it
 * with a Get in our package 2. A phone's Get of ours is answered with Results listing the
 * datastores it alerts in the same message.
 */
import { DEVINF_MEDIA_TYPES, devinfUri, isDevinfUri, StatusCode, type DevInf, type Get, type Item, type Put, type Results } from '@atomsync/syncml';
import { refsOf } from '../reply.js';
import { serverDevInf } from '../server-devinf.js';
import { DEVINF } from './codecs.js';
import { accountIdOf, type Session } from './session.js';

export async function onPut(session: Session, put: Put): Promise<void> {
  const kept = await keepDevInf(session, put.items);
  if (!put.noResp) session.reply.status({ cmdRef: put.cmdId, cmd: 'Put', data: kept ? StatusCode.OK : StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED, ...refsOf(put) });
}

/** The phone's DevInf, answering our Get. */
export async function onResults(session: Session, results: Results): Promise<void> {
  await keepDevInf(session, results.items);
  if (!results.noResp) session.reply.status({ cmdRef: results.cmdId, cmd: 'Results', data: StatusCode.OK, ...refsOf(results) });
}

/** Keeps the phone's DevInf (Put, or Results of our Get): it decides what we send it. */
async function keepDevInf(session: Session, items: readonly Item[]): Promise<boolean> {
  const devinf = items.find((item) => item.devinf !== undefined)?.devinf;
  if (devinf === undefined) return false;
  const { state } = session;
  await session.deps.store.syncmlDevices.save(accountIdOf(session), state.deviceId, { devinf: DEVINF.encode(devinf) });
  state.largeObjects = devinf.supportLargeObjs;
  state.devinfKnown = true;
  return true;
}

/** The DevInf kept for the phone's device, if any; a StoredDataError when it does not decode. */
export async function keptDevInf(session: Session): Promise<DevInf | undefined> {
  const device = await session.deps.store.syncmlDevices.get(accountIdOf(session), session.state.deviceId);
  return device?.devinf ? DEVINF.decode(device.devinf, "the DevInf kept for the phone's device") : undefined;
}

/**
 * A phone whose DevInf we do not have (it Put it in a session we refused, or never does) is
 * asked for it with a Get in our package 2; its Results come with its package 3.
 */
export async function askDevInf(session: Session): Promise<void> {
  const { state, reply } = session;
  if (state.devinfKnown) return;
  const device = await session.deps.store.syncmlDevices.get(accountIdOf(session), state.deviceId);
  state.devinfKnown = true;
  if (device?.devinf) return;
  reply.add({ kind: 'Get', cmdId: reply.nextCmdId(), meta: { type: DEVINF_MEDIA_TYPES[state.encoding] }, items: [{ target: { locUri: devinfUri(state.version) } }] });
}

export function onGet(session: Session, get: Get): void {
  const { state, reply, message } = session;
  const isDevinf = isDevinfUri(get.items[0]?.target?.locUri ?? '');
  if (!get.noResp) reply.status({ cmdRef: get.cmdId, cmd: 'Get', data: isDevinf ? StatusCode.OK : StatusCode.NOT_FOUND, ...refsOf(get) });
  if (!isDevinf) return;
  // Its datastores are those the phone alerts in this message, known only at its end (trimDevInf).
  reply.add({
    kind: 'Results',
    cmdId: reply.nextCmdId(),
    msgRef: message.header.msgId,
    cmdRef: get.cmdId,
    meta: { type: DEVINF_MEDIA_TYPES[state.encoding] },
    items: [{ source: { locUri: devinfUri(state.version) }, devinf: serverDevInf(state.version, message.header.target.locUri) }],
  });
  session.turn.devinfResults = reply.commands.length - 1;
}

/** Our DevInf in Results lists only the datastores alerted in this message, when there are any. */
export function trimDevInf(session: Session): void {
  const { state, reply, message, turn } = session;
  if (turn.devinfResults === undefined || turn.alerted.size === 0) return;
  const results = reply.commands[turn.devinfResults];
  if (results?.kind !== 'Results') throw new Error(`command ${turn.devinfResults} of the reply is not our DevInf Results`);
  reply.commands[turn.devinfResults] = {
    ...results,
    items: [{ ...results.items[0]!, devinf: serverDevInf(state.version, message.header.target.locUri, turn.alerted) }],
  };
}
