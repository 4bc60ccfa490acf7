/** How times and client kinds read on the page. */
import type { ClientKind } from '@atomsync/sdk';

const KIND_NAMES: Readonly<Record<ClientKind, string>> = {
  activesync: 'ActiveSync phone',
  syncml: 'SyncML phone',
  extdata: 'External account',
  datastore: 'Address book & calendar',
};

export const kindName = (kind: ClientKind): string => KIND_NAMES[kind];

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** `5 minutes ago`, `yesterday`: how long ago, in the largest unit that fits. */
export function ago(date: Date, now = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86400],
    ['month', 30 * 86400],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return relative.format(seconds, 'second');
}

export const when = (date: Date): string => absolute.format(date);
