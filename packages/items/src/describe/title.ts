/** A short human title for an item, as a listing shows it: FN/N, SUMMARY, or a note's first line. */
import type { ItemDataclass } from '../item.js';

export function titleOf(dataclass: ItemDataclass, data: string): string {
  const unfolded = data.replace(/\r?\n[ \t]/g, '');
  const property = (name: string): string | undefined => {
    const match = new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'im').exec(unfolded);
    return match?.[1]?.trim();
  };
  let title: string | undefined;
  if (dataclass === 'Contacts') title = property('FN') || property('N')?.split(';').filter(Boolean).reverse().join(' ');
  else if (dataclass === 'Events' || dataclass === 'Tasks') title = property('SUMMARY');
  else title = unfolded.split(/\r?\n/, 1)[0];
  return (title ?? '').replace(/\\([,;\\])/g, '$1').slice(0, 200);
}
