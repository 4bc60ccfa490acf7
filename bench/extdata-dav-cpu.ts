/**
 * CPU seconds (user + system) a process has used, from /proc/<pid>/stat: on a machine shared with
 * other work, what a run cost Radicale and us in CPU says more than the wall clock, which waits
 * for everyone else too. Linux only (the bench's machines).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** The CPU seconds `pid` has used so far (its threads included), or NaN when it cannot be read. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, in parentheses): utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** The pid of the process whose command line holds `needle` (Radicale's: its config file's folder), or undefined. */
export function pidWith(needle: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}
