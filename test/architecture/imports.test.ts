/**
 * The shape of the code, as rules a change cannot quietly break (issue 12): no import cycle within
 * any package; generated code imports nothing handwritten but its package's generic runtime; the sync engine parses no items (item
 * formats live in @atomsync/items alone); and packages depend one way (server → store → engine/syncml/
 * activesync → items/atom/wbxml). Imports are read from the sources (static `import … from` / `export … from` and
 * `import('…')`), which is how this code base writes every import.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const packages = readdirSync(join(root, 'packages')).filter((name) => statSync(join(root, 'packages', name, 'src')).isDirectory());

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The specifiers a file imports. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) found.push((match[1] ?? match[2])!);
  return found;
}

/** A relative specifier as the file it names (`./x.js` is `./x.ts`, or `./x.tsx`, in the sources). */
function target(from: string, specifier: string): string {
  const file = resolve(dirname(from), specifier).replace(/\.js$/, '.ts');
  return existsSync(file) ? file : `${file}x`;
}

/** Every cycle of the graph, by Tarjan's strongly connected components (one per component). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    on.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (on.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        on.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

/**
 * What generated code may call besides other generated code: each package's runtime, the generic
 * machinery that would run any spec (as a Smithy command calls its runtime's `.ser().de()`): the
 * XML reader and writers, the operation executor, the msw handler factory. Nothing of the
 * application (handlers, services, the server's request context) is ever on this list.
 */
const RUNTIME: Readonly<Record<string, readonly string[]>> = {
  atom: ['errors.ts', 'namespaces.ts', 'scalars.ts', 'shape.ts', 'operation.ts', 'xml/reader.ts', 'xml/escape.ts'],
  sdk: ['errors.ts', 'invoke.ts'],
  msw: ['handler.ts'],
};

describe.each(packages)('packages/%s/src', (name) => {
  const src = join(root, 'packages', name, 'src');
  const files = sources(src);

  it('has no import cycle', () => {
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((s) => s.startsWith('.')).map((s) => target(file, s))]));
    expect(cycles(graph).map((c) => c.map((f) => relative(root, f)))).toEqual([]);
  });

  it('has generated code that imports nothing handwritten but its package\'s runtime', () => {
    const generated = join(src, 'generated');
    const runtime = new Set((RUNTIME[name] ?? []).map((module) => join(src, module)));
    const offending = files
      .filter((file) => file.startsWith(`${generated}/`))
      .flatMap((file) =>
        importsOf(file)
          .filter((s) => s.startsWith('.') && !target(file, s).startsWith(`${generated}/`) && !runtime.has(target(file, s)))
          .map((s) => `${relative(root, file)} → ${s}`),
      );
    expect(offending).toEqual([]);
  });
});

describe('the dependency direction', () => {
  /** The @atomsync packages each package's sources import. */
  const uses = (name: string): Set<string> =>
    new Set(sources(join(root, 'packages', name, 'src')).flatMap((file) => importsOf(file).filter((s) => s.startsWith('@atomsync/')).map((s) => s.split('/').slice(0, 2).join('/'))));

  it('keeps item parsing out of the sync engine: it uses @atomsync/items and no item-format library', () => {
    const libraries = sources(join(root, 'packages/engine/src')).flatMap((file) => importsOf(file).filter((s) => /^(ical\.js|quoted-printable|iconv-lite|google-libphonenumber)$/.test(s)));
    expect(libraries).toEqual([]);
    expect(uses('engine').has('@atomsync/items')).toBe(true);
    expect(readdirSync(join(root, 'packages/engine/src'))).not.toContain('items');
  });

  it('keeps the console out of the server\'s code: the server serves its built files (src/console/locate.ts)', () => {
    expect(uses('server').has('@atomsync/console')).toBe(false);
  });

  it('gives the console only the items package\'s `files` entry, which needs no Node built-in', () => {
    const items = sources(join(root, 'packages/console/src')).flatMap((file) => importsOf(file).filter((s) => s.startsWith('@atomsync/items')));
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items)).toEqual(new Set(['@atomsync/items/files']));
    const files = sources(join(root, 'packages/items/src/files')).flatMap((file) => importsOf(file).filter((s) => !s.startsWith('.')));
    expect(files).toEqual([]);
  });

  it.each([
    ['atom', []],
    ['items', ['@atomsync/atom']],
    // WBXML is its own package, read and written the same way for every protocol that speaks it.
    ['wbxml', []],
    ['syncml', ['@atomsync/atom', '@atomsync/wbxml']],
    // ActiveSync reads WBXML in @atomsync/wbxml's strict mode and escapes and guards Autodiscover's
    // XML with @atomsync/atom's escaper and saxes guards; item formats stay in @atomsync/items, whose
    // protocol versions (AirSyncVersion, written once there) it announces and reads.
    ['activesync', ['@atomsync/atom', '@atomsync/items', '@atomsync/wbxml']],
    // The DAV wire's reader is its own (namespaced, on saxes), atom's is shaped for Atom; it escapes with atom's escaper.
    ['dav', ['@atomsync/atom']],
    ['engine', ['@atomsync/atom', '@atomsync/items']],
    // The storage layer: records name the engine's and the items' types, contents are described
    // by the items package, and a phone's arrival is the ActiveSync package's rule. Never the server.
    ['store', ['@atomsync/activesync', '@atomsync/atom', '@atomsync/engine', '@atomsync/items']],
    ['sdk', ['@atomsync/atom']],
    // The console is the SDK's browser user, and splits and writes .vcf/.ics files with the items
    // package's own code (its `files` entry, below); the server serves its built files, never imports it.
    ['console', ['@atomsync/sdk', '@atomsync/items']],
  ] as const)('%s uses only %j of the workspace', (name, allowed) => {
    expect([...uses(name)].filter((p) => !(allowed as readonly string[]).includes(p))).toEqual([]);
  });
});
