/**
 * Contacts for the slow-sync benchmark: the source side writes vCard 3.0 the way a desktop client
 * does; the target holds 30% twins of source contacts, rewritten the way a phone rewrites them
 * (vCard 2.1 with CHARSET parameters, other property order, phone numbers formatted with dashes,
 * PRODID/REV added, an empty property, an unescaped comma), plus contacts of its own.
 */
const FIRST = ['Lars', 'Anna', 'Jürgen', 'Marie', 'Chloé', 'Pedro', 'Aiko', 'Olu', 'Zofia', 'Émile', 'Sven', 'Ingrid'];
const LAST = ['Nilsson', 'Müller', 'García', 'Dubois', 'Kowalski', 'Tanaka', 'Okafor', 'Rossi', 'Smith', 'Ødegård'];

interface Person {
  readonly given: string;
  readonly family: string;
  /** Swedish mobile number digits after +46. */
  readonly mobile: string;
  readonly email: string;
  readonly city: string;
}

function person(i: number): Person {
  const given = FIRST[i % FIRST.length]!;
  const family = `${LAST[Math.floor(i / FIRST.length) % LAST.length]!}-${i}`;
  return { given, family, mobile: `70${String(1_000_000 + i).slice(1)}`, email: `${given.toLowerCase()}.${i}@example.org`, city: ['Malmö', 'Lund', 'Göteborg'][i % 3]! };
}

/** As a desktop client writes it. */
export function desktopVcard(p: Person): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${p.family};${p.given};;;`,
    `FN:${p.given} ${p.family}`,
    `TEL;TYPE=CELL:+46 ${p.mobile.slice(0, 2)} ${p.mobile.slice(2, 5)} ${p.mobile.slice(5)}`,
    `EMAIL;TYPE=INTERNET:${p.email}`,
    `ADR;TYPE=HOME:;;Storgatan 1;${p.city};;;Sweden`,
    'NOTE:Met at the conference\\, booth 12',
    'END:VCARD',
    '',
  ].join('\r\n');
}

/** The same contact as a phone rewrites it. */
export function phoneVcard(p: Person): string {
  return [
    'BEGIN:VCARD',
    'VERSION:2.1',
    `TEL;CELL:+46-${p.mobile.slice(0, 2)}-${p.mobile.slice(2, 5)}${p.mobile.slice(5)}`,
    `N;CHARSET=UTF-8:${p.family};${p.given};;;`,
    `FN;CHARSET=UTF-8:${p.given} ${p.family}`,
    `EMAIL;INTERNET:${p.email}`,
    `ADR;HOME;CHARSET=UTF-8:;;Storgatan 1;${p.city};;;Sweden`,
    'NOTE:Met at the conference, booth 12',
    'TITLE:',
    'PRODID:-//Phone//Contacts 1.0//EN',
    'REV:20261120T101010Z',
    'END:VCARD',
    '',
  ].join('\r\n');
}

export interface Contact {
  readonly title: string;
  readonly body: string;
}

/**
 * `n` contacts per side; `twins` of the target's are rewritten copies of source contacts. The
 * two sides' other contacts are distinct people.
 */
export function slowSyncSides(n: number, twinShare: number): { source: Contact[]; target: Contact[]; twins: number } {
  const twins = Math.round(n * twinShare);
  const source: Contact[] = [];
  const target: Contact[] = [];
  for (let i = 0; i < n; i++) {
    const p = person(i);
    source.push({ title: `${p.given} ${p.family}`, body: desktopVcard(p) });
  }
  for (let i = 0; i < n; i++) {
    // The first `twins` target contacts are source people; the rest are people of their own.
    const p = person(i < twins ? i : n + i);
    target.push({ title: `${p.given} ${p.family}`, body: phoneVcard(p) });
  }
  return { source, target, twins };
}
