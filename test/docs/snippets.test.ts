/**
 * The SDK call each operation's docs show compiles against the SDK: every snippet codegen derives
 * (docs-usage.ts) is put in a function of its own, with its path parameters declared, and the
 * whole file type-checked with the repository's compiler options against the SDK's sources.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../codegen/src/generate.js';
import { pathParams } from '../../codegen/src/emit/context.js';
import { usageOf } from '../../codegen/src/emit/docs-usage.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the SDK calls of the docs', () => {
  it('type-check against @atomsync/sdk', () => {
    const ctx = loadSpec();
    const file = join(ROOT, 'test/docs/__snippets__.ts');
    const lines = [
      `import { basicAuth, createClient } from '@atomsync/sdk';`,
      `const client = createClient({ baseUrl: 'http://127.0.0.1:8080', auth: basicAuth('alice', 'wonderland-42') });`,
      `declare const message: Uint8Array;`,
      `declare const text: string;`,
      `void message;`,
      `void text;`,
    ];
    for (const op of ctx.api.operations) {
      const params = pathParams(op).map((p) => `const ${p.name} = ${p.type === 'integer' ? '7' : "'6f1c3a52-4b7e-4d0a-9c1e-2b8f5d7a9e10'"};`);
      lines.push(`export async function ${op.id}(): Promise<void> {\n${params.join('\n')}\n${usageOf(ctx, op).sdk}\n}`);
    }
    const source = lines.join('\n');

    const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    // A snippet shows the answer's variable without using it.
    const options = { ...config.options, noUnusedLocals: false, noEmit: true };
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, ...rest) =>
      name === file ? ts.createSourceFile(name, source, language) : read(name, language, ...rest);
    const exists = host.fileExists.bind(host);
    host.fileExists = (name) => name === file || exists(name);
    const program = ts.createProgram([file], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((d) => {
        const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
        const line = where ? source.split('\n')[where.line] : '';
        return `${ts.flattenDiagnosticMessageText(d.messageText, '\n')}${line ? `\n    ${line.trim()}` : ''}`;
      });
    expect(problems).toEqual([]);
  }, 60_000);
});
