/**
 * Starts a real `opentamp serve` on a temporary SQLite database with the demo world, for the
 * browser tests, and stops it afterwards. The tests read the base URL with `inject('baseURL')`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    apiBase: string
    opentampEnv: Record<string, string>
    opentampBin: string
  }
}

const web = resolve(fileURLToPath(new URL('.', import.meta.url)), '..')
const venvBin = resolve(web, '..', '.venv', 'bin', 'opentamp')
export const opentampBin = process.env.OPENTAMP_BIN ?? (existsSync(venvBin) ? venvBin : 'opentamp')

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      )
    })
  })
}

async function waitFor(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`opentamp serve exited:\n${log()}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`opentamp serve did not answer ${url}:\n${log()}`)
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(web, 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` before the browser tests')
  }
  const dir = mkdtempSync(join(tmpdir(), 'opentamp-e2e-'))
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    OPENTAMP_DATABASE_URL: `sqlite:///${join(dir, 'e2e.db')}`,
    OPENTAMP_WEB_DIST: join(web, 'dist'),
    OPENTAMP_VAR_DIR: dir,
    // The browsers reach the server from the loopback address, each phone naming its own
    // address in X-Forwarded-For (browser.ts), so the per-client limits count per phone.
    OPENTAMP_TRUSTED_PROXIES: '["127.0.0.1"]',
  }
  for (const args of [
    ['db', 'upgrade'],
    ['seed', 'demo'],
  ]) {
    const run = spawnSync(opentampBin, args, { env, encoding: 'utf-8' })
    if (run.status !== 0) throw new Error(`opentamp ${args.join(' ')} failed:\n${run.stderr}`)
  }
  const port = await freePort()
  let output = ''
  const server = spawn(opentampBin, ['serve', '--host', '127.0.0.1', '--port', String(port)], {
    env,
  })
  server.stdout?.on('data', (d) => (output += d))
  server.stderr?.on('data', (d) => (output += d))
  const origin = `http://127.0.0.1:${port}`
  await waitFor(`${origin}/api/v1/opentamp/noauth/app/version`, server, () => output)

  project.provide('baseURL', `${origin}/h5/opentamp-trade-h5`)
  project.provide('apiBase', `${origin}/api/v1/opentamp`)
  project.provide('opentampEnv', env)
  project.provide('opentampBin', opentampBin)

  return async () => {
    server.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 300))
    if (server.exitCode === null) server.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
}
