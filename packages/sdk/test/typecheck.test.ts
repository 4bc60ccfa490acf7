/**
 * The calls in these tests are typed against the generated API: type-check them, so a wrong
 * argument type or a missing operation in operations.test.ts fails the suite, not only the editor.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('type-checks the SDK tests against the generated API', () => {
  const project = fileURLToPath(new URL('./tsconfig.json', import.meta.url));
  const tsc = spawnSync('npx', ['tsc', '--noEmit', '-p', project], { encoding: 'utf8' });
  expect(tsc.stdout + tsc.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
  expect(tsc.status).toBe(0);
});
