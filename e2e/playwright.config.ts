import { defineConfig } from '@playwright/test'

// Started by e2e/run.ts, which passes the server's address and the mail directory.
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-US',
    // The console then runs without antd's animations (it honours the setting), so no click
    // lands on a dialog still zooming in from the button that opened it.
    reducedMotion: 'reduce',
    // A click on something that never comes fails as such, not as the whole test's timeout.
    actionTimeout: 20_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  outputDir: '../test-results',
})
