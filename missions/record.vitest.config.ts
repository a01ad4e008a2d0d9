import { defineConfig } from 'vitest/config';

// Used only by `npm run missions:record`: re-records missions/replays/ on purpose.
export default defineConfig({
  test: { include: ['missions/record-missions.ts'], testTimeout: 600_000, maxWorkers: 1 },
});
