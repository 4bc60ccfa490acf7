/**
 * The tour runs, reaches every operation of the API on the wire, and type-checks as an
 * integrator's project would: against the packages' built declarations (`npx turbo run build`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { operations, type OperationId, type OperationSpec } from '@atomsync/atom';
import { sampleHandlers } from '@atomsync/msw';
import { basicAuth, createClient } from '@atomsync/sdk';
import { tour } from '../src/tour.js';

const server = setupServer(...sampleHandlers());
const reached = new Set<OperationId>();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    const id = operationOf(request.method, new URL(request.url));
    if (id) reached.add(id);
  });
});
afterAll(() => server.close());

/** The operation a request is, as a router preferring literal segments decides. */
function operationOf(method: string, url: URL): OperationId | undefined {
  const specs = Object.values(operations) as OperationSpec[];
  const matches = specs.filter((op) => {
    if (op.method !== method) return false;
    const re = new RegExp(`^${op.path.replace(/\/$/, '').replace(/\{\w+\}/g, '[^/]+')}/?$`);
    if (!re.test(url.pathname)) return false;
    if (op.when) return url.searchParams.has(op.when);
    return !specs.some((v) => v.variantOf === op.id && url.searchParams.has(v.when!));
  });
  const literals = (op: OperationSpec) => op.path.split('/').filter((s) => s && !s.startsWith('{')).length;
  return matches.sort((a, b) => literals(b) - literals(a))[0]?.id as OperationId | undefined;
}

it('calls every operation of the API', async () => {
  const lines: string[] = [];
  const client = createClient({ baseUrl: 'http://127.0.0.1:8080', auth: basicAuth('admin', 'demo-password') });
  await tour(client, (line) => lines.push(line));
  await client.close();
  expect(lines.length).toBeGreaterThan(40);
  expect([...reached].sort()).toEqual(Object.keys(operations).sort());
});

it('type-checks against the built packages', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  for (const pkg of ['atom', 'sdk', 'msw']) {
    expect(existsSync(`${root}packages/${pkg}/dist/index.d.ts`), `packages/${pkg} is not built: run \`npx turbo run build\``).toBe(true);
  }
  const tsc = spawnSync('npx', ['tsc', '--noEmit', '-p', 'examples/sdk-tour'], { cwd: root, encoding: 'utf8' });
  expect(tsc.stdout).toBe('');
  expect(tsc.status).toBe(0);
});
