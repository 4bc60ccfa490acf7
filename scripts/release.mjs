#!/usr/bin/env node
/**
 * Publishes every public package of the workspace, each after the packages it depends on, then
 * tags the release: the last step of `npm run release` (see .changeset/README.md for the whole
 * flow). `changeset publish` would publish them all at once, so a failure halfway could leave the
 * registry with an SDK whose @atomsync/atom is not there; here a package goes out only once all
 * of its @atomsync dependencies are out.
 *
 *   node scripts/release.mjs             publish what the registry does not have yet, then `changeset tag`
 *   node scripts/release.mjs --dry-run   the same through `npm publish --dry-run` (no registry write, no tag)
 *   node scripts/release.mjs --plan      print the order and stop
 *
 * A version already on the registry is skipped, so a release that failed halfway is finished by
 * running it again. Provenance (a signed statement of the commit and the CI run that built the
 * tarball) is asked for where npm can produce it: a GitHub Actions job with `id-token: write`, or
 * GitLab CI with an `SIGSTORE_ID_TOKEN`; elsewhere npm would refuse `--provenance`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const read = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

/** The public workspaces, each after its @atomsync dependencies: [{ dir, name, version }]. */
export function publishOrder() {
  const packages = new Map();
  for (const dir of read('package.json').workspaces) {
    if (dir.includes('*')) continue; // examples/*: private, never published
    const manifest = read(`${dir}/package.json`);
    if (!manifest.private) packages.set(manifest.name, { dir, name: manifest.name, version: manifest.version, deps: Object.keys(manifest.dependencies ?? {}) });
  }
  const order = [];
  const state = new Map(); // name → 'visiting' | 'done'
  const visit = (pkg, path) => {
    if (state.get(pkg.name) === 'done') return;
    if (state.get(pkg.name) === 'visiting') throw new Error(`a dependency cycle: ${[...path, pkg.name].join(' → ')}`);
    state.set(pkg.name, 'visiting');
    for (const dep of pkg.deps) {
      const inner = packages.get(dep);
      if (inner) visit(inner, [...path, pkg.name]);
      else if (dep.startsWith('@atomsync/')) throw new Error(`${pkg.name} depends on ${dep}, which is private or not a workspace: it could not be installed`);
    }
    state.set(pkg.name, 'done');
    order.push({ dir: pkg.dir, name: pkg.name, version: pkg.version });
  };
  for (const pkg of packages.values()) visit(pkg, []);
  return order;
}

function provenanceSupported(env = process.env) {
  return (env.GITHUB_ACTIONS === 'true' && Boolean(env.ACTIONS_ID_TOKEN_REQUEST_URL)) || (env.GITLAB_CI === 'true' && Boolean(env.SIGSTORE_ID_TOKEN));
}

function published(name, version) {
  try {
    return execFileSync('npm', ['view', `${name}@${version}`, 'version'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim() === version;
  } catch (error) {
    if (/E404|404 Not Found/.test(String(error.stderr))) return false;
    throw error;
  }
}

function main(args) {
  const order = publishOrder();
  if (args.includes('--plan')) {
    for (const { name, version, dir } of order) console.log(`${name}@${version}  (${dir})`);
    return;
  }
  const dryRun = args.includes('--dry-run');
  const provenance = provenanceSupported();
  console.log(`publishing ${order.length} packages${dryRun ? ' (dry run)' : ''}${provenance ? ' with provenance' : ''}`);
  for (const { name, version, dir } of order) {
    if (!dryRun && published(name, version)) {
      console.log(`${name}@${version} is on the registry already`);
      continue;
    }
    const flags = ['publish', '-w', dir, '--access', 'public', ...(dryRun ? ['--dry-run'] : []), ...(provenance ? ['--provenance'] : [])];
    execFileSync('npm', flags, { cwd: ROOT, stdio: 'inherit' });
  }
  if (!dryRun) execFileSync('npx', ['changeset', 'tag'], { cwd: ROOT, stdio: 'inherit' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
