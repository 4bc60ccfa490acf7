/**
 * The chat log's text of a message (syncml/chat-text.ts): the data of every Cred redacted wherever
 * it sits and however it is prefixed; a Cred written any other way (CDATA, a comment, text beside
 * its Data, left open) is not kept as written at all; a long message is cut at a character
 * boundary within the cap, saying so.
 */
import { decodeMessage, encodeMessage, type SyncmlMessage } from '@atomsync/syncml';
import { describe, expect, it } from 'vitest';
import { capped, CHATLOG_MAX_BODY_BYTES, chatText, redactCredentials } from '../../../src/syncml/chat-text.js';

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

describe('chatText of a message longer than the cap, written from its model (WBXML in, every reply)', () => {
  const KEY = 'k3Y-0123456789abcdef0123456789abcdef';
  /** A reply of `count` Adds whose data holds the session key at `keyAt` (and a character of 2 and of 4 bytes). */
  const reply = (count: number, keyAt: number, pad = 0): SyncmlMessage => ({
    header: {
      verDTD: '1.2',
      verProto: 'SyncML/1.2',
      sessionId: '1',
      msgId: '2',
      target: { locUri: 'IMEI:1' },
      source: { locUri: `http://s/syncml?session=${KEY}` },
      respUri: `http://s/syncml?session=${KEY}`,
      cred: { meta: { type: 'syncml:auth-basic' }, data: SECRET },
    },
    commands: [
      {
        kind: 'Sync',
        cmdId: '1',
        target: { locUri: './contacts' },
        source: { locUri: 'contacts' },
        commands: Array.from({ length: count }, (_, i) => ({
          kind: 'Add' as const,
          cmdId: String(i + 2),
          meta: { type: 'text/vcard' },
          items: [{ source: { locUri: `id-${i}` }, data: `BEGIN:VCARD\r\nFN:Zoë 😀 ${'x'.repeat(pad)}${keyAt === i ? KEY : ''} & <${i}>\r\nEND:VCARD\r\n` }],
        })),
      },
    ],
    final: true,
  });
  /** What the chat log kept when it wrote the whole message: its XML, Cred data and key redacted, capped. */
  const wholeThenCapped = (message: SyncmlMessage) => {
    const xml = Buffer.from(encodeMessage(message, 'xml')).toString('utf8').replace(`<Data>${SECRET}</Data>`, '<Data>[redacted]</Data>');
    return capped(xml.split(KEY).join('[redacted]'), CHATLOG_MAX_BODY_BYTES);
  };
  const body = (text: string) => text.slice(0, text.lastIndexOf('\n[cut'));

  it('keeps what writing the whole kept, saying the message is longer than what it wrote', () => {
    // The key in the first item, near the cap (in each place a prefix may end), and past it.
    for (const pad of [0, 1, 2, 3, 5, 7, 11, 13]) {
      for (const keyAt of [0, 640, 650, 660, 5_000]) {
        const message = reply(700, keyAt, pad);
        const kept = chatText(message, undefined, KEY);
        const whole = wholeThenCapped(message);
        expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(CHATLOG_MAX_BODY_BYTES);
        expect(kept).not.toContain(SECRET);
        expect(kept).not.toContain(KEY.slice(0, 8));
        // The same start, cut a few bytes sooner: the note says "more than", and a character is not split.
        expect(body(whole).startsWith(body(kept))).toBe(true);
        expect(Buffer.byteLength(body(kept))).toBeGreaterThanOrEqual(Buffer.byteLength(body(whole)) - 'more than '.length - 3);
        expect(kept).toMatch(/\n\[cut: the message is more than \d+ bytes, the chat log keeps the first \d+\]$/);
      }
    }
  });

  it('keeps an unpaired surrogate in item data as U+FFFD, as writing the whole did', () => {
    const message = reply(700, -1);
    const sync = message.commands[0] as unknown as { commands: { items: { data: string }[] }[] };
    sync.commands[1]!.items[0]!.data = 'FN:a\ud800b\udc00c\r\n';
    const kept = chatText(message, undefined, KEY);
    expect(kept).toContain('FN:a\ufffdb\ufffdc&#13;');
    expect(body(wholeThenCapped(message)).startsWith(body(kept))).toBe(true);
  });

  it('keeps a message within the cap whole, as writing the whole did', () => {
    const message = reply(20, 3);
    expect(chatText(message, undefined, KEY)).toBe(wholeThenCapped(message));
    expect(chatText(message, undefined, KEY)).not.toContain('[cut');
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
