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
