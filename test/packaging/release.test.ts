/**
 * The release's publishing order (scripts/release.mjs): every public package once, each after
 * every @atomsync package it depends on, so the registry never holds a package whose dependency
 * is not there yet; and every public package is in the changesets' fixed group, versioned together.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without declarations
import { publishOrder } from '../../scripts/release.mjs';
import { nameOf, PACKAGES, ROOT } from './support.js';

const order = (publishOrder as () => { name: string; dir: string; version: string }[])();
const dependencies = (dir: string) =>
  Object.keys((JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});

describe('the release', () => {
  it('publishes every public package once', () => {
    expect(order.map((p) => p.name).sort()).toEqual(PACKAGES.map(nameOf).sort());
  });

  it('publishes each package after its @atomsync dependencies', () => {
    const late = order.flatMap((pkg, at) =>
      dependencies(pkg.dir)
        .filter((dep) => dep.startsWith('@atomsync/'))
        .filter((dep) => order.findIndex((p) => p.name === dep) > at || !order.some((p) => p.name === dep))
        .map((dep) => `${pkg.name} before ${dep}`),
    );
    expect(late).toEqual([]);
  });

  it('versions every public package together (the fixed group of .changeset/config.json)', () => {
    const config = JSON.parse(readFileSync(join(ROOT, '.changeset/config.json'), 'utf8')) as { fixed: string[][] };
    expect(config.fixed.flat().sort()).toEqual(PACKAGES.map(nameOf).sort());
  });
});
