/**
 * Small readers over the element tree shared by the message and DevInf mappers: find a child,
 * require it, read a number. Identifiers and numbers are trimmed (a pretty-printed message puts
 * whitespace around them); LocURIs, names and item data are taken as they are.
 */
import { SyncmlDecodeError } from './error.js';
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

/** Builds a readonly model object from fields, leaving out the undefined ones (the wire had none). */
export function compact<T extends object>(fields: { [K in keyof T]: T[K] | undefined }): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return out as T;
}
