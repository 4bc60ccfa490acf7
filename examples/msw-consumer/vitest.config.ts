// The example's own config, as an integrator's project has one: the packages resolve from
// node_modules (their built dist/), not from the repository's sources as the root config maps them.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The first request of each account after a reset pays the server's scrypt check.
    testTimeout: 20_000,
  },
});
