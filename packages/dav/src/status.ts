/** HTTP status lines as a multistatus writes them (RFC 4918 §14.28: `HTTP/1.1 <code> <reason>`). */
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  207: 'Multi-Status',
  301: 'Moved Permanently',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  415: 'Unsupported Media Type',
  423: 'Locked',
  424: 'Failed Dependency',
  500: 'Internal Server Error',
  507: 'Insufficient Storage',
};

export const reasonOf = (status: number): string => REASONS[status] ?? 'Unknown';

export const statusLine = (status: number): string => `HTTP/1.1 ${status} ${reasonOf(status)}`;

/** The code of a status line a server wrote (`HTTP/1.1 404 Not Found` → 404); undefined if it is none. */
export function parseStatusLine(line: string): number | undefined {
  const m = /^\s*HTTP\/\d(?:\.\d)?\s+(\d{3})\b/.exec(line);
  return m ? Number(m[1]) : undefined;
}
