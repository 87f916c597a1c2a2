import { defineConfig } from 'vitest/config'

// One run, three projects: each workspace keeps its own environment (node, node + database, jsdom).
export default defineConfig({
  test: {
    // Vitest runs one file at a time on 2 cores (cores - 1). Most server files wait on MQTT, the
    // database and timers rather than compute, so two side by side fill the cores one leaves
    // idle: 353 s instead of 710 s for the whole suite here. Each worker has its own database and
    // broker (apps/server/test/global-setup.ts), so two files never take each other's jobs.
    maxWorkers: 2,
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/simulator'],
  },
})
