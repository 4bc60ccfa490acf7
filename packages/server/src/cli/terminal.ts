/**
 * What the CLI writes depends on where it goes: colour only to a terminal (or when FORCE_COLOR
 * asks for it), and a reader that stops reading (`atomsync export … | head`) ends the command
 * quietly instead of with an EPIPE stack.
 */

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether `stream` gets colour. FORCE_COLOR wins (0 or false: none, anything else: colour), then
 * NO_COLOR (https://no-color.org: any value) and TERM=dumb turn it off, else a terminal has it.
 * An empty variable counts as unset, as for every variable atomsync reads.
 */
export function useColour(stream: { readonly isTTY?: boolean }, env: Env = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/**
 * The variables citty reads, once, when it loads, to turn its colours off (NO_COLOR=1,
 * TERM=dumb, CI, TEST): it has no option for it.
 */
const CITTY_COLOUR_VARIABLES = ['NO_COLOR', 'TERM', 'CI', 'TEST'] as const;

/**
 * Runs `load` (the dynamic import of the commands, and with them citty) with the environment set
 * so citty colours exactly when `colour` says, then puts the environment back as it was.
 */
export async function loadWithColour<T>(colour: boolean, load: () => Promise<T>): Promise<T> {
  const saved = CITTY_COLOUR_VARIABLES.map((name) => [name, process.env[name]] as const);
  if (colour) for (const name of CITTY_COLOUR_VARIABLES) delete process.env[name];
  else process.env.NO_COLOR = '1';
  try {
    return await load();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * A closed pipe on stdout or stderr (the reader exited: `| head`, `| grep -q`) ends the process
 * at once with exit code 0: what was wanted was read. Any other write error stays uncaught.
 */
export function exitQuietlyOnClosedPipe(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  }
}
