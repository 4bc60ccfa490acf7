/**
 * The rules of a remote wipe over a client's credentials (rules/wipe.ts): another DeviceId replaces
 * the recorded device only while no wipe is in force, and every device is told of a wipe in force
 * the same way, the lost phone or not.
 */
import { describe, expect, it } from 'vitest';
import { deviceArrival, wipeVerdict, type WipeInForce } from '../src/index.js';

const pending: WipeInForce = { scope: 'device', acknowledged: false };
const acknowledged: WipeInForce = { scope: 'device', acknowledged: true };
const accountOnly: WipeInForce = { scope: 'account', acknowledged: false };

describe('deviceArrival', () => {
  it('the recorded DeviceId is the same device, wipe or not', () => {
    for (const wipe of [null, pending, acknowledged]) expect(deviceArrival({ deviceId: 'lost', wipe }, 'lost')).toBe('same');
  });
  it('another DeviceId replaces the recorded device only while no wipe is in force', () => {
    expect(deviceArrival({ deviceId: 'lost', wipe: null }, 'new')).toBe('replaces');
    for (const wipe of [pending, acknowledged, accountOnly]) expect(deviceArrival({ deviceId: 'lost', wipe }, 'new')).toBe('held');
  });
});

describe('wipeVerdict', () => {
  it('no wipe: the request goes on', () => {
    expect(wipeVerdict(null, { protocolVersion: '14.0', command: 'Sync' })).toBe('none');
  });
  it('a pending wipe: every command is told, Provision included', () => {
    for (const command of ['Sync', 'FolderSync', 'Ping', 'Provision']) expect(wipeVerdict(pending, { protocolVersion: '14.0', command })).toBe('order');
  });
  it('an acknowledged wipe: refused but for Provision, which gets the order again', () => {
    expect(wipeVerdict(acknowledged, { protocolVersion: '14.0', command: 'FolderSync' })).toBe('refuse-acknowledged');
    expect(wipeVerdict(acknowledged, { protocolVersion: '14.0', command: 'Provision' })).toBe('order');
  });
  it('an account-only wipe: ordered from 16.1, refused before (a whole-device wipe is more than was asked)', () => {
    expect(wipeVerdict(accountOnly, { protocolVersion: '16.1', command: 'Provision' })).toBe('order');
    for (const command of ['Provision', 'Sync']) expect(wipeVerdict(accountOnly, { protocolVersion: '14.1', command })).toBe('refuse-scope');
  });
});
