// Features use each other one way only: the graph of feature → feature imports has no cycle.
// (eslint's import-x/no-cycle keeps single modules acyclic; this keeps whole features so.)
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const FEATURES = join(__dirname, '..', 'features')
const IMPORT = /from '@\/features\/([a-z-]+)/g

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const feature of readdirSync(FEATURES)) {
    const uses = new Set<string>()
    for (const file of sources(join(FEATURES, feature))) {
      for (const [, other] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        if (other !== feature) uses.add(other)
      }
    }
    graph.set(feature, uses)
  }
  return graph
}

/** A cycle as a list of features (first = last), or null. */
export function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node]
    state.set(node, 'open')
    path.push(node)
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    path.pop()
    state.set(node, 'done')
    return null
  }
  for (const node of graph.keys()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return null
}

describe('feature boundaries', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['store', new Set(['products'])],
      ['products', new Set(['store'])],
      ['trade', new Set(['products'])],
    ])
    expect(findCycle(graph)).toEqual(['store', 'products', 'store'])
    expect(findCycle(new Map([['trade', new Set(['products'])]]))).toBeNull()
  })

  it('has no cycle between the features of the app', () => {
    const graph = featureGraph()
    expect(graph.size).toBeGreaterThan(10)
    expect(findCycle(graph)).toBeNull()
  })
})
