import { beforeEach, expect, it, vi } from 'vitest'

const ensureBrokerInfo = vi.fn(() => Promise.resolve(null))
const initialize = vi.fn()
const createAppRouter = vi.fn(() => ({ navigate: vi.fn(), initialize }))
/** The tasks start-up waits for, each ended by the test. */
const tasks: (() => void)[] = []

vi.mock('@/features/platform', () => ({ ensureBrokerInfo }))
vi.mock('@/app/router', () => ({ createAppRouter }))
vi.mock('@/app/provider', () => ({ AppProvider: () => null }))
vi.mock('@/lib/next-task', () => ({
  nextTask: () => new Promise<void>((resolve) => tasks.push(resolve)),
}))

/** The next task: the one start-up waits for begins, and runs what follows the wait. */
async function nextTask() {
  expect(tasks).toHaveLength(1)
  tasks.shift()!()
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>'
})

// docs/architecture.md#first-load: start-up is cut in tasks, so no one task blocks the phone
// for long: the modules' evaluation, the broker's call, the router made, then started, the
// first render.
it('makes the broker call a task after the modules evaluate, then the router, then starts it', async () => {
  await import('./main')
  // the task that evaluated the modules made no call
  expect(ensureBrokerInfo).not.toHaveBeenCalled()
  expect(createAppRouter).not.toHaveBeenCalled()

  await nextTask()
  expect(ensureBrokerInfo).toHaveBeenCalledTimes(1)
  expect(createAppRouter).not.toHaveBeenCalled()

  await nextTask()
  expect(createAppRouter).toHaveBeenCalledTimes(1)
  expect(initialize).not.toHaveBeenCalled()

  await nextTask()
  expect(initialize).toHaveBeenCalledTimes(1)
  expect(ensureBrokerInfo).toHaveBeenCalledTimes(1)
  expect(document.getElementById('root')?.childElementCount).toBe(0)

  await nextTask()
  expect(tasks).toHaveLength(0)
})
