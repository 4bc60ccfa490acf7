/**
 * The chat log's text of a message (syncml/chat-text.ts): the data of every Cred redacted wherever
 * it sits and however it is prefixed; a Cred written any other way (CDATA, a comment, text beside
 * its Data, left open) is not kept as written at all; a long message is cut at a character
 * boundary within the cap, saying so.
 */
import { decodeMessage } from '@atomsync/syncml';
import { describe, expect, it } from 'vitest';
import { capped, chatText, redactCredentials } from '../../../src/syncml/chat-text.js';

const SECRET = Buffer.from('ada:hunter22').toString('base64');

describe('redactCredentials', () => {
  it.each([
    ['in the SyncHdr', `<SyncHdr><Cred><Meta><Type>syncml:auth-basic</Type></Meta><Data>${SECRET}</Data></Cred></SyncHdr>`],
    ['in an Alert', `<Alert><CmdID>1</CmdID><Cred><Data>${SECRET}</Data></Cred><Data>200</Data></Alert>`],
    ['in an Add inside a Sync', `<Sync><Add><Cred><Data>${SECRET}</Data></Cred></Add><Cred><Data>${SECRET}</Data></Cred></Sync>`],
    ['with a prefix and attributes', `<s:Cred a="1"><s:Meta><m:Type>x</m:Type></s:Meta><s:Data xml:space="preserve" >${SECRET}</s:Data ></s:Cred >`],
    ['spread over lines', `<Cred>\n  <Meta>\n    <Type>syncml:auth-md5</Type>\n  </Meta>\n  <Data>\n    ${SECRET}\n  </Data>\n</Cred>`],
  ])('redacts the data of a Cred %s', (_where, xml) => {
    const redacted = redactCredentials(xml)!;
    expect(redacted).not.toContain(SECRET);
    expect(redacted).toContain('[redacted]');
    // Only the Creds' Data changed (the Alert's own Data, 200, stays).
    expect(redacted).toBe(xml.replace(new RegExp(`(<(?:s:)?Data[^>]*>)\\s*${SECRET}\\s*(<)`, 'g'), '$1[redacted]$2'));
  });

  it.each([
    ['its data in CDATA', `<Cred><Data><![CDATA[${SECRET}]]></Data></Cred>`],
    ['a comment inside', `<Cred><!-- x --><Data>${SECRET}</Data></Cred>`],
    ['text beside its Data', `<Cred>${SECRET}<Data>x</Data></Cred>`],
    ['no end', `<Cred><Data>${SECRET}</Data>`],
    ['an end without a start', `<Data>${SECRET}</Data></Cred>`],
    ['another Cred inside', `<Cred><Cred><Data>${SECRET}</Data></Cred></Cred>`],
    ['a Data with elements inside', `<Cred><Data><b>${SECRET}</b></Data></Cred>`],
  ])('gives up on a Cred with %s, so the message is not shown as written', (_what, xml) => {
    expect(redactCredentials(xml)).toBeUndefined();
  });

  it('leaves a message without Cred as it is', () => {
    const xml = '<SyncML><SyncBody><Alert><Data>200</Data></Alert><Item><Data>Credit: 3</Data></Item></SyncBody></SyncML>';
    expect(redactCredentials(xml)).toBe(xml);
  });
});

describe('chatText', () => {
  const xml = (alertCred: string) =>
    '<SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr><VerDTD>1.2</VerDTD><VerProto>SyncML/1.2</VerProto><SessionID>1</SessionID><MsgID>1</MsgID>' +
    '<Target><LocURI>http://s/syncml?session=KEY</LocURI></Target><Source><LocURI>IMEI:1</LocURI></Source>' +
    `<Cred><Data>${SECRET}</Data></Cred></SyncHdr><SyncBody><Alert><CmdID>1</CmdID>${alertCred}<Data>200</Data></Alert><Final/></SyncBody></SyncML>`;

  it('keeps an XML message as written, every Cred and the session key redacted', () => {
    const raw = Buffer.from(xml(`<Cred><Data>${SECRET}</Data></Cred>`));
    const text = chatText(decodeMessage(raw, 'xml'), raw, 'KEY');
    expect(text).toBe(xml('<Cred><Data>[redacted]</Data></Cred>').replace(`<Cred><Data>${SECRET}`, '<Cred><Data>[redacted]').replace('KEY', '[redacted]'));
  });

  it('shows an XML message whose Cred it cannot read plainly as its XML form, without any Cred data', () => {
    const raw = Buffer.from(xml(`<Cred><Data><![CDATA[${SECRET}]]></Data></Cred>`));
    const text = chatText(decodeMessage(raw, 'xml'), raw, 'KEY');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('KEY');
    expect(text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><SyncML xmlns="SYNCML:SYNCML1\.2">/);
    expect(text).toContain('<Alert>');
  });
});

describe('capped', () => {
  it('keeps a text within the cap as it is', () => {
    expect(capped('a'.repeat(100), 100)).toBe('a'.repeat(100));
  });

  it('cuts a longer one within the cap at a character boundary, saying how much it was', () => {
    const text = 'é'.repeat(1_000) + '😀'.repeat(1_000);
    for (const cap of [500, 501, 2_101, 2_102, 2_103]) {
      const cut = capped(text, cap);
      expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(cap);
      expect(cut).not.toContain('\uFFFD');
      expect(cut).toMatch(new RegExp(`\\n\\[cut: the message is ${Buffer.byteLength(text)} bytes, the chat log keeps the first \\d+\\]$`));
      expect(text.startsWith(cut.slice(0, cut.lastIndexOf('\n[cut')))).toBe(true);
    }
  });
});
