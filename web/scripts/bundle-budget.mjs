/* global process, console */
/**
 * The first route's JavaScript budget (docs/architecture.md#first-load): the scripts index.html
 * loads (its module script and every modulepreload) are gzipped at level 9 and summed, each file
 * printed; over the budget the command fails (`npm run build` runs it after `vite build`).
 * GOAL_KIB is where the first route is headed; BUDGET_KIB the ceiling enforced today, lowered
 * as the first route shrinks, never raised to let a change through.
 *
 *     node scripts/bundle-budget.mjs [dist]
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

export const GOAL_KIB = 100
export const BUDGET_KIB = 91.6

/** The JavaScript files a built index.html loads before its first screen, in page order. */
export function firstRouteScripts(html) {
  const files = []
  const tag = /<(script|link)\b[^>]*>/g
  for (const [element, name] of html.matchAll(tag)) {
    const module =
      name === 'script' ? /type="module"/.test(element) : /rel="modulepreload"/.test(element)
    const ref = element.match(name === 'script' ? /\ssrc="([^"]+)"/ : /\shref="([^"]+)"/)?.[1]
    if (module && ref && !/^(https?:)?\/\//.test(ref)) files.push(ref.replace(/^\.?\//, ''))
  }
  return [...new Set(files)]
}

export function measure(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  return firstRouteScripts(html).map((file) => {
    const bytes = readFileSync(join(dist, file))
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
}

const kib = (n) => (n / 1024).toFixed(1)

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = resolve(process.argv[2] ?? 'dist')
  const files = measure(dist)
  for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${kib(f.gzip).padStart(7)} KiB gzip ${kib(f.raw).padStart(7)} KiB  ${f.file}`)
  }
  const total = files.reduce((sum, f) => sum + f.gzip, 0)
  const over = total > BUDGET_KIB * 1024
  console.log(
    `first route: ${kib(total)} KiB gzip JavaScript in ${files.length} files; ` +
      `${(total / (GOAL_KIB * 1024)).toFixed(2)}× the ${GOAL_KIB} KiB goal; ` +
      `budget ${BUDGET_KIB} KiB: ${over ? 'OVER' : 'within'}`,
  )
  if (over) {
    console.error(`first route over its ${BUDGET_KIB} KiB budget (docs/architecture.md#first-load)`)
    process.exit(1)
  }
}
