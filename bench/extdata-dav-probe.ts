/**
 * A probe of the extdata-dav bench's upload step, without the server: where does an upload of
 * 1,000 contacts into an empty Radicale address book spend its time? Each variant uploads the
 * bench's 1,000 cards into a fresh address book of one Radicale, interleaved round by round with
 * vdirsyncer doing the same (the machine is shared: compare within a round), and prints its wall
 * time, Radicale's own time for the PUTs (its log) and, for one write at a time, the time outside
 * Radicale's answers (ours: the wire, node:http, the event loop; Radicale's HTTP server too).
 *
 *   npx tsx bench/extdata-dav-probe.ts [rounds] [variants, comma-separated]
 *
 * Variants: `c1`, `c2`, `c4` (that many PUTs in flight, fixed), `pace` (pace.ts as a run uses it),
 * `vdirsyncer`. Default: 2 rounds of c1,c2,pace,vdirsyncer.
 */
import { pathToFileURL } from 'node:url';
import { createDavClient } from '@atomsync/dav';
import { contacts } from '../packages/server/test/dav/clients/items.js';
import { startRadicale, type RadicaleTarget } from '../packages/server/test/dav/clients/radicale.js';
import { basicHeader } from '../packages/server/test/dav/clients/target.js';
import { writeItems } from '../packages/server/test/dav/clients/vdir.js';
import { CONTACT_EXT, createSide } from '../packages/server/test/dav/clients/vdirsyncer.js';
import { createWorkDir } from '../packages/server/test/interop/support/workdir.js';
import { davFetch } from '../packages/server/src/connectors/extdata/dav/fetch.js';
import { WritePace } from '@atomsync/dav';
import { timedVdirsyncer } from './dav-requests.js';
import { dirname, join } from 'node:path';
import { cpuSeconds, pidWith } from './extdata-dav-cpu.js';
import { logMark, timesSince } from './radicale-log.js';

const COUNT = Number(process.env.PROBE_COUNT ?? 1_000);

async function addressBook(radicale: RadicaleTarget, name: string): Promise<string> {
  const url = `${radicale.url}/${radicale.username}/${name}/`;
  const response = await fetch(url, {
    method: 'MKCOL',
    headers: { authorization: basicHeader(radicale), 'content-type': 'application/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?><d:mkcol xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:set><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype></d:prop></d:set></d:mkcol>`,
  });
  await response.text();
  if (response.status !== 201) throw new Error(`MKCOL ${url}: ${response.status}`);
  return url;
}

/** PUTs sent by the last upload at each limit (the pace's levels: probes show as a few at 2). */
const sentAt = new Map<number, number>();

/** Our PUTs, `limit()` in flight, as connector.ts's apply pumps them. */
async function upload(radicale: RadicaleTarget, book: string, limit: () => number, finished: () => void): Promise<void> {
  const client = createDavClient({ fetch: davFetch(), origin: new URL(book).origin, authorization: () => basicHeader(radicale), userAgent: 'atomsync-extdata' });
  const items = contacts(COUNT);
  let next = 0;
  let failure: unknown;
  await new Promise<void>((resolve) => {
    let active = 0;
    const pump = (): void => {
      while (failure === undefined && next < items.length && active < limit()) {
        const item = items[next++]!;
        sentAt.set(limit(), (sentAt.get(limit()) ?? 0) + 1);
        active++;
        client
          .put(`${book}${crypto.randomUUID()}.vcf`, item.text, 'text/vcard; charset=utf-8', { ifNoneMatch: '*' })
          .catch((error: unknown) => void (failure ??= error))
          .finally(() => {
            active--;
            finished();
            pump();
          });
      }
      if (active === 0) resolve();
    };
    pump();
  });
  if (failure !== undefined) throw failure;
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 2);
  const variants = (process.argv[3] ?? 'c1,c2,pace,vdirsyncer').split(',');
  const radicale = await startRadicale();
  const work = createWorkDir('extdata-dav-probe');
  const radicalePid = pidWith(join(dirname(radicale.logFile), 'config'));
  if (radicalePid === undefined) throw new Error('Radicale\'s process not found');
  const results = new Map<string, string[]>();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const variant of variants) {
        const name = `${variant}-${round}`;
        const book = await addressBook(radicale, name);
        let run: () => Promise<unknown>;
        if (variant === 'vdirsyncer') {
          const side = await createSide({ dir: work.at(name), target: radicale, addressBook: name, calendar: 'events' });
          await writeItems(side.contactsDir, contacts(COUNT), CONTACT_EXT);
          await timedVdirsyncer(side, 'discover', 600_000);
          run = () => timedVdirsyncer(side, 'sync', 1_200_000);
        } else if (variant === 'pace') {
          const pace = new WritePace();
          run = () => upload(radicale, book, () => pace.limit, () => pace.finished());
        } else {
          const fixed = Number(variant.slice(1));
          run = () => upload(radicale, book, () => fixed, () => undefined);
        }
        const mark = await logMark(radicale.logFile);
        const radicaleCpu = cpuSeconds(radicalePid);
        const ownCpu = process.cpuUsage();
        const load = (await import('node:os')).loadavg()[0]!;
        sentAt.clear();
        const started = performance.now();
        const ran = await run();
        const wall = (performance.now() - started) / 1000;
        const clientCpu = variant === 'vdirsyncer' ? (ran as { cpuMs: number }).cpuMs / 1000 : ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(ownCpu));
        const put = (await timesSince(radicale.logFile, mark)).get('PUT');
        const line = `${variant.padEnd(10)} round ${round}: wall ${wall.toFixed(2)} s, Radicale PUT ${put?.count ?? 0} × ${put?.seconds.toFixed(2) ?? '?'} s, Radicale CPU ${(cpuSeconds(radicalePid) - radicaleCpu).toFixed(2)} s, client CPU ${clientCpu.toFixed(2)} s, load ${load.toFixed(1)}${sentAt.size > 0 ? `, PUTs at each limit ${[...sentAt].map(([l, n]) => `${l}: ${n}`).join(', ')}` : ''}`;
        console.log(line);
        results.set(variant, [...(results.get(variant) ?? []), wall.toFixed(2)]);
      }
    }
    for (const [variant, walls] of results) console.log(`${variant.padEnd(10)} ${walls.join('  ')}`);
  } finally {
    await radicale.stop();
    work.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
