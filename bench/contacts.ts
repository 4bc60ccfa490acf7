/** The contact the REST benchmarks store (server, writes, listing): one shape, numbered, so their figures compare. */
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
