/**
 * TbSync's ActiveSync client (Debian's `webext-eas4tbsync`, the EAS provider of Thunderbird's
 * TbSync), as `.ci/run` unpacks it into `node_modules/.cache/eas4tbsync/` (or where
 * `ATOMSYNC_EAS4TBSYNC_DIR` says). Its files are loaded as they ship, never copied into this
 * repository. A machine without it fails the tests that need it, saying how to get it.
 */
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { tbsyncFile } from '../../../../test/support/tbsync-dir.js';

/** TbSync's WBXML tools: its code pages, its request builder and its response reader. */
export interface TbsyncWbxml {
  /** Per code page, token → tag name. */
  readonly codepages: readonly Record<number, string>[];
  /** Code page names, by number. */
  readonly namespaces: readonly string[];
  createWBXML(): {
    switchpage(name: string): void;
    otag(name: string): void;
    atag(name: string, content?: string): void;
    ctag(): void;
    /** A binary string: one character per byte. */
    getBytes(): string;
  };
  /** Reads WBXML (a binary string) into the XML text TbSync works on. */
  convert2xml(wbxml: string): string;
}

/**
 * `content/includes/wbxmltools.js`, run in a context of its own. Its only host call is
 * `ChromeUtils.import` of TbSync's core, used for logging: a stand-in that logs nothing.
 */
export function loadTbsyncWbxml(): TbsyncWbxml {
  const file = tbsyncFile('content/includes/wbxmltools.js');
  const quiet = { dump: () => {}, eventlog: { add: () => {} } };
  const context = createContext({ ChromeUtils: { import: () => ({ TbSync: quiet }) } });
  runInContext(`${readFileSync(file, 'utf8')}\n;globalThis.__wbxmltools = wbxmltools;`, context, { filename: file });
  return (context as { __wbxmltools: TbsyncWbxml }).__wbxmltools;
}
