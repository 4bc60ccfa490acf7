/**
 * Runs a DAV client (vdirsyncer, litmus, python3) as a child process with a hard time limit: the
 * whole process group is killed when it runs over, and the result says so, so no test hangs on a
 * client. Output is captured whole for the assertion messages.
 */
import { spawn } from 'node:child_process';

export interface RunOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Written to the child's stdin, which is then closed (e.g. the answers to a prompt). */
  readonly input?: string;
  readonly timeoutMs: number;
}

export interface RunResult {
  readonly command: string;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

export function runClient(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    // A process group of its own (detached), so the time limit also ends whatever it started.
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    child.stdout.on('data', (c: Buffer) => stdout.push(c));
    child.stderr.on('data', (c: Buffer) => stderr.push(c));
    // A client that exits before reading all its input closes the pipe: not an error here.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid!, 'SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      const err = Buffer.concat(stderr).toString();
      resolvePromise({
        command: [command, ...args].join(' '),
        exitCode,
        signal,
        timedOut,
        stdout: Buffer.concat(stdout).toString(),
        stderr: timedOut ? `${err}\n[killed after ${options.timeoutMs} ms]` : err,
      });
    });
  });
}

/** The run as a message for a failed assertion. */
export function explainRun(run: RunResult): string {
  return `${run.command}: exit ${run.exitCode}${run.signal ? ` (${run.signal})` : ''}${run.timedOut ? ', killed at its time limit' : ''}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
}

export function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}
