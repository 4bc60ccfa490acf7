/**
 * The other commands' steps as tables, with no store:
 * - Settings (MS-ASCMD §2.2.1.18, Status §2.2.3.177.14);
 * - GetItemEstimate (§2.2.1.9, Status §2.2.3.177.6: 2 invalid collection, 3 not primed, 4 invalid key);
 * - ItemOperations Fetch (§2.2.1.10, Status §2.2.3.177.7: 6 not found, 9 store not supported; 3, an item
 *   the mapping cannot render, has no input here that makes today's renderers throw);
 * - Provision's policy exchange and the wipe's (MS-ASPROV §3.2.5.1, policy Status 3 and 5).
 */
import { describe, expect, it } from 'vitest';
import {
  el,
  estimateAnswer,
  FOLDERS,
  itemOperationAnswer,
  nameOf,
  openEstimate,
  provisionStep,
  settingsStep,
  wipeProvisionStep,
  writeCollectionState,
  type AsElement,
  type FolderDefinition,
  type ItemOperation,
  type PolicyKeys,
  type ProvisionRequest,
} from '../src/index.js';

const text = (e: AsElement | undefined, name: string) => e?.children?.find((c) => nameOf(c) === name)?.text;
const find = (e: AsElement, name: string) => e.children?.find((c) => nameOf(c) === name);

describe('Settings: each part answered on its own, the command succeeding', () => {
  const settings = (...children: AsElement[]) => el('Settings:Settings', children);
  it.each<[string, AsElement | null, string, Record<string, string | undefined>, boolean]>([
    ['no body: Status 2', null, 'ada', { status: '2' }, false],
    ['DeviceInformation: recorded, Status 1', settings(el('Settings:DeviceInformation', [el('Settings:Set', [el('Settings:Model', 'X')])])), 'ada', { status: '1', device: '1' }, true],
    ['Oof, a mail server\'s: Status 2 for it alone', settings(el('Settings:Oof', [el('Settings:Get', [el('Settings:BodyType', 'Text')])])), 'ada', { status: '1', oof: '2' }, false],
    ['UserInformation of an e-mail username: the address', settings(el('Settings:UserInformation', [el('Settings:Get')])), 'ada@example.org', { status: '1', user: 'ada@example.org' }, false],
    ['UserInformation of a bare username: no address', settings(el('Settings:UserInformation', [el('Settings:Get')])), 'ada', { status: '1', user: undefined }, false],
  ])('%s', (_, body, username, expected, records) => {
    const step = settingsStep(body, username, '14.1');
    const user = find(step.reply, 'Settings:UserInformation');
    const addresses = user === undefined ? undefined : JSON.stringify(user).match(/ada@example\.org/)?.[0];
    const got = {
      status: text(step.reply, 'Settings:Status'),
      ...('device' in expected ? { device: text(find(step.reply, 'Settings:DeviceInformation'), 'Settings:Status') } : {}),
      ...('oof' in expected ? { oof: text(find(step.reply, 'Settings:Oof'), 'Settings:Status') } : {}),
      ...('user' in expected ? { user: addresses } : {}),
    };
    expect(got).toEqual(expected);
    expect(step.deviceInformation !== undefined).toBe(records);
  });
});

describe('GetItemEstimate: a collection\'s Status, and its count', () => {
  const state = writeCollectionState({ className: 'Contacts', initial: false, generation: 'g', counter: 4, sentCount: 2 });
  const row = { syncKey: 'g:4', state };
  const now = new Date('2026-01-01T00:00:00Z');
  it.each<[string, { syncKey?: string }, FolderDefinition | undefined, typeof row | undefined, string, string]>([
    ['a folder the phone was not given: 2', { syncKey: 'g:4' }, undefined, row, '14.1', 'answer 2'],
    ['no row: 3 (not primed)', { syncKey: 'g:4' }, FOLDERS.Contacts, undefined, '14.1', 'answer 3'],
    ['key 0: 3 (not primed)', { syncKey: '0' }, FOLDERS.Contacts, row, '14.1', 'answer 3'],
    ['a key not the current one: 4', { syncKey: 'g:3' }, FOLDERS.Contacts, row, '14.1', 'answer 4'],
    ['an unreadable state: 4', { syncKey: 'g:4' }, FOLDERS.Contacts, { syncKey: 'g:4', state: 'nope' }, '14.1', 'answer 4'],
    ['the current key: counted', { syncKey: 'g:4' }, FOLDERS.Contacts, row, '14.1', 'count'],
    ['no key (12.1+ may send none): counted', {}, FOLDERS.Contacts, row, '14.1', 'count'],
    ['2.5 echoes the class', { syncKey: 'g:3' }, FOLDERS.Contacts, row, '2.5', 'answer 4 Contacts'],
  ])('%s', (_, asked, folder, stored, version, expected) => {
    const opened = openEstimate({ collectionId: 'contacts', ...asked }, folder, stored, 5, version, now);
    expect('answer' in opened ? ['answer', opened.answer.status, opened.answer.className].filter((x) => x !== undefined).join(' ') : 'count').toBe(expected);
  });

  it('the count is the queue not yet sent plus the peer\'s changes, Status 1', () => {
    const opened = openEstimate({ collectionId: 'contacts', syncKey: 'g:4' }, FOLDERS.Contacts, row, 5, '14.1', now);
    if (!('count' in opened)) throw new Error('not counted');
    expect(estimateAnswer(opened.count, 7)).toEqual({ collectionId: 'contacts', status: 1, estimate: 3 + 7 });
  });
});

describe('ItemOperations: each operation\'s Status', () => {
  const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nN:;Ada;;;\r\nEND:VCARD\r\n';
  const fetch: ItemOperation = { kind: 'fetch', collectionId: 'contacts', serverId: 's1', bodyPreferences: [] };
  const held = { serverId: 's1', dataclass: 'Contacts' as const, body: card };
  it.each<[string, ItemOperation, FolderDefinition | undefined, typeof held | undefined, number, number]>([
    ['a mail server\'s operation: 9', { kind: 'unsupported', name: 'EmptyFolderContents' }, undefined, undefined, 9, 0],
    ['a folder the phone was not given: 6', fetch, undefined, held, 6, 0],
    ['an item the phone does not hold: 6', fetch, FOLDERS.Contacts, undefined, 6, 0],
    ['an item it holds: 1 with its data', fetch, FOLDERS.Contacts, held, 1, 0],
  ])('%s', (_, op, folder, item, status, faults) => {
    const { answer, faults: said } = itemOperationAnswer(op, folder, item, undefined, '14.1');
    expect(answer.status).toBe(status);
    expect(said).toHaveLength(faults);
    if (status === 1) expect(answer.kind === 'fetch' && answer.data!.length).toBeGreaterThan(0);
  });
});

describe('Provision: the policy exchange (MS-ASPROV §3.2.5.1)', () => {
  const none: PolicyKeys = { pendingPolicyKey: null, policyKey: null };
  const pending: PolicyKeys = { pendingPolicyKey: '111', policyKey: null };
  const done: PolicyKeys = { pendingPolicyKey: '111', policyKey: '222' };
  const policy = (e: AsElement) => find(find(find(e, 'Provision:Policies')!, 'Provision:Policy')!, 'Provision:Status')?.text;
  const keyOf = (e: AsElement) => text(find(find(e, 'Provision:Policies')!, 'Provision:Policy'), 'Provision:PolicyKey');
  it.each<[string, ProvisionRequest, PolicyKeys, string, string | undefined, object | undefined]>([
    ['phase 1: a temporary key with the policy', { kind: 'ask', policyType: 'MS-EAS-Provisioning-WBXML' }, none, '1', 'new', { pendingPolicyKey: 'new', policyKey: null }],
    ['phase 1 of an unknown policy type: policy Status 3', { kind: 'ask', policyType: 'MS-WAP-Provisioning-XML' }, none, '3', undefined, undefined],
    ['phase 2 with the temporary key: the final key', { kind: 'acknowledge', policyType: 'MS-EAS-Provisioning-WBXML', policyKey: '111', status: 1 }, pending, '1', 'new', { policyKey: 'new' }],
    ['phase 2 again (the answer was lost): the key given', { kind: 'acknowledge', policyType: 'MS-EAS-Provisioning-WBXML', policyKey: '111', status: 1 }, done, '1', '222', undefined],
    ['phase 2 with a key not handed out: policy Status 5', { kind: 'acknowledge', policyType: 'MS-EAS-Provisioning-WBXML', policyKey: '999', status: 1 }, pending, '5', undefined, undefined],
  ])('%s', (_, ask, keys, status, key, write) => {
    const step = provisionStep(ask, keys, '14.1', () => 'new');
    expect(text(step.reply, 'Provision:Status')).toBe('1');
    expect(policy(step.reply)).toBe(status);
    expect(keyOf(step.reply)).toBe(key);
    expect(step.write).toEqual(write);
  });

  it.each<[string, ProvisionRequest, boolean, string, string | undefined, boolean]>([
    ['the recorded phone acknowledges: recorded', { kind: 'wiped', scope: 'device', status: 1 }, true, '1', 'acknowledge', false],
    ['another device acknowledges: not recorded', { kind: 'wiped', scope: 'device', status: 1 }, false, '1', undefined, false],
    ['the phone reports the wipe failed: Status 2, ordered again', { kind: 'wiped', scope: 'device', status: 2 }, true, '2', 'sent', true],
    ['any other Provision of the phone: the order', { kind: 'empty' }, true, '1', 'sent', true],
    ['any other Provision of another device: the order, not recorded', { kind: 'empty' }, false, '1', undefined, true],
  ])('a wipe in force: %s', (_, ask, recorded, status, record, ordered) => {
    const step = wipeProvisionStep(ask, 'device', recorded);
    expect(text(step.reply, 'Provision:Status')).toBe(status);
    expect(step.record).toBe(record);
    expect(find(step.reply, 'Provision:RemoteWipe') !== undefined).toBe(ordered);
  });
});
