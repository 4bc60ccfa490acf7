/**
 * An outgoing item in the form a phone datastore (or a CardDAV/CalDAV client) takes (format.ts):
 * vCard 4.0/3.0/2.1 to 2.1, 3.0 or 4.0 (vcard/write.ts), iCalendar 2.0 to vCalendar 1.0 (vcalendar/downgrade.ts) and back
 * (vcalendar/upgrade.ts), note text as text/plain, each cut to the
 * phone's field limits. An item already in the target form is left as it is, apart from the
 * limits (and then only the cut lines are rewritten).
 *
 * The body decides what an item is, not its media type (clients mislabel). Nothing here throws:
 * an item we cannot read or convert (garbage, a vCard for a calendar) goes out unchanged, with its
 * own type. A vCalendar 1.0 item for an iCalendar-only phone is upgraded to iCalendar 2.0
 * (vcalendar/upgrade.ts, the one 1.0 reader: the canonical form and the ActiveSync mapping read
 * 1.0 through it too). The phone's status tells the rest.
 */
import type { ItemContent } from '../item.js';
import { calendarShape, cardShape, outLine, readField, type Shape } from '../lines/fields.js';
import { type Component, readComponents } from '../lines/read.js';
import { legacyLine, modernLine } from '../lines/write.js';
import { toVCalendar10 } from '../vcalendar/downgrade.js';
import { upgradeVCalendar } from '../vcalendar/upgrade.js';
import { cardVersionOf, convertCard } from '../vcard/write.js';
import type { PhoneFormat } from './format.js';
import { type FieldLimits, limitField } from './limits.js';

export interface RenderedItem {
  /** The media type to send in the item's Meta Type. */
  readonly type: string;
  readonly data: string;
}

export function renderForPhone(item: ItemContent, format: PhoneFormat): RenderedItem {
  const unchanged = { type: item.type, data: item.body };
  try {
    return render(item, format) ?? unchanged;
  } catch {
    // A reader or writer met something it did not foresee: the item goes as it is.
    return unchanged;
  }
}

function render(item: ItemContent, format: PhoneFormat): RenderedItem | null {
  if (format.type === 'text/plain') return { type: 'text/plain', data: noteText(item.body, format.maxFieldLength) };
  const [root] = readComponents(item.body);
  if (!root) return null;
  const as = (data: string | null) => (data === null ? null : { type: format.type, data });

  if (root.name === 'VCARD' && (format.version === '2.1' || format.version === '3.0' || format.version === '4.0')) {
    const version = cardVersionOf(root);
    if (version === format.version) return as(limitInPlace(item.body, root, version === '2.1', cardShape, format.maxFieldLength));
    return as(convertCard(root, format.version, format.maxFieldLength));
  }
  if (root.name === 'VCALENDAR') {
    const version = root.props.find((p) => p.name === 'VERSION')?.value.trim();
    if (version === format.version) return as(limitInPlace(item.body, root, version === '1.0', calendarShape, format.maxFieldLength));
    if (version === '2.0' && format.version === '1.0') {
      return as(toVCalendar10(root, { localTime: format.localTime, limits: format.maxFieldLength }));
    }
    if (version === '1.0' && format.version === '2.0') {
      const upgraded = upgradeVCalendar(item.body);
      const [calendar] = upgraded === null ? [] : readComponents(upgraded, false);
      return upgraded === null || !calendar ? null : as(limitInPlace(upgraded, calendar, false, calendarShape, format.maxFieldLength));
    }
    if (version === '1.0') return { type: 'text/x-vcalendar', data: item.body };
  }
  return null;
}

/**
 * The body itself when every value fits; else the item rewritten with only the cut properties
 * re-encoded (every other line as written).
 */
function limitInPlace(body: string, root: Component, legacy: boolean, shapeOf: (name: string) => Shape, limits: FieldLimits): string {
  if (Object.keys(limits).length === 0) return body;
  let changed = false;
  const write = (component: Component): string[] => {
    const lines = [`BEGIN:${component.name}`];
    for (const prop of component.props) {
      const field = readField(prop, legacy, shapeOf);
      const limited = limitField(field, limits);
      if (limited === field) lines.push(prop.source);
      else {
        changed = true;
        if (limited) lines.push(legacy ? legacyLine(outLine(limited, true)) : modernLine(outLine(limited, false)));
      }
    }
    for (const child of component.components) lines.push(...write(child));
    lines.push(`END:${component.name}`);
    return lines;
  };
  const lines = write(root);
  return changed ? `${lines.join('\r\n')}\r\n` : body;
}

/** A note's text: a phone's vNote (BODY) read out, else the body as it is; BODY's limit applies. */
function noteText(body: string, limits: FieldLimits): string {
  let text = body;
  if (/^\s*BEGIN:VNOTE/i.test(body)) {
    const [note] = readComponents(body);
    const prop = note?.props.find((p) => p.name === 'BODY') ?? note?.props.find((p) => p.name === 'SUMMARY');
    if (prop) text = readField(prop, true, () => 'text').parts[0] ?? '';
  }
  const max = limits.BODY;
  if (max === undefined) return text;
  const limited = limitField({ group: '', name: 'BODY', params: [], shape: 'text', parts: [text] }, { BODY: max });
  return limited?.parts[0] ?? '';
}
