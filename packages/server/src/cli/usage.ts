/**
 * `--help` and `--version`. citty renders a command's flags; this adds, for the commands that read
 * the environment, an ENVIRONMENT section with a line per variable (config.ts keeps the list).
 */
import { renderUsage, type CommandDef } from 'citty';

type AnyCommand = CommandDef<any>;

const environments = new WeakMap<AnyCommand, { variables: readonly (readonly [string, string])[]; notes: readonly string[] }>();

/** Lists `variables` (name, help) under ENVIRONMENT in `command --help`, then `notes`. */
export function documentEnvironment(command: AnyCommand, variables: readonly (readonly [string, string])[], notes: readonly string[] = []): void {
  environments.set(command, { variables, notes });
}

export async function renderHelp(command: AnyCommand, parent?: AnyCommand): Promise<string> {
  const usage = await renderUsage(command, parent);
  const environment = environments.get(command);
  if (environment === undefined) return usage;
  const width = Math.max(...environment.variables.map(([name]) => name.length));
  const lines = ['', 'ENVIRONMENT (a flag wins over its variable; an empty variable counts as unset)', ''];
  for (const [name, help] of environment.variables) lines.push(`  ${name.padEnd(width)}  ${help}`);
  if (environment.notes.length > 0) lines.push('', ...environment.notes);
  return usage + '\n' + lines.join('\n');
}

/** For runMain: `--help` on stdout, exit 0 (citty's default loses the ENVIRONMENT section). */
export async function showUsage(command: AnyCommand, parent?: AnyCommand): Promise<void> {
  process.stdout.write(`${await renderHelp(command, parent)}\n\n`);
}

/** Kept here for the CLI's imports; it lives in version.ts, which /metrics reads too. */
export { packageVersion } from '../version.js';
