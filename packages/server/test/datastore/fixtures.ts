/** Item bodies of every kind the datastore tells apart (services/dataclass.ts), and helpers. */
import { expect } from 'vitest';

const lines = (...l: string[]) => l.join('\r\n');

export const VCARD = lines('BEGIN:VCARD', 'VERSION:3.0', 'N:Nilsson;Lars;Erik;;', 'FN:Lars Erik Nilsson', 'TEL;TYPE=CELL:+46739876543', 'END:VCARD');
export const VEVENT = lines('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:kickoff-1', 'DTSTART:20090608T070000Z', 'SUMMARY:Project kick-off', 'END:VEVENT', 'END:VCALENDAR');
export const VTODO = lines('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTODO', 'UID:passport-1', 'SUMMARY:Renew passport', 'END:VTODO', 'END:VCALENDAR');
export const BOTH = lines('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:e', 'END:VEVENT', 'BEGIN:VTODO', 'UID:t', 'END:VTODO', 'END:VCALENDAR');
export const EMPTY_CALENDAR = lines('BEGIN:VCALENDAR', 'VERSION:2.0', 'END:VCALENDAR');
export const NOTE = 'Cottage: gate code 4711 & the shed key is under the <blue> pot';


/** The uuid of `urn:uuid:<uuid>` (and a failed assertion for anything else). */
export function uuidOf(id: string | undefined): string {
  expect(id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
  return id!.slice('urn:uuid:'.length);
}


/** Seconds-precision UTC `YYYY-MM-DDTHH:MM:SS` of `date`, rounded down: a `since` at or before it. */
export function sinceOf(date: Date): string {
  return date.toISOString().slice(0, 19);
}

export { refusal, UUID } from '../support/server.js';
