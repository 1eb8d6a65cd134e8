/**
 * Signing a browser in for the tests: `opentamp token issue` (run by the file's `opentamp batch`)
 * gives a demo user's token, which is stored as the app stores a session. With `quiet`, the pop-ups of the visit are marked as
 * handled (the privacy consent cached, the tab-page pop-ups done), so a test of another screen
 * is not interrupted; the pop-ups' own tests leave them on.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { Socket } from 'node:net'
import { inject } from 'vitest'
import type { Page } from 'playwright-core'
import { type IssuedSession, VISIT_POPUPS, storedSession } from './stored-session'

export type { IssuedSession }

export async function issueToken(phone = '13800138000'): Promise<IssuedSession> {
  return JSON.parse(await opentamp('token', 'issue', '--phone', phone)) as IssuedSession
}

/** Store the session before any page script runs (on every page load of this tab). */
export async function signIn(
  page: Page,
  options: { quiet?: boolean; phone?: string; showPopups?: string[] } = {},
): Promise<IssuedSession> {
  const issued = await issueToken(options.phone)
  const session = storedSession(issued)
  await page.addInitScript(
    ({ session, quiet, show, steps }) => {
      // the app's page only, not a document framed in it (a PDF has no storage)
      if (window !== window.top) return
      localStorage.setItem('opentamp.session', JSON.stringify(session))
      if (quiet) {
        sessionStorage.setItem('opentamp.privacySigned', `${session.brokerUserId}:e2e`)
        const done = steps.filter((step) => !show.includes(step))
        sessionStorage.setItem(
          'opentamp.popupsDone',
          JSON.stringify({ value: done, expires: null }),
        )
      }
    },
    { session, quiet: options.quiet ?? true, show: options.showPopups ?? [], steps: VISIT_POPUPS },
  )
  return issued
}

/** The last code texted to ``phone`` (the local SMS gateway's outbox of the test server). */
export function lastSmsCode(phone: string): string {
  const dir = inject('opentampEnv').OPENTAMP_VAR_DIR
  const lines = readFileSync(`${dir}/sms-outbox.jsonl`, 'utf-8').trim().split('\n').reverse()
  for (const line of lines) {
    const msg = JSON.parse(line) as { phone: string; text: string }
    const match = /验证码(\d{6})/.exec(msg.text)
    if (msg.phone === phone && match) return match[1]
  }
  throw new Error(`no code sent to ${phone}`)
}

/** Mark the tab pages' pop-ups of this visit as done (for journeys that sign in through the
 * screens and are not about pop-ups). The privacy consent is the server's state: a new user
 * still meets it and the test answers it. */
export async function quietTabPopups(page: Page): Promise<void> {
  await page.addInitScript(
    (done) => {
      if (window !== window.top) return
      sessionStorage.setItem('opentamp.popupsDone', JSON.stringify({ value: done, expires: null }))
    },
    [...VISIT_POPUPS, 'noticeConfirm'],
  )
}

/** A signed-in read through the API (`data` of its envelope; any other code throws). A
 * kept-alive connection the server closed while `market advance` ran fails once: a read is safe
 * to send again. */
export async function apiGet(
  token: string,
  path: string,
  params: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads the answer's fields as the call gives them
): Promise<any> {
  const url = `${inject('apiBase')}${path}?${new URLSearchParams(params).toString()}`
  const headers = { Authorization: `Bearer ${token}` }
  const res = await fetch(url, { headers }).catch(() => fetch(url, { headers }))
  const body = await res.json()
  if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body)}`)
  return body.data
}

/** The test file's one `opentamp batch` process: each command runs in it as typed after
 * `opentamp`, so a test that moves the market a day at a time pays the server's imports once
 * instead of at every day (docs/development.md#tests). */
class Batch {
  private readonly child: ChildProcessWithoutNullStreams
  private out = ''
  private err = ''
  private ended = ''
  private pending: ((result: { code: number; out: string }) => void) | undefined
  private queue: Promise<unknown> = Promise.resolve()

  constructor() {
    this.child = spawn(inject('opentampBin'), ['batch'], { env: inject('opentampEnv') })
    this.child.stdout.setEncoding('utf-8')
    this.child.stderr.setEncoding('utf-8')
    this.child.stdout.on('data', (chunk: string) => {
      this.out += chunk
      const end = /^--- exit (\d+)\n/m.exec(this.out)
      if (!end || !this.pending) return
      const answer = { code: Number(end[1]), out: this.out.slice(0, end.index) }
      this.out = this.out.slice(end.index + end[0].length)
      this.pending(answer)
    })
    this.child.stderr.on('data', (chunk: string) => (this.err += chunk))
    this.child.on('exit', (code) => {
      this.ended = `opentamp batch exited (${code}):\n${this.err}`
      this.pending?.({ code: -1, out: '' })
    })
    this.idle()
  }

  /** The process keeps the test's process alive only while a command runs; it ends with it. */
  private idle(): void {
    for (const handle of this.handles()) handle.unref()
  }

  private busy(): void {
    for (const handle of this.handles()) handle.ref()
  }

  /** The process and its pipes (sockets, which can be ref'd and unref'd). */
  private handles(): { ref: () => unknown; unref: () => unknown }[] {
    const { stdin, stdout, stderr } = this.child
    return [this.child, ...[stdin, stdout, stderr].map((pipe) => pipe as unknown as Socket)]
  }

  run(args: string[]): Promise<string> {
    const next = this.queue.then(() => this.send(args))
    this.queue = next.catch(() => undefined)
    return next
  }

  private async send(args: string[]): Promise<string> {
    if (this.ended) throw new Error(this.ended)
    if (args.some((a) => /[\r\n]/.test(a)))
      throw new Error(`opentamp batch takes one command a line: ${JSON.stringify(args)}`)
    this.err = ''
    this.busy()
    const answer = await new Promise<{ code: number; out: string }>((resolve) => {
      this.pending = resolve
      this.child.stdin.write(args.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ') + '\n')
    })
    this.pending = undefined
    this.idle()
    if (answer.code === 0) return answer.out
    // stderr is a pipe of its own: give its last lines a moment to arrive
    await new Promise((r) => setTimeout(r, 100))
    throw new Error(`opentamp ${args.join(' ')} failed:\n${this.ended || this.err}`)
  }
}

let batch: Batch | undefined

/** Runs an `opentamp` command on the test server's database (the clock, `market advance`,
 * `token issue`) and gives its output. */
export function opentamp(...args: string[]): Promise<string> {
  batch ??= new Batch()
  return batch.run(args)
}

/** Moves the market on by `days` trading days (`opentamp market advance`, which moves the demo
 * clock), then signs the page in again: a token lives a week of the clock. */
export async function advanceMarket(
  page: Page,
  days: number,
  options: Parameters<typeof signIn>[1] = {},
): Promise<IssuedSession> {
  await opentamp('market', 'advance', '--days', String(days))
  return signIn(page, options)
}

/** Types on the trade screens' number keypad. */
export async function press(page: Page, keys: string): Promise<void> {
  for (const key of keys) {
    await page
      .locator('.adm-number-keyboard-key:visible')
      .filter({ hasText: new RegExp(`^${key.replace('.', '\\.')}$`) })
      .click()
  }
}

/** Runs SQL on the test server's SQLite database (Python's own sqlite3), answering the rows as
 * JSON: for what the API never tells, such as a captcha's answer. */
export function sqlite(sql: string, params: unknown[] = []): unknown[][] {
  const url = inject('opentampEnv').OPENTAMP_DATABASE_URL
  const script = [
    'import json, sqlite3, sys',
    'db = sqlite3.connect(sys.argv[1])',
    'rows = db.execute(sys.argv[2], json.loads(sys.argv[3])).fetchall()',
    'db.commit()',
    'print(json.dumps(rows))',
  ].join('\n')
  const run = spawnSync(
    'python3',
    ['-c', script, url.replace(/^sqlite:\/\/\//, ''), sql, JSON.stringify(params)],
    { encoding: 'utf-8' },
  )
  if (run.status !== 0) throw new Error(`sqlite failed:\n${run.stderr}`)
  return JSON.parse(run.stdout) as unknown[][]
}

/** The answer of a captcha the server drew (kept in its database, never sent). */
export function captchaAnswer(captchaId: string): string {
  const [row] = sqlite('select answer from captcha where id = ?', [captchaId])
  if (!row) throw new Error(`no captcha ${captchaId}`)
  return String(row[0])
}

/** A signed-in write through the API (`data` of its envelope; any other code throws). */
export async function apiPost(
  token: string,
  path: string,
  body: object,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads the answer's fields as the call gives them
): Promise<any> {
  const res = await fetch(`${inject('apiBase')}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await res.json()
  if (answer.code !== 0) throw new Error(`${path}: ${JSON.stringify(answer)}`)
  return answer.data
}
