/**
 * Loads TbSync's ActiveSync provider (`content/provider.js` and the includes it pulls in) from
 * where `.ci/run` unpacked it, as Thunderbird's `Services.scriptloader.loadSubScript` would:
 *
 * - the script runs with the target object as `this`;
 * - its top-level `var` and `function` declarations become properties of the target
 *   (`var network = …` in network.js is `eas.network`);
 * - scripts loaded into one target share their top-level `const`/`let` (network.js uses the
 *   `eas` that provider.js declares, calendarsync.js the one contactsync.js declares) and see the
 *   target's properties as bare names (`wbxmltools`, the lazy module getters);
 * - the host's globals (`ChromeUtils`, `Services`, `Components`, `DOMParser`, …) come last.
 *
 * `vm.compileFunction` gives that scope chain with two context extensions: the host's globals,
 * then a per-target scope object whose prototype is the target. After each script, a line
 * appended to it (the file on disk is never changed) copies its top-level names where Thunderbird
 * would have put them. Line numbers are the file's own.
 */
import { readFileSync } from 'node:fs';
import { compileFunction } from 'node:vm';
import { tbsyncFile } from '../../../../../../test/support/tbsync-dir.js';

const CHROME_PREFIX = 'chrome://eas4tbsync/';

interface TopLevelNames {
  /** `var` and `function`: properties of the target. */
  readonly vars: string[];
  /** `const` and `let`: the scope the target's scripts share. */
  readonly lexical: string[];
}

/**
 * The names a script declares at its top level. TbSync's files declare them at the start of a
 * line (`var { TbSync } = …`, `const eas = …`, `var sync = {`, `function getSandBoxedXHR(`), and
 * nothing else starts a line with those keywords.
 */
function topLevelNames(source: string): TopLevelNames {
  const vars: string[] = [];
  const lexical: string[] = [];
  for (const match of source.matchAll(/^(var|let|const)\s+(\{[^}]*\}|[A-Za-z_$][\w$]*)/gm)) {
    const names = match[2]!.startsWith('{')
      ? match[2]!.slice(1, -1).split(',').map((part) => part.split(':').pop()!.trim()).filter(Boolean)
      : [match[2]!];
    (match[1] === 'var' ? vars : lexical).push(...names);
  }
  for (const match of source.matchAll(/^(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/gm)) vars.push(match[1]!);
  return { vars: [...new Set(vars)], lexical: [...new Set(lexical)] };
}

/** Where a provider's `chrome://` scripts are: its URL prefix and the file of a path under it. */
export interface ProviderFiles {
  readonly prefix: string;
  readonly file: (path: string) => string;
}

const EAS_FILES: ProviderFiles = { prefix: CHROME_PREFIX, file: tbsyncFile };

/** The loader behind the host's `Services.scriptloader.loadSubScript` (the ActiveSync provider's files unless told). */
export function createSubScriptLoader(globals: object, files: ProviderFiles = EAS_FILES): (url: string, target: object) => void {
  const scopes = new WeakMap<object, object>();
  const scopeOf = (target: object): object => {
    let scope = scopes.get(target);
    if (!scope) scopes.set(target, (scope = Object.create(target) as object));
    return scope;
  };

  return (url, target) => {
    if (!url.startsWith(files.prefix)) throw new Error(`loadSubScript: only ${files.prefix} scripts are in this harness, not ${url}`);
    const file = files.file(url.slice(files.prefix.length));
    const source = readFileSync(file, 'utf8');
    const { vars, lexical } = topLevelNames(source);
    const epilogue = [...vars.map((name) => `this.${name} = ${name};`), ...lexical.map((name) => `__tbsyncScope.${name} = ${name};`)].join(' ');
    const run = compileFunction(`${source}\n;${epilogue}`, ['__tbsyncScope'], { filename: file, contextExtensions: [globals, scopeOf(target)] });
    run.call(target, scopeOf(target));
  };
}

/**
 * TbSync's provider loading: `content/provider.js` into a fresh provider object (which it then
 * fills with `Base`, `network`, `sync`, `sync.Contacts`, …), as `TbSync.providers.loadProvider`
 * does. `loadSubScript` must be the host's `Services.scriptloader.loadSubScript`.
 */
export function loadProvider(provider: object, loadSubScript: (url: string, target: object) => void): void {
  loadSubScript(`${CHROME_PREFIX}content/provider.js`, provider);
}
