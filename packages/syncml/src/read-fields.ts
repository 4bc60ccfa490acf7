/**
 * Small readers over the element tree shared by the message and DevInf mappers: find a child,
 * require it, read a number. Identifiers and numbers are trimmed (a pretty-printed message puts
 * whitespace around them); LocURIs, names and item data are taken as they are.
 */
import { SyncmlDecodeError } from './error.js';
import { MAX_MESSAGE_NUMBER } from './limits.js';
import type { Element } from './tree.js';

export function child(el: Element, name: string): Element | undefined {
  for (const c of el.children) if (c.name === name) return c;
  return undefined;
}

export function has(el: Element, name: string): boolean {
  return child(el, name) !== undefined;
}

export function textOf(el: Element, name: string): string | undefined {
  return child(el, name)?.text;
}

export function required(el: Element, name: string): Element {
  const c = child(el, name);
  if (c === undefined) throw new SyncmlDecodeError(`${el.name} without ${name}`);
  return c;
}

/** A required identifier (CmdID, MsgRef, SessionID, ...), trimmed. */
export function requiredId(el: Element, name: string): string {
  return required(el, name).text.trim();
}

export function optionalId(el: Element, name: string): string | undefined {
  return child(el, name)?.text.trim();
}

const DIGITS = /^\d{1,15}$/;

/** A non-negative integer, or a SyncmlDecodeError naming where it was. */
export function toNumber(text: string, where: string): number {
  const t = text.trim();
  if (!DIGITS.test(t)) throw new SyncmlDecodeError(`${where} is not a number: ${JSON.stringify(t.slice(0, 40))}`);
  return Number(t);
}

export function optionalNumber(el: Element, name: string): number | undefined {
  const c = child(el, name);
  return c === undefined ? undefined : toNumber(c.text, `${el.name}/${name}`);
}

const MESSAGE_NUMBER = /^\d{1,10}$/;

/**
 * A message number (MsgID, CmdID, MsgRef; CmdRef with `min` 0, which names the SyncHdr), trimmed:
 * a decimal integer from `min` to 2^31 − 1, or a SyncmlDecodeError. Kept as the text it was, so
 * that what we echo back (MsgRef, CmdRef) is what the device wrote.
 */
export function messageNumber(text: string, where: string, min = 1): string {
  const t = text.trim();
  const n = MESSAGE_NUMBER.test(t) ? Number(t) : NaN;
  if (!(n >= min && n <= MAX_MESSAGE_NUMBER)) {
    throw new SyncmlDecodeError(`${where} is not a number from ${min} to ${MAX_MESSAGE_NUMBER}: ${JSON.stringify(t.slice(0, 40))}`);
  }
  return t;
}

/** `text` if it is at most `max` characters long, or a SyncmlDecodeError naming where it was. */
export function bounded(text: string, max: number, where: string): string {
  if (text.length > max) throw new SyncmlDecodeError(`${where} is longer than ${max} characters (${text.length})`);
  return text;
}

/**
 * Builds a readonly model object from fields, leaving out the undefined ones (the wire had none).
 * `fields` is the caller's own fresh literal: when none is undefined it is the object itself, and
 * otherwise one pass copies the rest. It runs for every element of the model (a Status, a MapItem,
 * each Item's Source), so it allocates nothing else (no entry arrays).
 */
export function compact<T extends object>(fields: { [K in keyof T]: T[K] | undefined }): T {
  const source = fields as Record<string, unknown>;
  let whole = true;
  for (const k in source) {
    if (source[k] === undefined) {
      whole = false;
      break;
    }
  }
  if (whole) return fields as T;
  const out: Record<string, unknown> = {};
  for (const k in source) {
    const v = source[k];
    if (v !== undefined) out[k] = v;
  }
  return out as T;
}
