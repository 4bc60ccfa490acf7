/**
 * The captured sessions in fixtures/ (copied from the SyncEvolution harness's samples: bodies exactly
 * as they crossed the wire, see fixtures/README.md), listed and loaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface Fixture {
  /** `xml-contacts-slow/2-client-to-server.xml` */
  readonly name: string;
  readonly session: string;
  readonly file: string;
  readonly bytes: Uint8Array;
}

export function fixture(name: string): Fixture {
  const [session, file] = name.split('/') as [string, string];
  return { name, session, file, bytes: new Uint8Array(readFileSync(`${root}${name}`)) };
}

function list(filter: (session: string, file: string) => boolean): Fixture[] {
  const out: Fixture[] = [];
  for (const session of readdirSync(root).sort()) {
    if (session.endsWith('.md')) continue;
    for (const file of readdirSync(`${root}${session}`).sort()) if (filter(session, file)) out.push(fixture(`${session}/${file}`));
  }
  return out;
}

/** The XML sessions' bodies. */
export const xmlFixtures = list((s, f) => s.startsWith('xml-') && f.endsWith('.xml'));
/** The WBXML session's raw bodies. */
export const wbxmlFixtures = list((_, f) => f.endsWith('.wbxml'));
/** The client's own XML translation of the WBXML session (one message more: trm004 was never sent). */
export const translationFixtures = list((_, f) => f.endsWith('.translation.xml'));

export const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
