/** What the REST benchmarks send (server, writes, listing): one contact shape, numbered, and one batch of them, so their figures compare. */
export function benchContact(i: number): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:Nilsson${i};Lars;Erik;;`,
    `FN:Lars Erik Nilsson ${i}`,
    `TEL;TYPE=CELL:+4673${String(1_000_000 + i).padStart(7, '0')}`,
    `EMAIL;TYPE=INTERNET,HOME:lars.nilsson.${i}@example.se`,
    'NOTE:Brother-in-law. Allergic to nuts',
    'END:VCARD',
  ].join('\n');
}

const ATOM = 'xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"';

/** One content entry, as POSTed to a datastore's contents. */
export function benchEntry(i: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<entry ${ATOM}><title>Lars Erik Nilsson ${i}</title><content type="text/x-vcard">${benchContact(i)}</content></entry>`;
}

/** An insert batch of `n` contacts, as POSTed to a datastore's contents/batch. */
export function benchBatch(n: number): string {
  const entries: string[] = [];
  for (let i = 0; i < n; i++) {
    entries.push(
      `<entry><title>Contact ${i}</title><s:content dataclass="Contacts" type="text/x-vcard">${benchContact(i)}</s:content><batch:operation type="insert"/><batch:id>b${i}</batch:id></entry>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feed ${ATOM} xmlns:batch="http://schemas.google.com/gdata/batch"><title>bench</title>${entries.join('')}</feed>`;
}
