/**
 * The overrides in these tests are typed by the generated handlers: type-check them, so a wrong
 * argument type or an override of the wrong type fails the suite, not only the editor.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('type-checks the msw tests against the generated handlers', () => {
  const project = fileURLToPath(new URL('./tsconfig.json', import.meta.url));
  const tsc = spawnSync('npx', ['tsc', '--noEmit', '-p', project], { encoding: 'utf8' });
  expect(tsc.stdout + tsc.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
  expect(tsc.status).toBe(0);
});
