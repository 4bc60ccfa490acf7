/** The server's pino logger. Access logs carry method, path, status and timing, never headers, queries or bodies. */
import { pino, type DestinationStream, type Level, type Logger } from 'pino';

export type LogLevel = Level | 'silent';
export const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function createLogger(level: LogLevel = 'info', destination?: DestinationStream | NodeJS.WritableStream): Logger {
  const options = {
    name: 'atomsync',
    level,
    // Nothing logs headers today; should anything ever log one, credentials stay out.
    redact: { paths: ['authorization', '*.authorization', 'headers.authorization', '*.headers.authorization', 'cookie', '*.cookie'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** A log destination on stdout that can carry a notice for people right after a given line. */
export interface StdoutDestination extends DestinationStream {
  /**
   * `text` goes out right after the next log line, in the same write, so nothing (another log
   * line) can come between them; `flushAttached` writes it on its own should no line follow.
   */
  attach(text: string): void;
  flushAttached(): void;
}

/** Synchronous writes to stdout, so the last lines before an exit are never lost. */
export function stdoutDestination(): StdoutDestination {
  const out = pino.destination({ dest: 1, sync: true });
  let attached = '';
  return {
    write(line: string) {
      out.write(line + attached);
      attached = '';
    },
    attach(text) {
      attached += text;
    },
    flushAttached() {
      if (attached === '') return;
      out.write(attached);
      attached = '';
    },
  };
}
