/**
 * The main thread's blocking work after the first paint, read from a Chrome trace by each task's
 * thread CPU time (docs/architecture.md#first-load). Lighthouse's TBT multiplies each task's
 * wall-clock duration by 4 (its simulated phone), so on a machine busy elsewhere it mostly
 * measures the renderer waiting for a core; a task's CPU time (`tdur`) does not grow with that
 * wait. For each task of the page's main thread after its first contentful paint:
 * Σ max(0, 4 × CPU − 50 ms), over the tasks of 12.5 ms or more.
 *
 * Not a test: a measurement to run by hand against served builds, alternating them (base,
 * change, base, change …) with the same demo world and session, e.g.
 *
 *   OPENTAMP_DATABASE_URL=sqlite:////tmp/demo.db npx tsx e2e/cpu-trace.ts \
 *     --origin base=http://127.0.0.1:8701 --origin change=http://127.0.0.1:8702 --runs 3
 *
 * `--page home` (repeatable; default 首页, 我的 and the fund page of lighthouse.e2e.ts),
 * `--visitor` for no session, `--show-tasks` to list each long task with its largest parts.
 * The session is the demo user's, issued by `opentamp token issue` (OPENTAMP_BIN, or the one
 * on PATH) and stored before the page's scripts run, as in lighthouse.e2e.ts.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import puppeteer, { type Browser } from 'puppeteer-core'
import { type IssuedSession, VISIT_POPUPS, storedSession } from './stored-session'

const LONG_TASK_CPU_MS = 12.5
const SLOWDOWN = 4
const BLOCKING_MS = 50
const H5 = '/h5/opentamp-trade-h5/'
const DEFAULT_PAGES = ['home', 'mine', 'fundProductDetail?productCode=004101&productType=fund']

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: { data?: Record<string, unknown>; frame?: string; name?: string }
}

interface LongTask {
  startMs: number
  cpuMs: number
  wallMs: number
  parts: string
}

interface Measure {
  blockingMs: number
  tasks: LongTask[]
}

const { values } = parseArgs({
  options: {
    origin: { type: 'string', multiple: true },
    page: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
    visitor: { type: 'boolean', default: false },
    'show-tasks': { type: 'boolean', default: false },
    settle: { type: 'string', default: '5000' },
    'list-ms': { type: 'string' },
    screenshots: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
})

const origins = (values.origin ?? []).map((o) => {
  const at = o.indexOf('=')
  return at > 0 ? ([o.slice(0, at), o.slice(at + 1)] as const) : ([o, o] as const)
})
if (origins.length === 0) throw new Error('give at least one --origin label=http://host:port')
const pages = values.page?.length ? values.page : DEFAULT_PAGES
const runs = Number(values.runs)
const settleMs = Number(values.settle)

function issueSession() {
  const run = spawnSync(process.env.OPENTAMP_BIN ?? 'opentamp', ['token', 'issue'], {
    encoding: 'utf-8',
  })
  if (run.status !== 0) throw new Error(`opentamp token issue failed:\n${run.stderr}`)
  return storedSession(JSON.parse(run.stdout) as IssuedSession)
}

/** Inner work worth naming when it is inside script (a forced layout, style, compilation, GC). */
const INNER = [
  'Layout',
  'UpdateLayoutTree',
  'ParseAuthorStyleSheet',
  'v8.compile',
  'MinorGC',
  'MajorGC',
  'ResourceSendRequest',
]

/** The largest parts of a task: its direct children by CPU time, and the inner work of INNER. */
function describe(task: TraceEvent, thread: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0)
  const inside = thread.filter(
    (e) =>
      e !== task &&
      e.ph === 'X' &&
      e.ts >= task.ts &&
      e.ts + (e.dur ?? 0) <= end &&
      e.name !== 'RunTask',
  )
  const encloses = (o: TraceEvent, e: TraceEvent) =>
    o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && o.dur! > e.dur!
  const top = inside.filter((e) => !inside.some((o) => encloses(o, e)))
  const cpu = (e: TraceEvent) => ((e.tdur ?? e.dur ?? 0) / 1000).toFixed(1)
  const parts = top
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 4)
    .map((e) => {
      const data = e.args?.data ?? {}
      const where = (data.url as string | undefined)?.split('/').pop() ?? data.functionName ?? ''
      return `${e.name}${where ? ` ${String(where)}` : ''} ${cpu(e)}`
    })
  const inner = new Map<string, number>()
  for (const e of inside)
    if (INNER.includes(e.name) && !top.includes(e))
      inner.set(e.name, (inner.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000)
  const within = [...inner].map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')
  return parts.join(', ') + (within ? ` [within: ${within}]` : '')
}

interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

/** JS samples of the page's main thread (the cpu_profiler's ProfileChunk events): time and
 * the stack (innermost first) as "function file:line". */
function samples(events: TraceEvent[], pid: number, tid: number): [number, string[]][] {
  const nodes = new Map<number, ProfileNode>()
  const out: [number, string[]][] = []
  let ts = 0
  let profileId: unknown
  for (const e of events) {
    if (e.name === 'Profile' && e.pid === pid && e.tid === tid) {
      profileId = (e as unknown as { id: unknown }).id
      ts = (e.args?.data?.startTime as number) ?? 0
    }
  }
  if (profileId === undefined) return out
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || (e as unknown as { id: unknown }).id !== profileId) continue
    const data = e.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n)
    const ids = data.cpuProfile?.samples ?? []
    const deltas = data.timeDeltas ?? []
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0
      const stack: string[] = []
      for (let n = nodes.get(id); n; n = n.parent ? nodes.get(n.parent) : undefined) {
        const f = n.callFrame
        if (f.functionName === '(root)') break
        stack.push(
          `${f.functionName || '(anonymous)'} ${(f.url ?? '').split('/').pop()}:${f.lineNumber}`,
        )
      }
      out.push([ts, stack])
    })
  }
  return out
}

/** The functions a task spent its samples in, inclusive, the most first. */
function hotFunctions(task: TraceEvent, stacks: [number, string[]][]): string {
  const end = task.ts + (task.dur ?? 0)
  const counts = new Map<string, number>()
  let total = 0
  for (const [ts, stack] of stacks) {
    if (ts < task.ts || ts > end) continue
    total++
    for (const f of new Set(stack)) counts.set(f, (counts.get(f) ?? 0) + 1)
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([f, n]) => `      ${Math.round((100 * n) / total)}% ${f}`)
    .join('\n')
}

function read(events: TraceEvent[]): Measure {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')
  if (!fcp) throw new Error('no first contentful paint in the trace')
  const main = events.filter(
    (e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X' && e.name === 'RunTask',
  )
  const thread = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid)
  const stacks = values.profile ? samples(events, fcp.pid, fcp.tid) : []
  const listMs = Number(values['list-ms'] ?? LONG_TASK_CPU_MS)
  const tasks = main
    .filter((e) => e.ts >= fcp.ts && (e.tdur ?? 0) / 1000 >= Math.min(listMs, LONG_TASK_CPU_MS))
    .map((e) => ({
      startMs: (e.ts - fcp.ts) / 1000,
      cpuMs: (e.tdur ?? 0) / 1000,
      wallMs: (e.dur ?? 0) / 1000,
      parts:
        (values['show-tasks'] ? describe(e, thread) : '') +
        (values.profile ? `\n${hotFunctions(e, stacks)}` : ''),
    }))
  const blockingMs = tasks
    .filter((t) => t.cpuMs >= LONG_TASK_CPU_MS)
    .reduce((sum, t) => sum + Math.max(0, SLOWDOWN * t.cpuMs - BLOCKING_MS), 0)
  return { blockingMs, tasks }
}

async function measure(
  browser: Browser,
  url: string,
  session: string | null,
  screenshot?: string,
): Promise<Measure> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  await page.emulate({
    viewport: { width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  })
  if (session) {
    await page.evaluateOnNewDocument(
      (s: string, done: string) => {
        localStorage.setItem('opentamp.session', s)
        const brokerUserId = (JSON.parse(s) as { brokerUserId: number }).brokerUserId
        sessionStorage.setItem('opentamp.privacySigned', `${brokerUserId}:e2e`)
        sessionStorage.setItem('opentamp.popupsDone', done)
      },
      session,
      JSON.stringify({ value: VISIT_POPUPS, expires: null }),
    )
  }
  await page.tracing.start({
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'loading',
      'blink.user_timing',
      // JS samples, to name the functions of a long task (costs some CPU itself)
      ...(values.profile ? ['disabled-by-default-v8.cpu_profiler'] : []),
    ],
  })
  await page.goto(url, { waitUntil: 'networkidle0' })
  // the sections shown together wait up to 3 s (components/show-together.tsx)
  await new Promise((r) => setTimeout(r, settleMs))
  const buffer = await page.tracing.stop()
  if (screenshot) await page.screenshot({ path: screenshot as `${string}.png` })
  await context.close()
  const trace = JSON.parse(Buffer.from(buffer ?? new Uint8Array()).toString('utf-8')) as {
    traceEvents: TraceEvent[]
  }
  return read(trace.traceEvents)
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf-8').split(' ').slice(0, 3).join(' ')

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
const session = values.visitor ? null : JSON.stringify(issueSession())
const results = new Map<string, number[]>()
try {
  for (let run = 1; run <= runs; run++) {
    for (const path of pages) {
      for (const [label, origin] of origins) {
        const key = `${path.split('?')[0]} ${label}`
        const shot =
          values.screenshots && `${values.screenshots}/${key.replace(' ', '-')}-${run}.png`
        const { blockingMs, tasks } = await measure(browser, `${origin}${H5}${path}`, session, shot)
        results.set(key, [...(results.get(key) ?? []), blockingMs])
        const longest = Math.max(0, ...tasks.map((t) => t.cpuMs))
        console.log(
          `run ${run} ${key}: ${Math.round(blockingMs)} ms (${tasks.filter((t) => t.cpuMs >= LONG_TASK_CPU_MS).length} tasks ≥ ` +
            `${LONG_TASK_CPU_MS} ms, longest ${longest.toFixed(1)} ms CPU); load ${loadAverage()}`,
        )
        if (values['show-tasks'])
          for (const t of tasks)
            console.log(
              `    +${Math.round(t.startMs)} ms: ${t.cpuMs.toFixed(1)} ms CPU ` +
                `(${t.wallMs.toFixed(1)} wall): ${t.parts}`,
            )
      }
    }
  }
} finally {
  await browser.close()
}
for (const [key, figures] of results) {
  const mean = figures.reduce((a, b) => a + b, 0) / figures.length
  console.log(
    `${key}: ${figures.map((f) => Math.round(f)).join(', ')} ms (mean ${Math.round(mean)})`,
  )
}
