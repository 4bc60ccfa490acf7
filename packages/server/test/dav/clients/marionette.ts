/**
 * A Marionette client: the remote protocol Gecko applications (Firefox, Thunderbird) answer when
 * started with --marionette. JSON over TCP, each message framed as `<byte length>:<json>`; the
 * server speaks first (`{"applicationType":"gecko","marionetteProtocol":3}`), then each command
 * `[0, id, name, params]` is answered by `[1, id, error, result]`
 * (firefox-source-docs, "Marionette protocol"). Only what the Thunderbird tests use: a session,
 * the chrome context, and scripts run in it (a script returning a promise is answered when it
 * settles, as WebDriver's Execute Script is).
 *
 * No npm client: marionette-client was Firefox OS's and is unmaintained, foxdriver speaks the
 * devtools protocol instead; the protocol is small enough to hold here.
 */
import { connect, type Socket } from 'node:net';

export class MarionetteError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
    readonly stacktrace: string,
  ) {
    super(`${command}: ${error}: ${message}${stacktrace ? `\n${stacktrace}` : ''}`);
  }
}

interface Pending {
  readonly command: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

export class Marionette {
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private hello: { resolve: (value: unknown) => void; reject: (error: Error) => void } | undefined;
  private closed: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the Marionette connection closed')));
  }

  /** Connects to 127.0.0.1:`port` and reads the server's greeting. */
  static async connect(port: number): Promise<Marionette> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const client = new Marionette(socket);
    const greeting = (await new Promise<unknown>((resolve, reject) => (client.hello = { resolve, reject }))) as { marionetteProtocol?: number };
    if (greeting.marionetteProtocol !== 3) {
      client.close();
      throw new Error(`Marionette protocol ${String(greeting.marionetteProtocol)}, not 3`);
    }
    return client;
  }

  /** Sends one command and resolves with its result (a MarionetteError when the server answers one). */
  send<T = unknown>(command: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.closed !== undefined) return Promise.reject(this.closed);
    const id = this.nextId++;
    const json = JSON.stringify([0, id, command, params]);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { command, resolve: resolve as (value: unknown) => void, reject });
      this.socket.write(`${Buffer.byteLength(json)}:${json}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const colon = this.buffer.indexOf(0x3a);
      if (colon < 0) return;
      const length = Number(this.buffer.subarray(0, colon).toString('ascii'));
      if (!Number.isSafeInteger(length) || colon > 20) {
        this.fail(new Error(`not a Marionette frame: ${this.buffer.subarray(0, 40).toString()}`));
        this.socket.destroy();
        return;
      }
      if (this.buffer.length < colon + 1 + length) return;
      const message: unknown = JSON.parse(this.buffer.subarray(colon + 1, colon + 1 + length).toString('utf8'));
      this.buffer = this.buffer.subarray(colon + 1 + length);
      this.dispatch(message);
    }
  }

  private dispatch(message: unknown): void {
    if (!Array.isArray(message)) {
      const hello = this.hello;
      this.hello = undefined;
      hello?.resolve(message);
      return;
    }
    const [, id, error, result] = message as [number, number, { error: string; message: string; stacktrace?: string } | null, unknown];
    const pending = this.pending.get(id);
    if (pending === undefined) return;
    this.pending.delete(id);
    if (error) pending.reject(new MarionetteError(pending.command, error.error, error.message, error.stacktrace ?? ''));
    else pending.resolve(result);
  }

  private fail(error: Error): void {
    this.closed ??= error;
    this.hello?.reject(error);
    this.hello = undefined;
    for (const p of this.pending.values()) p.reject(new Error(`${p.command}: ${error.message}`));
    this.pending.clear();
  }
}
