/**
 * Reads what provisioning/wbxml.ts writes back into a tree of named elements, with the OMA Client
 * Provisioning tables (the tokens our documents use) kept here, apart from the encoder's, so tests
 * check a document's structure without trusting the encoder. The walk is @atomsync/wbxml's reader
 * (the project's one); this module names its tags and attributes.
 */
import { readWbxml as walk, type WbxmlNode } from '@atomsync/wbxml';

export interface ReadElement {
  name: string;
  attributes: Record<string, string>;
  children: ReadElement[];
}

export interface ReadDocument {
  version: number;
  publicId: number;
  charset: number;
  root: ReadElement;
}

/** Tag names per code page (index: page, then token). */
const TAGS: (string | undefined)[][] = [
  [, , , , , 'wap-provisioningdoc', 'characteristic', 'parm'],
  [, , , , , , 'characteristic', 'parm'],
];
/** Attribute start tokens: [name, value prefix]. */
const ATTR_STARTS: Record<string, [string, string]> = {
  '0:69': ['version', ''],
  '0:70': ['version', '1.0'],
  '0:5': ['name', ''],
  '0:6': ['value', ''],
  '0:7': ['name', 'NAME'],
  '0:80': ['type', ''],
  '1:5': ['name', ''],
  '1:6': ['value', ''],
  '1:7': ['name', 'NAME'],
  '1:34': ['name', 'TO-NAPID'],
  '1:46': ['name', 'AACCEPT'],
  '1:48': ['name', 'AAUTHLEVEL'],
  '1:49': ['name', 'AAUTHNAME'],
  '1:50': ['name', 'AAUTHSECRET'],
  '1:52': ['name', 'ADDR'],
  '1:54': ['name', 'APPID'],
  '1:56': ['name', 'PROVIDER-ID'],
  '1:58': ['name', 'URI'],
  '1:80': ['type', ''],
  '1:85': ['type', 'APPLICATION'],
  '1:87': ['type', 'APPAUTH'],
  '1:89': ['type', 'RESOURCE'],
};
const ATTR_VALUES: Record<string, string> = { '1:141': 'APPSRV', '1:142': 'OBEX' };

function named(node: WbxmlNode): ReadElement {
  if (node.name.startsWith('#')) throw new Error(`unknown tag ${node.name.slice(1)}`);
  const attributes: Record<string, string> = {};
  for (const a of node.attributes ?? []) {
    const start = ATTR_STARTS[`${a.page}:${a.start}`];
    if (start === undefined) throw new Error(`unknown attribute start ${a.page}:${a.start}`);
    let value = start[1];
    for (const part of a.value) {
      if (typeof part === 'string') value += part;
      else {
        const v = ATTR_VALUES[`${part.page}:${part.token}`];
        if (v === undefined) throw new Error(`unknown attribute value ${part.page}:${part.token}`);
        value += v;
      }
    }
    attributes[start[0]] = value;
  }
  return { name: node.name, attributes, children: node.children.map(named) };
}

export function readWbxml(bytes: Uint8Array): ReadDocument {
  const { version, publicId, charset, root } = walk(bytes, TAGS);
  return { version, publicId, charset, root: named(root) };
}

/** The parm values of a characteristic, by name (repeated names joined with '|'). */
export function parms(el: ReadElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of el.children) if (c.name === 'parm') out[c.attributes.name!] = out[c.attributes.name!] === undefined ? c.attributes.value! : `${out[c.attributes.name!]}|${c.attributes.value!}`;
  return out;
}
