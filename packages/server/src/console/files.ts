/**
 * The console's built files (the dist/ of @atomsync/console: `index.html`, `console/…` and the API
 * reference under `docs/…`), read once at start into a table from URL path to answer. Only what
 * the table holds is ever served: a request names a key, never a file, so no path reaches outside
 * the folder, and every other path under `/console/` or `/docs/` answers the contract's 404.
 *
 * Each file is kept as is and gzipped, with a strong ETag; answers say `no-cache` (revalidate
 * every time, a 304 when nothing changed), so a new version is seen at the next load without
 * hashed file names.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  readonly type: string;
  readonly body: Uint8Array;
  readonly gzip: Uint8Array;
  readonly etag: string;
}

/** URL path → file, for every file of `dir` with a type above (source maps and the like stay out). */
export function readStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      const type = TYPES[extname(entry.name)];
      if (type === undefined || !entry.isFile()) continue;
      const body = readFileSync(path);
      const file: StaticFile = {
        type,
        body,
        gzip: gzipSync(body, { level: 9 }),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      };
      const url = `/${relative(dir, path).split(sep).join('/')}`;
      files.set(url, file);
      // A folder's index.html answers at the folder's own path too (`/`, `/docs/`).
      if (url.endsWith('/index.html')) files.set(url.slice(0, -'index.html'.length), file);
    }
  };
  walk(dir);
  return files;
}
