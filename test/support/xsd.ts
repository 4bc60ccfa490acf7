/**
 * Real XSD validation of what we emit, against spec/xsd, with xsd-schema-validator (Xerces in a
 * JVM). A JVM start costs ~150 ms, so documents are validated in batches: each one becomes a
 * child of a wrapper element whose schema takes any element of our namespaces strictly, and the
 * validator's line numbers map errors back to the document that caused them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xsd-schema-validator';

const XSD_DIR = resolve(fileURLToPath(new URL('../../spec/xsd', import.meta.url)));

let wrapperSchema: string | undefined;
function wrapper(): string {
  if (wrapperSchema) return wrapperSchema;
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-xsd-'));
  wrapperSchema = join(dir, 'batch-of-documents.xsd');
  writeFileSync(
    wrapperSchema,
    `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:atomsync:test" elementFormDefault="qualified">
  <xs:import namespace="http://www.w3.org/2005/Atom" schemaLocation="file://${XSD_DIR}/atom.xsd"/>
  <xs:import namespace="http://schemas.atomsync.dev/2009/sync" schemaLocation="file://${XSD_DIR}/atomsync.xsd"/>
  <xs:import namespace="http://schemas.google.com/gdata/batch" schemaLocation="file://${XSD_DIR}/batch.xsd"/>
  <xs:element name="documents">
    <xs:complexType>
      <xs:sequence><xs:any namespace="##other" processContents="strict" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
    </xs:complexType>
  </xs:element>
</xs:schema>
`,
  );
  return wrapperSchema;
}

export interface XsdFailure {
  index: number;
  messages: string[];
}

/** Validates every document; resolves to the failures (empty when all are valid). */
export async function validateDocuments(documents: readonly string[]): Promise<XsdFailure[]> {
  const bodies = documents.map((d) => d.replace(/^<\?xml[^>]*\?>\s*/, ''));
  for (const [i, b] of bodies.entries()) {
    if (b.includes('<!DOCTYPE')) throw new Error(`document ${i} has a DOCTYPE`);
  }
  // Line 1 is the wrapper's start tag; document i starts on line i + 2 and may span lines.
  const starts: number[] = [];
  let line = 2;
  for (const b of bodies) {
    starts.push(line);
    line += b.split('\n').length;
  }
  const xml = `<documents xmlns="urn:atomsync:test">\n${bodies.join('\n')}\n</documents>`;
  try {
    const result = await validateXML(xml, wrapper());
    if (result.valid) return [];
    throw Object.assign(new Error('invalid'), { messages: result.messages });
  } catch (err) {
    const raw: string[] = (err as { messages?: string[] }).messages ?? [String((err as Error).message)];
    // One stderr chunk may hold several messages.
    const messages = raw.flatMap((m) => m.split(/(?=\[(?:error|fatal|warning)\])/));
    const failures = new Map<number, string[]>();
    for (const m of messages) {
      const at = /\((\d+):(\d+)\)/.exec(m);
      if (!at) continue;
      const l = Number(at[1]);
      let index = starts.length - 1;
      while (index > 0 && starts[index]! > l) index--;
      failures.set(index, [...(failures.get(index) ?? []), m.trim()]);
    }
    if (failures.size === 0) throw err;
    return [...failures].map(([index, msgs]) => ({ index, messages: msgs }));
  }
}
