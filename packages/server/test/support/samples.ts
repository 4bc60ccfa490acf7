/**
 * Sample values for every body of the operation table: the golden documents of spec/examples/
 * (by the shape index.yaml gives each) when there is one that decodes, else a minimal value
 * built from the shape descriptor (required fields only).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { entryCodecs, type BodySpec, type EntryShapeName, type ScalarSpec, type ShapeSpec, STRICT_DECODE } from '@atomsync/atom';
import { parse } from 'yaml';

const DIR = fileURLToPath(new URL('../../../../spec/examples/', import.meta.url));

interface Golden {
  file: string;
  xml: string;
  entry?: string;
  feed?: string;
}

function goldens(): Golden[] {
  if (!existsSync(`${DIR}index.yaml`)) return [];
  const index = parse(readFileSync(`${DIR}index.yaml`, 'utf8')) as Omit<Golden, 'xml'>[];
  return index.map((e) => ({ ...e, xml: readFileSync(`${DIR}${e.file}`, 'utf8') }));
}

const GOLDENS = goldens();

function scalarSample(spec: ScalarSpec): unknown {
  if (spec.values && spec.values.size > 0) return [...spec.values][0];
  switch (spec.kind) {
    case 'string': {
      const candidates = ['sample', '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b', 'a', '1', 'http://example.com/x'];
      return candidates.find((c) => !spec.pattern || spec.pattern.test(c)) ?? 'sample';
    }
    case 'boolean':
      return true;
    case 'dateTime':
    case 'listingTimestamp':
      return new Date('2020-01-02T03:04:05Z');
    default:
      return 1;
  }
}

export function minimalValue(shape: ShapeSpec): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const f of shape.requiredFields) {
    const one = f.shape ? minimalValue(f.shape) : scalarSample(f.scalar!);
    value[f.prop] = f.many ? [one] : one;
  }
  for (const a of shape.requiredAttrs) value[a.prop] = scalarSample(a.scalar);
  if (shape.text) value[shape.text.prop] = scalarSample(shape.text.scalar);
  return value;
}

export interface Sample {
  /** The decoded value a handler gets or returns. */
  value: unknown;
  /** Its wire form (for request bodies). */
  wire: string | Uint8Array | undefined;
  /** Where it came from, for test names. */
  source: string;
}

function golden(kind: 'entry' | 'feed', shape: EntryShapeName, role: 'request' | 'response', hint: string): Sample | undefined {
  const codec = entryCodecs[shape];
  const score = (file: string) => Number(file.includes(role)) + 2 * Number(file.includes(`${hint}-${role}`));
  const candidates = GOLDENS.filter((g) => g[kind] === shape).sort((a, b) => score(b.file) - score(a.file));
  for (const g of candidates) {
    try {
      const value = kind === 'entry' ? codec.decodeEntry(g.xml, STRICT_DECODE) : codec.decodeFeed(g.xml, STRICT_DECODE);
      return { value, wire: g.xml, source: g.file };
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** `hint` prefers the golden named for the action: `update` picks `*.update-request.xml`. */
export function sampleOf(spec: BodySpec | undefined, role: 'request' | 'response', hint = 'create'): Sample {
  if (spec === undefined || spec.kind === 'empty') return { value: undefined, wire: undefined, source: 'none' };
  if (spec.kind === 'raw') {
    if (spec.mediaType.startsWith('text/')) return { value: 'sample text', wire: 'sample text', source: 'raw text' };
    const bytes = new TextEncoder().encode('<SyncML xmlns="SYNCML:SYNCML1.2"/>');
    return { value: bytes, wire: bytes, source: 'raw bytes' };
  }
  const codec = entryCodecs[spec.shape];
  const found = golden(spec.kind, spec.shape, role, hint);
  if (found) return found;
  const entry = minimalValue(codec.entryShape);
  const value = spec.kind === 'entry' ? entry : { entries: [entry] };
  const wire = spec.kind === 'entry' ? codec.encodeEntry(value as never) : codec.encodeFeed(value as never);
  return { value: spec.kind === 'entry' ? codec.decodeEntry(wire, STRICT_DECODE) : codec.decodeFeed(wire, STRICT_DECODE), wire, source: `minimal ${spec.shape}` };
}
