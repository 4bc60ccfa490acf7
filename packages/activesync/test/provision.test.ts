/**
 * Provision's remote wipe on the wire (MS-ASPROV §2.2.2.1, §2.2.2.45, §3.1.5.1): the acknowledgements
 * a device sends (RemoteWipe or, 16.1, AccountOnlyRemoteWipe, each with its Status), the empty
 * Provision it sends after a wipe status, and the orders a server writes — through WBXML and back.
 */
import { describe, expect, it } from 'vitest';
import { ActiveSyncDecodeError, decodeRequest, el, encodeResponse, nameOf, provisionResponse, readProvisionRequest, type AsElement } from '../src/index.js';

/** As it travels: encoded to WBXML and read back. */
const wire = (tree: AsElement): AsElement => decodeRequest(encodeResponse(tree))!;

describe('Provision and remote wipe', () => {
  it('reads a device acknowledgement of either order, with its status', () => {
    expect(readProvisionRequest(wire(el('Provision:Provision', [el('Provision:RemoteWipe', [el('Provision:Status', '1')])])))).toEqual({ kind: 'wiped', scope: 'device', status: 1 });
    expect(readProvisionRequest(wire(el('Provision:Provision', [el('Provision:AccountOnlyRemoteWipe', [el('Provision:Status', '2')])])))).toEqual({
      kind: 'wiped',
      scope: 'account',
      status: 2,
    });
  });

  it('reads an empty Provision as such, and still refuses a Policies without a Policy', () => {
    expect(readProvisionRequest(wire(el('Provision:Provision')))).toEqual({ kind: 'empty' });
    expect(() => readProvisionRequest(el('Provision:Provision', [el('Provision:Policies')]))).toThrow(ActiveSyncDecodeError);
  });

  it('writes the order of each scope after the status, with nothing inside it', () => {
    for (const [scope, name] of [
      ['device', 'Provision:RemoteWipe'],
      ['account', 'Provision:AccountOnlyRemoteWipe'],
    ] as const) {
      const order = wire(provisionResponse(1, undefined, { wipe: scope }));
      expect((order.children ?? []).map(nameOf)).toEqual(['Provision:Status', name]);
      expect(order.children?.[1]?.children ?? []).toEqual([]);
    }
    expect((provisionResponse(1).children ?? []).map(nameOf)).toEqual(['Provision:Status']);
  });
});
