import { basename } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/** The browser tests share one demo world, so their order is fixed rather than left to file
 * sizes: the pop-ups' test first (it needs the demo user's first visit: no consent given, the
 * 招商银行 card unsigned), the others by name, then the ones that change the world for those
 * after them — the route sweep (it signs that card) and those that move the demo clock weeks on
 * (pop-ups and calendars are dated). shelf.e2e.ts reads 李明's returns among the others, before
 * the clock moves; advisory-order.e2e.ts leaves a cancelled deposit in his ZH000007 account,
 * last. */
const FIRST = ['popups.e2e.ts']
const LAST = [
  'routes.e2e.ts',
  'convert.e2e.ts',
  'trading.e2e.ts',
  'signals.e2e.ts',
  'targets.e2e.ts',
  'transfers.e2e.ts',
  'advisory.e2e.ts',
  'plans.e2e.ts',
  'robo.e2e.ts',
  'notices.e2e.ts',
  'advisory-order.e2e.ts',
]

function rank(file: string): [number, string] {
  const name = basename(file)
  if (FIRST.includes(name)) return [0, name]
  const last = LAST.indexOf(name)
  return last >= 0 ? [2 + last, name] : [1, name]
}

class WorldOrder extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => {
      const [ra, na] = rank(a.moduleId)
      const [rb, nb] = rank(b.moduleId)
      return ra - rb || na.localeCompare(nb)
    })
  }
}

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
    sequence: { sequencer: WorldOrder },
  },
})
