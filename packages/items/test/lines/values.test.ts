import { describe, expect, it } from 'vitest';
import { joinValue, splitValue } from '../../src/lines/values.js';

describe('joinValue', () => {
  it('escapes 3.0/4.0 and iCalendar values: backslash, newline (CRLF or LF), semicolon, comma; a lone CR and plain text as they are', () => {
    expect(joinValue(['Storgatan 1'], 'text', false)).toBe('Storgatan 1');
    expect(joinValue(['a\\b'], 'text', false)).toBe('a\\\\b');
    expect(joinValue(['line 1\r\nline 2\nline 3\rsame'], 'text', false)).toBe('line 1\\nline 2\\nline 3\rsame');
    expect(joinValue(['Met at the conference, booth 12; hall B'], 'text', false)).toBe('Met at the conference\\, booth 12\\; hall B');
    expect(joinValue(['Nilsson', 'Lars', '', 'Dr.; PhD', ''], 'structured', false)).toBe('Nilsson;Lars;;Dr.\\; PhD;');
    expect(joinValue(['work', 'a,b'], 'list', false)).toBe('work,a\\,b');
  });

  it('escapes legacy (2.1, vCalendar 1.0) values only where the family does', () => {
    expect(joinValue(['a, b; c'], 'text', true)).toBe('a, b; c');
    expect(joinValue(['Nilsson', 'Dr.; PhD'], 'structured', true)).toBe('Nilsson;Dr.\\; PhD');
  });

  it('reads back what it writes', () => {
    const parts = ['plain', 'a\\b', 'x;y,z', 'one\ntwo', ''];
    expect(splitValue(joinValue(parts, 'structured', false), 'structured', false)).toEqual(parts);
    expect(splitValue(joinValue(['café, bar'], 'text', false), 'text', false)).toEqual(['café, bar']);
  });
});
