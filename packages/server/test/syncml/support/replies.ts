/**
 * Reading the server's SyncML replies in tests: the SyncHdr's Status, the Statuses answering one
 * kind of command, the commands of a kind, and the items of our Sync.
 */
import type { Alert, Command, Status, Sync, SyncItemCommand, SyncmlMessage } from '@atomsync/syncml';

type CommandOf<K extends Command['kind']> = Extract<Command, { kind: K }>;

export function commandsOf<K extends Command['kind']>(message: SyncmlMessage, kind: K): CommandOf<K>[] {
  return message.commands.filter((c): c is CommandOf<K> => c.kind === kind);
}

/** The Statuses answering commands named `cmd` (`SyncHdr`, `Alert`, `Add`, ...). */
export function statusesFor(message: SyncmlMessage, cmd: string): Status[] {
  return commandsOf(message, 'Status').filter((s) => s.cmd === cmd);
}

/** The one Status answering the SyncHdr. */
export function headerStatus(message: SyncmlMessage): Status {
  const [status, ...more] = statusesFor(message, 'SyncHdr');
  if (status === undefined || more.length > 0) throw new Error(`the reply has ${more.length + (status ? 1 : 0)} SyncHdr statuses`);
  return status;
}

/** The codes of the Statuses answering `cmd`, in order. */
export function codesFor(message: SyncmlMessage, cmd: string): number[] {
  return statusesFor(message, cmd).map((s) => s.data);
}

/** The server's Alerts, as codes. */
export function alertCodes(message: SyncmlMessage): number[] {
  return commandsOf(message, 'Alert').map((a: Alert) => a.data ?? 0);
}

/** The Add/Replace/Delete commands of every Sync in the message. */
export function syncCommands(message: SyncmlMessage): SyncItemCommand[] {
  return commandsOf(message, 'Sync').flatMap((s: Sync) => s.commands.filter((c): c is SyncItemCommand => c.kind !== 'Unsupported'));
}
