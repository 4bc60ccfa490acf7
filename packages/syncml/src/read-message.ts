/**
 * The element tree of a SyncML message (from XML or WBXML) → the typed model. One mapper for both
 * wire forms, so they cannot drift apart. Strict where the session machine relies on a value (the
 * SyncHdr fields, CmdID, the references of a Status, numbers), lenient elsewhere: elements we do
 * not model (Correlator, Filter, EMI, Mem, DSMem, Ext, ...) are skipped, and any command we do not
 * implement is read as `Unsupported` so the server can answer it 406. What a device sends is safe
 * to store and to write back as XML: text XML cannot carry is refused, or in item data replaced
 * (xml-chars.ts); message numbers are integers that fit 31 bits; identifiers and URIs have length
 * bounds (limits.ts).
 */
import type { DevInf } from './devinf.js';
import { SyncmlDecodeError } from './error.js';
import type {
  Anchor, Command, Cred, Item, Location, MapItem, Meta, Status, SyncHdr, SyncItemCommand, SyncmlMessage, Unsupported,
} from './message.js';
import { MAX_SESSION_ID_LENGTH, MAX_URI_LENGTH } from './limits.js';
import { bounded, child, compact, has, messageNumber, optionalId, optionalNumber, required, requiredId, textOf, toNumber } from './read-fields.js';
import { readDevInf } from './read-devinf.js';
import { DEVINF_WBXML_TYPE, DEVINF_XML_TYPE } from './tags.js';
import { ElementBudget, type Element } from './tree.js';
import { readDevInfWbxml, looksLikeWbxml } from './wbxml/syncml.js';
import { checkText } from './xml-chars.js';

/** A LocURI (or RespURI, SourceParent, ...): at most MAX_URI_LENGTH characters. */
function uri(el: Element, name: string): string {
  return bounded(required(el, name).text, MAX_URI_LENGTH, `${el.name}/${name}`);
}

function location(el: Element): Location {
  const locName = textOf(el, 'LocName');
  return compact<Location>({
    locUri: uri(el, 'LocURI'),
    locName: locName === undefined ? undefined : bounded(locName, MAX_URI_LENGTH, `${el.name}/LocName`),
  });
}

function optionalLocation(el: Element, name: string): Location | undefined {
  const c = child(el, name);
  return c === undefined ? undefined : location(c);
}

function anchor(el: Element): Anchor {
  return compact<Anchor>({ last: textOf(el, 'Last'), next: textOf(el, 'Next') });
}

/**
 * Meta holds MetInf elements (some phones wrap them in a MetInf element). The DevInf media type is
 * read as `+xml` whichever way it was spelled: the model names what the data is, and the writers
 * spell it for their wire.
 */
function meta(el: Element | undefined): Meta | undefined {
  if (el === undefined) return undefined;
  const src = child(el, 'MetInf') ?? el;
  const type = textOf(src, 'Type');
  const anchorEl = child(src, 'Anchor');
  return compact<Meta>({
    type: type === DEVINF_WBXML_TYPE ? DEVINF_XML_TYPE : type,
    format: textOf(src, 'Format'),
    size: optionalNumber(src, 'Size'),
    maxMsgSize: optionalNumber(src, 'MaxMsgSize'),
    maxObjSize: optionalNumber(src, 'MaxObjSize'),
    nextNonce: textOf(src, 'NextNonce'),
    version: textOf(src, 'Version'),
    anchor: anchorEl === undefined ? undefined : anchor(anchorEl),
  });
}

/**
 * What the DevInf documents inside the message being read may still build: the message's own
 * budget, set by readMessage for its one synchronous walk (threading it through every command
 * reader for this one leaf would say less), so that DevInfs nested in OPAQUE cannot multiply
 * MAX_ELEMENTS by their number.
 */
let nestedBudget: ElementBudget | undefined;

function devinfFromOpaque(bytes: Uint8Array): DevInf | undefined {
  if (!looksLikeWbxml(bytes)) return undefined;
  const tree = readDevInfWbxml(bytes, nestedBudget ?? new ElementBudget());
  if (tree === undefined) return undefined;
  checkText(tree);
  return readDevInf(tree);
}

function item(el: Element): Item {
  const dataEl = child(el, 'Data');
  let data: string | undefined;
  let devinf: DevInf | undefined;
  let anchorValue: Anchor | undefined;
  if (dataEl !== undefined) {
    const devinfEl = child(dataEl, 'DevInf');
    const anchorEl = child(dataEl, 'Anchor');
    if (devinfEl !== undefined) devinf = readDevInf(devinfEl);
    else if (anchorEl !== undefined) anchorValue = anchor(anchorEl);
    else {
      devinf = dataEl.opaque === undefined ? undefined : devinfFromOpaque(dataEl.opaque);
      if (devinf === undefined) data = dataEl.text;
    }
  }
  return compact<Item>({
    target: optionalLocation(el, 'Target'),
    source: optionalLocation(el, 'Source'),
    targetParent: parentUri(el, 'TargetParent'),
    sourceParent: parentUri(el, 'SourceParent'),
    meta: meta(child(el, 'Meta')),
    data,
    devinf,
    anchor: anchorValue,
    moreData: has(el, 'MoreData') || undefined,
  });
}

/** SourceParent / TargetParent hold a LocURI. */
function parentUri(el: Element, name: string): string | undefined {
  const c = child(el, name);
  return c === undefined ? undefined : uri(c, 'LocURI');
}

function items(el: Element): Item[] {
  const out: Item[] = [];
  for (const c of el.children) if (c.name === 'Item') out.push(item(c));
  return out;
}

function cred(el: Element | undefined): Cred | undefined {
  if (el === undefined) return undefined;
  return compact<Cred>({ meta: meta(child(el, 'Meta')), data: required(el, 'Data').text.trim() });
}

function header(el: Element): SyncHdr {
  const verDTD = requiredId(el, 'VerDTD');
  if (verDTD !== '1.1' && verDTD !== '1.2') throw new SyncmlDecodeError(`SyncML version ${JSON.stringify(verDTD.slice(0, 20))} is not supported (1.1 and 1.2 are)`);
  return compact<SyncHdr>({
    verDTD,
    verProto: requiredId(el, 'VerProto'),
    sessionId: bounded(requiredId(el, 'SessionID'), MAX_SESSION_ID_LENGTH, 'SyncHdr/SessionID'),
    msgId: messageNumber(requiredId(el, 'MsgID'), 'SyncHdr/MsgID'),
    target: location(required(el, 'Target')),
    source: location(required(el, 'Source')),
    respUri: child(el, 'RespURI') === undefined ? undefined : uri(el, 'RespURI'),
    noResp: has(el, 'NoResp') || undefined,
    cred: cred(child(el, 'Cred')),
    meta: meta(child(el, 'Meta')),
  });
}

/** The fields every command has: CmdID (required), NoResp, Meta. */
function base(el: Element): { cmdId: string; noResp: true | undefined; meta: Meta | undefined } {
  return { cmdId: cmdId(el), noResp: has(el, 'NoResp') || undefined, meta: meta(child(el, 'Meta')) };
}

function cmdId(el: Element): string {
  return messageNumber(requiredId(el, 'CmdID'), `${el.name}/CmdID`);
}

function unsupported(el: Element): Unsupported {
  return compact<Unsupported>({ kind: 'Unsupported', name: el.name, cmdId: cmdId(el), noResp: has(el, 'NoResp') || undefined });
}

function status(el: Element): Status {
  const targetRefs: string[] = [];
  const sourceRefs: string[] = [];
  for (const c of el.children) {
    if (c.name === 'TargetRef') targetRefs.push(c.text);
    else if (c.name === 'SourceRef') sourceRefs.push(c.text);
  }
  const chal = child(el, 'Chal');
  return compact<Status>({
    kind: 'Status',
    cmdId: cmdId(el),
    msgRef: messageNumber(requiredId(el, 'MsgRef'), 'Status/MsgRef'),
    cmdRef: messageNumber(requiredId(el, 'CmdRef'), 'Status/CmdRef', 0),
    cmd: requiredId(el, 'Cmd'),
    targetRefs,
    sourceRefs,
    chal: chal === undefined ? undefined : { meta: meta(child(chal, 'Meta')) ?? {} },
    data: toNumber(required(el, 'Data').text, 'Status/Data'),
    items: items(el),
  });
}

function syncItemCommand(el: Element): SyncItemCommand | undefined {
  switch (el.name) {
    case 'Add':
    case 'Replace':
      return compact<SyncItemCommand>({ kind: el.name, ...base(el), items: items(el) });
    case 'Delete':
      return compact<SyncItemCommand>({
        kind: 'Delete', ...base(el), archive: has(el, 'Archive') || undefined, softDelete: has(el, 'SftDel') || undefined, items: items(el),
      });
    default:
      return undefined;
  }
}

/** Children of a Sync that are not commands. */
const SYNC_FIELDS = new Set(['CmdID', 'NoResp', 'Cred', 'Target', 'Source', 'Meta', 'NumberOfChanges']);

function command(el: Element): Command {
  switch (el.name) {
    case 'Status':
      return status(el);
    case 'Alert': {
      const data = child(el, 'Data');
      return compact<Command>({ kind: 'Alert', ...base(el), data: data === undefined ? undefined : toNumber(data.text, 'Alert/Data'), items: items(el) });
    }
    case 'Put':
    case 'Get':
      return compact<Command>({ kind: el.name, ...base(el), lang: optionalId(el, 'Lang'), items: items(el) });
    case 'Results':
      return compact<Command>({
        kind: 'Results', ...base(el),
        msgRef: child(el, 'MsgRef') === undefined ? undefined : messageNumber(requiredId(el, 'MsgRef'), 'Results/MsgRef'),
        cmdRef: messageNumber(requiredId(el, 'CmdRef'), 'Results/CmdRef', 0),
        targetRef: textOf(el, 'TargetRef'),
        sourceRef: textOf(el, 'SourceRef'),
        items: items(el),
      });
    case 'Sync': {
      const commands: (SyncItemCommand | Unsupported)[] = [];
      for (const c of el.children) if (!SYNC_FIELDS.has(c.name)) commands.push(syncItemCommand(c) ?? unsupported(c));
      return compact<Command>({
        kind: 'Sync', ...base(el),
        target: optionalLocation(el, 'Target'),
        source: optionalLocation(el, 'Source'),
        numberOfChanges: optionalNumber(el, 'NumberOfChanges'),
        commands,
      });
    }
    case 'Map': {
      const mapItems: MapItem[] = [];
      for (const c of el.children) {
        if (c.name === 'MapItem') mapItems.push({ target: uri(required(c, 'Target'), 'LocURI'), source: uri(required(c, 'Source'), 'LocURI') });
      }
      return compact<Command>({
        kind: 'Map', ...base(el), target: location(required(el, 'Target')), source: location(required(el, 'Source')), mapItems,
      });
    }
    default:
      return syncItemCommand(el) ?? unsupported(el);
  }
}

/** `budget`: what the reader of `root` left of the message's ElementBudget, for DevInfs inside it. */
export function readMessage(root: Element, budget = new ElementBudget()): SyncmlMessage {
  nestedBudget = budget;
  try {
    return readRoot(root);
  } finally {
    nestedBudget = undefined;
  }
}

function readRoot(root: Element): SyncmlMessage {
  if (root.name !== 'SyncML') throw new SyncmlDecodeError(`the root element is ${JSON.stringify(root.name.slice(0, 40))}, not SyncML`);
  checkText(root);
  const hdr = header(required(root, 'SyncHdr'));
  const body = required(root, 'SyncBody');
  const commands: Command[] = [];
  let final = false;
  for (const c of body.children) {
    if (c.name === 'Final') final = true;
    else commands.push(command(c));
  }
  return { header: hdr, commands, final };
}
