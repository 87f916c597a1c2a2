import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { precompress } from './scripts/precompress.ts'

// One file for the dev server, the production build and the unit tests (project 'web').
export default defineConfig({
  // The server sends the .br/.gz copies as they are (apps/server/src/http/console.ts).
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph scripts/route-size.mjs measures.
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Forms typed key by key under jsdom take seconds on a busy 2-core machine (CI runs the
    // suites back to back); 5 s was hit by load, not by a slow console.
    testTimeout: 15_000,
  },
})
