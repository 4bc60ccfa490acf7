/**
 * Where TbSync's ActiveSync client (Debian's `webext-eas4tbsync`, the EAS provider of Thunderbird's
 * TbSync) is unpacked: `node_modules/.cache/eas4tbsync/` as `.ci/run` leaves it, or where
 * `ATOMSYNC_EAS4TBSYNC_DIR` says. Its files run from there, never copied into this repository.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const TBSYNC_DIR = process.env.ATOMSYNC_EAS4TBSYNC_DIR ?? join(root, 'node_modules/.cache/eas4tbsync');

/** The path of one of its files (`content/includes/sync.js`); a machine without it fails saying how to get it. */
export function tbsyncFile(path: string): string {
  const file = join(TBSYNC_DIR, path);
  if (!existsSync(file)) {
    throw new Error(`TbSync's ActiveSync client is not unpacked at ${TBSYNC_DIR}: run .ci/run, or apt-get download webext-eas4tbsync, dpkg-deb -x it, and unzip usr/share/webext/eas4tbsync@jobisoft.de.xpi there`);
  }
  return file;
}

/**
 * Where TbSync's DAV provider (Debian's `webext-dav4tbsync`) is unpacked: `node_modules/.cache/dav4tbsync/`
 * as `.ci/run` leaves it, or where `ATOMSYNC_DAV4TBSYNC_DIR` says; run from there like the ActiveSync one.
 */
export const DAV4TBSYNC_DIR = process.env.ATOMSYNC_DAV4TBSYNC_DIR ?? join(root, 'node_modules/.cache/dav4tbsync');

/** The path of one of its files; a machine without it fails saying how to get it. */
export function dav4tbsyncFile(path: string): string {
  const file = join(DAV4TBSYNC_DIR, path);
  if (!existsSync(file)) {
    throw new Error(`TbSync's DAV provider is not unpacked at ${DAV4TBSYNC_DIR}: run .ci/run, or apt-get download webext-dav4tbsync, dpkg-deb -x it, and unzip usr/share/webext/dav4tbsync@jobisoft.de.xpi there`);
  }
  return file;
}
