/**
 * A test-only WBXML reader: decodes what provisioning/wbxml.ts writes back into a tree of named
 * elements, with the OMA Client Provisioning tables (the tokens our documents use), so tests can
 * check a document's structure without trusting the encoder.
 */
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

const TAGS: Record<string, string> = { '0:5': 'wap-provisioningdoc', '0:6': 'characteristic', '0:7': 'parm', '1:6': 'characteristic', '1:7': 'parm' };
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

export function readWbxml(bytes: Uint8Array): ReadDocument {
  let i = 0;
  const byte = () => {
    if (i >= bytes.length) throw new Error('truncated WBXML');
    return bytes[i++]!;
  };
  const mb = () => {
    let v = 0;
    for (;;) {
      const b = byte();
      v = v * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) return v;
    }
  };
  const cstr = (from: Uint8Array, at: number) => {
    const end = from.indexOf(0, at);
    if (end < 0) throw new Error('unterminated string');
    return { text: Buffer.from(from.subarray(at, end)).toString('utf8'), end };
  };
  const version = byte();
  const publicId = mb();
  const charset = mb();
  const tableLength = mb();
  const table = bytes.subarray(i, i + tableLength);
  i += tableLength;
  const inline = () => {
    const { text, end } = cstr(bytes, i);
    i = end + 1;
    return text;
  };
  let tagPage = 0;
  let attrPage = 0;

  const element = (): ReadElement => {
    let t = byte();
    while (t === 0x00) {
      tagPage = byte();
      t = byte();
    }
    const name = TAGS[`${tagPage}:${t & 0x3f}`];
    if (name === undefined) throw new Error(`unknown tag ${tagPage}:${t & 0x3f}`);
    const el: ReadElement = { name, attributes: {}, children: [] };
    if (t & 0x80) {
      let current: string | undefined;
      for (let a = byte(); a !== 0x01; a = byte()) {
        if (a === 0x00) attrPage = byte();
        else if (a === 0x03) el.attributes[current!] += inline();
        else if (a === 0x83) el.attributes[current!] += cstr(table, mb()).text;
        else if (a >= 0x80) {
          const v = ATTR_VALUES[`${attrPage}:${a}`];
          if (v === undefined) throw new Error(`unknown attribute value ${attrPage}:${a}`);
          el.attributes[current!] += v;
        } else {
          const start = ATTR_STARTS[`${attrPage}:${a}`];
          if (start === undefined) throw new Error(`unknown attribute start ${attrPage}:${a}`);
          current = start[0];
          el.attributes[current] = start[1];
        }
      }
    }
    if (t & 0x40) {
      while (bytes[i] !== 0x01) el.children.push(element());
      i++;
    }
    return el;
  };
  const root = element();
  if (i !== bytes.length) throw new Error(`${bytes.length - i} bytes after the root element`);
  return { version, publicId, charset, root };
}

/** The parm values of a characteristic, by name (repeated names joined with '|'). */
export function parms(el: ReadElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of el.children) if (c.name === 'parm') out[c.attributes.name!] = out[c.attributes.name!] === undefined ? c.attributes.value! : `${out[c.attributes.name!]}|${c.attributes.value!}`;
  return out;
}
