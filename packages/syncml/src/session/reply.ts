/**
 * The server's reply message being built: its header, CmdIDs in order, and Statuses that answer
 * the phone's commands (each naming the phone's MsgID and CmdID, as SyncML wants).
 */
import type { Chal, Command, Item, Meta, Status, SyncHdr, SyncmlMessage } from '../message.js';

/** Where a Status is in the reply, so a later outcome (the engine run) can change its code. */
export interface StatusRef {
  readonly index: number;
}

export interface StatusInput {
  readonly cmdRef: string;
  readonly cmd: string;
  readonly data: number;
  readonly targetRefs?: readonly string[];
  readonly sourceRefs?: readonly string[];
  readonly chal?: Chal;
  readonly items?: readonly Item[];
}

export class Reply {
  private lastCmdId = 0;
  readonly commands: Command[] = [];
  final = false;

  constructor(
    readonly header: SyncHdr,
    /** The phone's MsgID the Statuses answer. */
    private readonly msgRef: string,
  ) {}

  nextCmdId(): string {
    return String(++this.lastCmdId);
  }

  /** Adds a Status; returns where it is, so a later outcome (the engine run) can change its code. */
  status(input: StatusInput): StatusRef {
    const status: Status = {
      kind: 'Status',
      cmdId: this.nextCmdId(),
      msgRef: this.msgRef,
      cmdRef: input.cmdRef,
      cmd: input.cmd,
      targetRefs: input.targetRefs ?? [],
      sourceRefs: input.sourceRefs ?? [],
      data: input.data,
      items: input.items ?? [],
      ...(input.chal ? { chal: input.chal } : {}),
    };
    this.commands.push(status);
    return { index: this.commands.length - 1 };
  }

  /** Changes the code of a Status added before. */
  restatus(ref: StatusRef, data: number): void {
    const status = this.commands[ref.index];
    if (status?.kind !== 'Status') throw new Error(`command ${ref.index} of the reply is no Status`);
    this.commands[ref.index] = { ...status, data };
  }

  add(command: Command): void {
    this.commands.push(command);
  }

  message(): SyncmlMessage {
    return { header: this.header, commands: this.commands, final: this.final };
  }
}

/** The Status refs of a command with items: each item's Target and Source LocURI. */
export function refsOf(command: { readonly items: readonly Item[] }): { targetRefs: string[]; sourceRefs: string[] } {
  const targetRefs: string[] = [];
  const sourceRefs: string[] = [];
  for (const item of command.items) {
    if (item.target) targetRefs.push(item.target.locUri);
    if (item.source) sourceRefs.push(item.source.locUri);
  }
  return { targetRefs, sourceRefs };
}

/** Meta of an Alert item: anchors and our MaxObjSize. */
export function anchorMeta(last: string | undefined, next: string, maxObjSize: number): Meta {
  return { anchor: { ...(last !== undefined ? { last } : {}), next }, maxObjSize };
}
