import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 24,
  name: 'items with an alarm described again: an alarm is when it rings from the start',
  up: () => [
    // An alarm is now described by when it rings from its component's start (@atomsync/items
    // readCalendar), so a 1.0 phone's AALARM/DALARM and a 2.0 client's TRIGGER (-PT15M, -PT900S,
    // RELATED=END, absolute) are one alarm. The fingerprint of a row holding an alarm may change:
    // it is cleared and made again when read, as migration 23 does. Its duplicate key, served
    // body and ETag do not change. A sync map's hash stays the earlier fingerprint; the engine
    // finds it is the same content (earlierFingerprints) and rehashes the pair on its next run.
    `update contents set fingerprint = null
        where deleted is null and lower(body) like '%begin:vcalendar%'
        and (lower(body) like '%begin:valarm%' or lower(body) like '%aalarm%' or lower(body) like '%dalarm%')`,
  ],
};
