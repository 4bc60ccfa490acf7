import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 23,
  name: 'vCalendar 1.0 items described and served again as their iCalendar 2.0 form',
  up: () => [
    // A vCalendar 1.0 event or task is now described as its iCalendar 2.0 form (@atomsync/items
    // readCalendar), so its fingerprint and duplicate key change, and the 2.0 form DAV serves
    // of it changed too (an all-day series' end): those of its row are cleared and made again
    // when read, as for rows written before they were kept. A sync map's hash of the item stays
    // the earlier fingerprint; the engine finds it is the same content (earlierFingerprints) and
    // rehashes the pair on its next run, so an untouched item is not sent again. (A 2.0 body
    // whose text holds "version:1.0" elsewhere is described again too, to the same values.)
    `update contents set fingerprint = null, duplicate_key = null, etag = null
        where deleted is null and lower(body) like '%begin:vcalendar%'
        and (lower(body) like '%version:1.0%' or lower(body) like '%version: 1.0%')`,
  ],
};
