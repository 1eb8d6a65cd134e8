import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vitest/config'

// Browser tests: a real `opentamp serve` on a temporary SQLite database, driven by Debian's
// chromium through playwright-core (see e2e/global-setup.ts).
export default defineConfig({
  // the route sweep reads the app's route table (src/app/routes.ts)
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
