/**
 * A vdir as vdirsyncer's filesystem storage keeps it: one directory per collection, one item per
 * file. Reading, counting per UID, and editing or deleting an item the way an editor would
 * (a new file renamed over the old one, so its mtime and inode — vdirsyncer's etag — change).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VdirItem } from './items.js';

/** The first UID of an item (unfolded; a calendar's VTIMEZONE has none). */
export function uidOf(text: string): string | undefined {
  return /^UID:(.*)$/m.exec(text.replace(/\r?\n[ \t]/g, ''))?.[1]?.trim();
}

/**
 * An item's content lines as a sorted multiset: unfolded, line endings and order ignored. For a
 * server that rewrites what it stores (Radicale re-serialises through vobject: LF line endings,
 * its own property order), where byte-for-byte comparison would judge the server, not the sync.
 */
export function contentLines(text: string): string {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .sort()
    .join('\n');
}

export async function writeItems(dir: string, items: readonly VdirItem[], ext: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const item of items) await writeFile(join(dir, `${item.uid}${ext}`), item.text);
}

/** File name → text, for the files with the extension. */
export async function readVdir(dir: string, ext: string): Promise<Map<string, string>> {
  const names = (await readdir(dir)).filter((n) => n.endsWith(ext)).sort();
  return new Map(await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), 'utf8')] as const)));
}

/** UID → how many files hold it (a double shows as 2). */
export async function uidCounts(dir: string, ext: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const text of (await readVdir(dir, ext)).values()) {
    const uid = uidOf(text) ?? '(no UID)';
    counts.set(uid, (counts.get(uid) ?? 0) + 1);
  }
  return counts;
}

/** UID → text; throws on a double, which no converged vdir may hold. */
export async function itemsByUid(dir: string, ext: string): Promise<Map<string, string>> {
  const byUid = new Map<string, string>();
  for (const [name, text] of await readVdir(dir, ext)) {
    const uid = uidOf(text) ?? '(no UID)';
    if (byUid.has(uid)) throw new Error(`${dir} holds UID ${uid} twice (${name} and another)`);
    byUid.set(uid, text);
  }
  return byUid;
}

async function fileOf(dir: string, uid: string, ext: string): Promise<string> {
  for (const [name, text] of await readVdir(dir, ext)) if (uidOf(text) === uid) return join(dir, name);
  throw new Error(`no item with UID ${uid} in ${dir}`);
}

/** Rewrites the item with this UID through `change`, as an editor saves: a new file renamed over it. */
export async function editItem(dir: string, uid: string, ext: string, change: (text: string) => string): Promise<string> {
  const path = await fileOf(dir, uid, ext);
  const text = change(await readFile(path, 'utf8'));
  const temporary = join(dir, `.edit-${randomBytes(4).toString('hex')}`);
  await writeFile(temporary, text);
  await rename(temporary, path);
  return text;
}

export async function deleteItem(dir: string, uid: string, ext: string): Promise<void> {
  await rm(await fileOf(dir, uid, ext));
}
