/**
 * Text from requests and stored records made safe for an XML answer (src/http/safe-text.ts), and
 * the error body's last safety net: `sendError` never throws, whatever a ServiceError holds.
 */
import { decodeServiceError, type ServiceError as ErrorDocumentShape } from '@atomsync/atom';
import { describe, expect, it } from 'vitest';
import { ServiceError, createApp, createLogger, type OperationHandlers } from '../src/index.js';
import { codePointName, quote, REPLACEMENT, unwritableIn, writable } from '../src/http/safe-text.js';
import { call, itValidatesErrorDocuments } from './support/http.js';

/** Every character XML 1.0 cannot carry that a JS string can hold, by kind. */
const UNWRITABLE = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)).filter((c) => !'\t\n\r'.includes(c)),
  '\uFFFE',
  '\uFFFF',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
];

describe('safe text', () => {
  it.each(UNWRITABLE.map((c) => [codePointName(c), c] as const))('%s is found, replaced, and never quoted raw', (_, c) => {
    expect(unwritableIn(`a${c}b`)).toBe(c);
    expect(writable(`a${c}b`)).toBe(`a${REPLACEMENT}b`);
    const quoted = quote(`a${c}b`);
    expect(quoted).not.toContain(c);
    expect(unwritableIn(quoted)).toBeUndefined();
    expect(quoted).toBe(`"a\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}b"`.replace('\\u0009', '\\t'));
  });

  it('leaves what XML carries alone: TAB, LF, CR, a surrogate pair, U+FFFD', () => {
    for (const text of ['tab\there', 'line\nfeed\r', 'emoji 😀', 'replacement \uFFFD', '']) {
      expect(unwritableIn(text)).toBeUndefined();
      expect(writable(text)).toBe(text);
    }
    // Quoted, a pair stays a pair; TAB/LF/CR are escaped as JSON writes them.
    expect(quote('😀')).toBe('"😀"');
    expect(quote('a\tb\nc\rd"e\\f')).toBe('"a\\tb\\nc\\rd\\"e\\\\f"');
  });

  it('quotes DEL, C1 controls and the line separators escaped, though XML carries them', () => {
    expect(quote('\u007F\u0085\u009F\u2028\u2029')).toBe('"\\u007F\\u0085\\u009F\\u2028\\u2029"');
  });

  it('cuts a long value at the limit, never inside a surrogate pair', () => {
    expect(quote('x'.repeat(1_000))).toBe(`"${'x'.repeat(100)}"…`);
    const paired = `${'x'.repeat(99)}😀tail`;
    expect(quote(paired)).toBe(`"${'x'.repeat(99)}"…`);
    expect(quote('abcdef', 3)).toBe('"abc"…');
  });

  it('names code points as U+XXXX', () => {
    expect(codePointName('\u0000')).toBe('U+0000');
    expect(codePointName('\uFFFE')).toBe('U+FFFE');
    expect(codePointName('😀')).toBe('U+1F600');
  });
});

describe('sendError never throws', () => {
  it.each(UNWRITABLE.map((c) => [codePointName(c), c] as const))('a ServiceError holding %s answers its status with U+FFFD in its place', async (_, c) => {
    const handlers: OperationHandlers = {
      getVendor: async () => {
        throw new ServiceError(404, 'not_found', `no vendor a${c}b`, [{ path: `/x${c}`, message: `bad${c}` }], { 'x-note': `a${c}b` });
      },
    };
    const answer = await call(createApp({ handlers, logger: createLogger('silent') }), 'GET', '/v2/phones/vendors/v-1');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('application/xml');
    expect(answer.text).not.toContain(c);
    // A header value node could not write is left out rather than failing the answer.
    expect(answer.headers.get('x-note')).toBeNull();
    expect(answer.error).toEqual<ErrorDocumentShape>({ status: 404, code: 'not_found', message: 'no vendor a\uFFFDb', details: [{ path: '/x\uFFFD', message: 'bad\uFFFD' }] });
  });

  it('an error whose status is no HTTP error status answers 500', async () => {
    const handlers: OperationHandlers = {
      getVendor: async () => {
        throw new ServiceError(99_999, 'not_found', 'odd');
      },
    };
    const answer = await call(createApp({ handlers, logger: createLogger('silent') }), 'GET', '/v2/phones/vendors/v-1');
    expect(answer.status).toBe(500);
    expect(decodeServiceError(answer.text)).toMatchObject({ status: 500, code: 'internal' });
  });

  itValidatesErrorDocuments();
});
