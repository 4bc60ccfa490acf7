/** The Ping command (MS-ASCMD §2.2.1.13): hold the request until a watched folder changes or the heartbeat ends. */
import { child, childrenOf, childText, el, requireText, type AsElement } from '../tree.js';
import { expectRoot, intOf } from './values.js';

export interface PingFolder {
  readonly id: string;
  readonly className?: string;
}

export interface PingRequest {
  readonly heartbeatInterval?: number;
  /** Absent: the folders of the device's last Ping. */
  readonly folders?: readonly PingFolder[];
}

export function readPingRequest(root: AsElement): PingRequest {
  expectRoot(root, 'Ping:Ping');
  const folders = child(root, 'Ping:Folders');
  const heartbeatInterval = intOf(root, 'Ping:HeartbeatInterval', 0, 2 ** 31 - 1);
  return {
    ...(heartbeatInterval === undefined ? {} : { heartbeatInterval }),
    ...(folders === undefined
      ? {}
      : {
          folders: childrenOf(folders, 'Ping:Folder').map((f) => {
            const className = childText(f, 'Ping:Class');
            return { id: requireText(f, 'Ping:Id'), ...(className === undefined ? {} : { className }) };
          }),
        }),
  };
}

export interface PingAnswer {
  readonly status: number;
  /** Status 2: the folders that changed. */
  readonly changed?: readonly string[];
  /** Status 5: the heartbeat bound the server takes. */
  readonly heartbeatInterval?: number;
  /** Status 6: how many folders the server watches at most. */
  readonly maxFolders?: number;
}

export function pingResponse(answer: PingAnswer): AsElement {
  const children: AsElement[] = [el('Ping:Status', String(answer.status))];
  if (answer.changed !== undefined && answer.changed.length > 0) children.push(el('Ping:Folders', answer.changed.map((id) => el('Ping:Folder', id))));
  if (answer.maxFolders !== undefined) children.push(el('Ping:MaxFolders', String(answer.maxFolders)));
  if (answer.heartbeatInterval !== undefined) children.push(el('Ping:HeartbeatInterval', String(answer.heartbeatInterval)));
  return el('Ping:Ping', children);
}
