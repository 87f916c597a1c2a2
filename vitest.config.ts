import { defineConfig } from 'vitest/config'

// One run, three projects: each workspace keeps its own environment (node, node + database, jsdom).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/simulator'],
  },
})
