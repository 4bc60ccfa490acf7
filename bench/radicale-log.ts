/**
 * Where Radicale spent its time during a timed run: its log (level info) has one line per request,
 * "<METHOD> response status for '<path>' in <s> seconds: <status>". A mark taken before the run
 * and the lines written after it give the run's requests by method — how many, and Radicale's
 * seconds for them — so a client's run can be told apart into the server's work it asked for and
 * its own.
 */
import { readFile, stat } from 'node:fs/promises';

export interface MethodTimes {
  readonly count: number;
  /** Radicale's own seconds, summed (requests in flight at once overlap: the sum can exceed the wall time). */
  readonly seconds: number;
  readonly maxSeconds: number;
}

const LINE = /\] (\w+) response status for '([^']*)'(?: with depth '[^']*')? in ([\d.]+) seconds: (\d+)/;

/** Where the log ends now. */
export const logMark = async (file: string): Promise<number> => (await stat(file)).size;

/** The requests logged since `mark`, by method (and '<METHOD> <status>' for answers other than 2xx). */
export async function timesSince(file: string, mark: number): Promise<Map<string, MethodTimes>> {
  const text = (await readFile(file)).subarray(mark).toString('utf8');
  const out = new Map<string, MethodTimes>();
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (m === null) continue;
    const key = m[4]!.startsWith('2') ? m[1]! : `${m[1]} ${m[4]}`;
    const seconds = Number(m[3]);
    const was = out.get(key) ?? { count: 0, seconds: 0, maxSeconds: 0 };
    out.set(key, { count: was.count + 1, seconds: was.seconds + seconds, maxSeconds: Math.max(was.maxSeconds, seconds) });
  }
  return out;
}

/** One line: `PUT 1000 × (98.1 s, max 0.31 s), PROPFIND 1 × (0.01 s, …)`. */
export const describeTimes = (times: ReadonlyMap<string, MethodTimes>): string =>
  [...times].map(([method, t]) => `${method} ${t.count} × ${t.seconds.toFixed(2)} s (max ${t.maxSeconds.toFixed(3)} s)`).join(', ') || 'no requests';
