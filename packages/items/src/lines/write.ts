/**
 * Content lines written in either family's encoding: vCard 3.0/4.0 and iCalendar 2.0 folded at 75
 * octets, vCard 2.1 and vCalendar 1.0 with bare TYPE parameters and QUOTED-PRINTABLE for what is
 * not one ASCII line. The value is escaped already (values.ts).
 */
import { foldLine } from './fold.js';
import qp from 'quoted-printable';
import type { Param } from './read.js';

/** One content line to write; `value` is already escaped for the target version. */
export interface OutLine {
  readonly group?: string;
  readonly name: string;
  readonly params: readonly Param[];
  readonly value: string;
}

/**
 * vCard 3.0/4.0, iCalendar 2.0: `NAME;PARAM=a,b:value`, folded at 75 octets (RFC 5545 §3.1) without
 * splitting a UTF-8 sequence or a surrogate pair.
 */
export function modernLine(line: OutLine): string {
  const params = line.params.map((p) => `;${p.name}=${p.values.map(quoteParam).join(',')}`).join('');
  return foldLine(`${line.group ? `${line.group}.` : ''}${line.name}${params}:${line.value}`);
}

function quoteParam(value: string): string {
  return /[:;,]/.test(value) ? `"${value.replace(/"/g, "'")}"` : value;
}

/**
 * vCard 2.1, vCalendar 1.0: TYPE values as bare parameters (`TEL;CELL;PREF`), and a value that is
 * not plain ASCII on one line written `CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE` (line breaks as
 * `=0D=0A`, soft breaks as `=` CRLF). No whitespace folding: 2.1 readers keep the whitespace.
 */
export function legacyLine(line: OutLine): string {
  const params: string[] = [];
  for (const p of line.params) {
    if (p.name === 'TYPE') params.push(...p.values.filter((v) => v !== '').map((v) => v.toUpperCase()));
    else params.push(`${p.name}=${p.values.join(',')}`);
  }
  let value = line.value;
  if (/[^\x20-\x7e\t]/.test(value)) {
    params.push('CHARSET=UTF-8', 'ENCODING=QUOTED-PRINTABLE');
    value = qp.encode(Buffer.from(value.replace(/\r?\n/g, '\r\n'), 'utf8').toString('latin1'));
  }
  return `${line.group ? `${line.group}.` : ''}${line.name}${params.map((p) => `;${p}`).join('')}:${value}`;
}

/** 2.1 BASE64 data: the value on lines of its own, indented, then an empty line (2.1 §2.1.3). */
export function legacyBase64(head: string, base64: string): string {
  const chunks = base64.match(/.{1,72}/g) ?? [''];
  return `${head}:\r\n${chunks.map((c) => `  ${c}`).join('\r\n')}\r\n`;
}
