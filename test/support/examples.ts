/** The golden documents of spec/examples/, with the shape index.yaml gives each. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export interface Golden {
  file: string;
  xml: string;
  description: string;
  entry?: string;
  feed?: string;
  element?: string;
}

const DIR = fileURLToPath(new URL('../../spec/examples/', import.meta.url));

export function goldenExamples(): Golden[] {
  const index = parse(readFileSync(`${DIR}index.yaml`, 'utf8')) as Omit<Golden, 'xml'>[];
  return index.map((e) => ({ ...e, xml: readFileSync(`${DIR}${e.file}`, 'utf8') }));
}
