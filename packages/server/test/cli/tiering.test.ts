import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
vi.mock('node:v8', () => ({ setFlagsFromString }));
const { INTERRUPT_BUDGET, tierUpSooner } = await import('../../src/cli/tiering.js');

describe('the CLI lowers V8’s tier-up budget before the server loads', () => {
  afterEach(() => setFlagsFromString.mockClear());

  it('sets the lowered budget when the node flags name none', () => {
    tierUpSooner(['--enable-source-maps'], '--max-old-space-size=512');
    expect(setFlagsFromString).toHaveBeenCalledWith(`--interrupt-budget=${INTERRUPT_BUDGET}`);
    expect(INTERRUPT_BUDGET).toBeLessThan(67_584);
  });

  it('leaves an operator’s own budget alone', () => {
    tierUpSooner(['--interrupt-budget=100000'], '');
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });

  it('leaves a budget set in NODE_OPTIONS alone', () => {
    tierUpSooner([], '--max-old-space-size=512 --interrupt-budget=100000');
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });
});
