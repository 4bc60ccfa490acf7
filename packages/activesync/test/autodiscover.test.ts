/**
 * Reading an Autodiscover request (autodiscover.ts): what phones send is read; a wide body — a
 * flat run of siblings, or more elements than any request holds — is refused with
 * AutodiscoverRequestError (the server's Autodiscover error 600) at the first element past the
 * bounds, as are a DOCTYPE and deep nesting.
 */
import { describe, expect, it } from 'vitest';
import { AUTODISCOVER_MAX_CHILDREN, AUTODISCOVER_MAX_ELEMENTS, AutodiscoverRequestError, readAutodiscoverRequest } from '../src/index.js';

const REQUEST_NS = 'http://schemas.microsoft.com/exchange/autodiscover/mobilesync/requestschema/2006';
const RESPONSE_SCHEMA = 'http://schemas.microsoft.com/exchange/autodiscover/mobilesync/responseschema/2006';
const request = (inner: string, extra = '') =>
  `<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="${REQUEST_NS}"><Request><EMailAddress>ada@example.org</EMailAddress><AcceptableResponseSchema>${RESPONSE_SCHEMA}</AcceptableResponseSchema>${inner}</Request>${extra}</Autodiscover>`;

function refusal(xml: string): string {
  try {
    readAutodiscoverRequest(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(AutodiscoverRequestError);
    return (error as Error).message;
  }
  throw new Error('read a request that should have been refused');
}

describe('readAutodiscoverRequest', () => {
  it('reads what a phone sends', () => {
    expect(readAutodiscoverRequest(request(''))).toEqual({ emailAddress: 'ada@example.org', acceptableResponseSchema: RESPONSE_SCHEMA });
  });

  it('reads a request with a few extension elements', () => {
    expect(readAutodiscoverRequest(request('<x:Hint xmlns:x="urn:x">a</x:Hint>'.repeat(8))).emailAddress).toBe('ada@example.org');
  });

  it(`a Request of ${AUTODISCOVER_MAX_CHILDREN + 1} children is refused`, () => {
    expect(refusal(request('<a/>'.repeat(AUTODISCOVER_MAX_CHILDREN - 1)))).toMatch(`more than ${AUTODISCOVER_MAX_CHILDREN} children in one element`);
  });

  it('64 KiB of <a/> in one element is refused at the bound', () => {
    expect(refusal(request('<a/>'.repeat(16_000)))).toMatch(`more than ${AUTODISCOVER_MAX_CHILDREN} children in one element`);
  });

  it('many elements under many parents, each under the children bound, are refused', () => {
    const spread = `<b>${'<a/>'.repeat(AUTODISCOVER_MAX_CHILDREN / 2)}</b>`.repeat(Math.ceil(AUTODISCOVER_MAX_ELEMENTS / (AUTODISCOVER_MAX_CHILDREN / 2)) + 1);
    expect(refusal(request('', spread))).toMatch(`more than ${AUTODISCOVER_MAX_ELEMENTS} elements`);
  });

  it('a DOCTYPE and deep nesting are refused', () => {
    expect(refusal(`<!DOCTYPE a [<!ENTITY x "y">]>${request('')}`)).toMatch('a DOCTYPE is not accepted');
    expect(refusal(request('<a>'.repeat(20) + '</a>'.repeat(20)))).toMatch('deeper than 16');
  });
});
