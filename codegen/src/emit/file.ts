/** Writing generated files: one header, one place. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const SOURCES = 'spec/openapi.yaml and spec/xsd/*.xsd';

export function header(generator: string, commentStyle: 'ts' | 'html' | 'css' = 'ts'): string {
  const text = `generated — do not edit. Written by codegen/src/${generator} from ${SOURCES}; run \`npm run generate\`.`;
  if (commentStyle === 'css') return `/* ${text} */\n`;
  return commentStyle === 'ts' ? `// ${text}\n/* eslint-disable */\n` : `<!-- ${text} -->\n`;
}

export class Output {
  readonly files = new Map<string, string>();
  add(path: string, content: string): void {
    if (this.files.has(path)) throw new Error(`${path} generated twice`);
    this.files.set(path, content.endsWith('\n') ? content : `${content}\n`);
  }
  write(root: string): void {
    for (const [path, content] of this.files) {
      const full = `${root}/${path}`;
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
  }
}
