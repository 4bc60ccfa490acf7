/** The one HTTP Basic reader (auth/basic.ts) every way in uses. */
import { describe, expect, it } from 'vitest';
import { basicAuthorization, decodeBasic } from '../../src/auth/basic.js';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('decodeBasic', () => {
  it('splits at the first colon: the password may hold colons, the name may be empty', () => {
    expect(decodeBasic(b64('ada:pa:ss'))).toEqual({ username: 'ada', password: 'pa:ss' });
    expect(decodeBasic(b64(':secret'))).toEqual({ username: '', password: 'secret' });
    expect(decodeBasic(b64('åsa:lösen'))).toEqual({ username: 'åsa', password: 'lösen' });
  });

  it('refuses a value without a colon, and one that is not base64 unless lenient', () => {
    expect(decodeBasic(b64('no colon'))).toBeUndefined();
    expect(decodeBasic(`${b64('ada:x')}!`)).toBeUndefined();
    expect(decodeBasic(`${b64('ada:x')}!`, true)).toEqual({ username: 'ada', password: 'x' });
  });
});

describe('basicAuthorization', () => {
  it('reads the Basic scheme in any case, with trailing blanks', () => {
    expect(basicAuthorization(`basic ${b64('ada:x')}  `)).toEqual({ username: 'ada', password: 'x' });
  });

  it('gives nothing for no header, another scheme, or a malformed value', () => {
    expect(basicAuthorization(null)).toBeUndefined();
    expect(basicAuthorization(`Bearer ${b64('ada:x')}`)).toBeUndefined();
    expect(basicAuthorization('Basic a b')).toBeUndefined();
  });
});
