/**
 * Text a phone sends that XML cannot carry (rules/text.ts): found in an item's fields wherever it
 * sits (nested, opaque), replaced by U+FFFD in DeviceInformation, including a surrogate pair the
 * 1,024-character cut splits.
 */
import { describe, expect, it } from 'vitest';
import { el, nonXmlChar, nonXmlField, readDeviceInformation, xmlSafeText } from '../src/index.js';

const BAD = ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u000E', '\u001F', '\uFFFE', '\uFFFF', '\uD800', '\uDFFF'];

describe('nonXmlChar and xmlSafeText', () => {
  it('find and replace every character XML cannot carry, and nothing else', () => {
    for (const bad of BAD) {
      expect(nonXmlChar(`a${bad}b`)).toBe(`U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
      expect(xmlSafeText(`a${bad}b${bad}`)).toBe('a\uFFFDb\uFFFD');
    }
    const fine = 'tab\tlf\ncr\r Ädå 😀 \uFFFD \uE000';
    expect(nonXmlChar(fine)).toBeUndefined();
    expect(xmlSafeText(fine)).toBe(fine);
  });
});

describe('nonXmlField', () => {
  it('names the field holding such a character, nested or opaque; undefined when there is none', () => {
    expect(nonXmlField([el('Contacts:FirstName', 'Ada'), el('Contacts:LastName', 'Lovelace')])).toBeUndefined();
    expect(nonXmlField([el('Contacts:FirstName', 'Ada'), el('Contacts:LastName', 'Love\u0001lace')])).toEqual({ field: 'Contacts:LastName', char: 'U+0001' });
    expect(nonXmlField([el('AirSyncBase:Body', [el('AirSyncBase:Type', '1'), el('AirSyncBase:Data', 'note\uFFFE')])])).toEqual({ field: 'AirSyncBase:Data', char: 'U+FFFE' });
    expect(nonXmlField([el('AirSyncBase:Body', [el('AirSyncBase:Data', new Uint8Array([0x61, 0x0b, 0x62]))])])).toEqual({ field: 'AirSyncBase:Data', char: 'U+000B' });
  });
});

describe('readDeviceInformation', () => {
  it('keeps each field with U+FFFD for each character XML cannot carry', () => {
    const information = el('Settings:DeviceInformation', [
      el('Settings:Set', [el('Settings:FriendlyName', 'a\u0001b'), el('Settings:Model', 'M\u000Bx'), el('Settings:OS', 'O\uFFFEs'), el('Settings:UserAgent', new Uint8Array([0x75, 0x1f]))]),
    ]);
    expect(readDeviceInformation(information)).toEqual({ FriendlyName: 'a\uFFFDb', Model: 'M\uFFFDx', OS: 'O\uFFFDs', UserAgent: 'u\uFFFD' });
  });
  it('a surrogate pair the 1,024-character cut splits leaves no lone half', () => {
    const long = `${'x'.repeat(1023)}😀`;
    const read = readDeviceInformation(el('Settings:DeviceInformation', [el('Settings:Set', [el('Settings:FriendlyName', long)])]))!;
    expect(read.FriendlyName).toBe(`${'x'.repeat(1023)}\uFFFD`);
  });
});
