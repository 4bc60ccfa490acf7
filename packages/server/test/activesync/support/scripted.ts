/**
 * Our own scripted ActiveSync client, for what a real client does not exercise: it sends the
 * request trees a test builds (with `el` of @atomsync/activesync) as WBXML over HTTP, in the plain
 * query form with HTTP Basic and the policy key it was given, and reads the answers back as trees.
 */
import { decodeRequest, el, encodeResponse, type AsElement } from '@atomsync/activesync';
import type { AirSyncVersion } from '@atomsync/items';

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  /** The WBXML body as a tree; null for an empty body. */
  readonly tree: AsElement | null;
}

export interface ScriptedPhoneOptions {
  readonly url: string;
  readonly username: string;
  readonly password: string;
  readonly version: AirSyncVersion;
  readonly deviceId?: string;
  readonly deviceType?: string;
}

export class ScriptedPhone {
  policyKey: string | undefined;
  readonly deviceId: string;

  constructor(readonly options: ScriptedPhoneOptions) {
    this.deviceId = options.deviceId ?? `scripted${Math.random().toString(36).slice(2, 10)}`;
  }

  #authorization(password = this.options.password): string {
    return `Basic ${Buffer.from(`${this.options.username}:${password}`).toString('base64')}`;
  }

  async sendOptions(password?: string): Promise<Response> {
    return fetch(`${this.options.url}/Microsoft-Server-ActiveSync`, { method: 'OPTIONS', headers: { authorization: this.#authorization(password) } });
  }

  /** Sends one command; `body` is a tree (encoded as WBXML), raw bytes, or nothing. */
  async send(command: string, body?: AsElement | Uint8Array, options: { password?: string } = {}): Promise<Answer> {
    const query = new URLSearchParams({ Cmd: command, User: this.options.username, DeviceId: this.deviceId, DeviceType: this.options.deviceType ?? 'ScriptedPhone' });
    const headers: Record<string, string> = {
      authorization: this.#authorization(options.password),
      'ms-asprotocolversion': this.options.version,
      'content-type': 'application/vnd.ms-sync.wbxml',
      'user-agent': 'atomsync-scripted/1',
    };
    if (this.policyKey !== undefined) headers['x-ms-policykey'] = this.policyKey;
    // A tree is written as a server would write it: our encoder speaks the same WBXML both ways.
    const bytes = body === undefined ? undefined : Buffer.from(body instanceof Uint8Array ? body : encodeResponse(body));
    const response = await fetch(`${this.options.url}/Microsoft-Server-ActiveSync?${query}`, { method: 'POST', headers, body: bytes });
    const data = new Uint8Array(await response.arrayBuffer());
    const isWbxml = response.headers.get('content-type')?.startsWith('application/vnd.ms-sync.wbxml') === true;
    return { status: response.status, headers: response.headers, tree: isWbxml && data.length > 0 ? decodeRequest(data) : null };
  }

  /** The two phases of Provision; keeps the final policy key. */
  async provision(): Promise<string> {
    const policyType = this.options.version === '2.5' ? 'MS-WAP-Provisioning-XML' : 'MS-EAS-Provisioning-WBXML';
    const first = await this.send('Provision', el('Provision:Provision', [el('Provision:Policies', [el('Provision:Policy', [el('Provision:PolicyType', policyType)])])]));
    const temporary = textAt(first.tree, 'Provision:Policies', 'Provision:Policy', 'Provision:PolicyKey');
    const second = await this.send(
      'Provision',
      el('Provision:Provision', [
        el('Provision:Policies', [el('Provision:Policy', [el('Provision:PolicyType', policyType), el('Provision:PolicyKey', temporary), el('Provision:Status', '1')])]),
      ]),
    );
    this.policyKey = textAt(second.tree, 'Provision:Policies', 'Provision:Policy', 'Provision:PolicyKey');
    return this.policyKey;
  }
}

/** The text at a path of child names below `tree`; throws, naming the path, when it is not there. */
export function textAt(tree: AsElement | null, ...path: string[]): string {
  let at: AsElement | undefined = tree ?? undefined;
  for (const name of path) at = at?.children?.find((c) => `${c.page}:${c.tag}` === name);
  if (at === undefined || at.text === undefined) throw new Error(`no text at ${path.join('/')} in ${JSON.stringify(tree)}`);
  return at.text;
}

/** The children named `name` of the element at `path`. */
export function childrenAt(tree: AsElement | null, path: readonly string[], name: string): AsElement[] {
  let at: AsElement | undefined = tree ?? undefined;
  for (const p of path) at = at?.children?.find((c) => `${c.page}:${c.tag}` === p);
  return (at?.children ?? []).filter((c) => `${c.page}:${c.tag}` === name);
}

/** The text of child `name` of `e`, if any. */
export function textOf(e: AsElement | undefined, name: string): string | undefined {
  return e?.children?.find((c) => `${c.page}:${c.tag}` === name)?.text;
}
