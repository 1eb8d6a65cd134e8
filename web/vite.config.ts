import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const product = process.env.OPENTAMP_PRODUCT ?? 'opentamp'
const apiTarget = process.env.OPENTAMP_API_TARGET ?? 'http://127.0.0.1:8000'

/** Text assets get a brotli (.br) and a gzip (.gz) copy at build time, which the server sends
 * as they are (docs/architecture.md#first-load). Files under 1 KiB gain nothing. */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'opentamp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      const assets = join(outDir, 'assets')
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json|txt)$/.test(name)) continue
        const bytes = readFileSync(join(assets, name))
        if (bytes.length < 1024) continue
        writeFileSync(join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }))
        writeFileSync(
          join(assets, `${name}.br`),
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        )
      }
    },
  }
}

/**
 * The app runs on preact/compat rather than react-dom (docs/architecture.md#first-load): the
 * same React API (the app, antd-mobile, react-router and react-query import `react` as ever)
 * in 10 KiB gzip instead of 60, the largest part of the first route. The types stay React's
 * (@types/react); the browser tests run on this build, the unit tests on the same alias
 * (vitest.config.ts).
 */
export const preactAlias = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // react-router's package exports only its development build (with its warnings)
  {
    find: /^react-router$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
    ),
  },
]

/** A feature's index (its `index.ts`) only re-exports its public surface: marked free
 * of side effects (unless it imports a style sheet) and built with Rolldown's lazy barrels, a
 * screen's chunk holds what it imports from another feature, not every module that feature
 * exports. 我的 imported the holdings pre-checks from features/popups' index and, with it, the
 * pop-up queue, its modals and antd-mobile's pop-up code (docs/architecture.md#first-load). */
const pureFeatureIndexes: Plugin = {
  name: 'pure-feature-indexes',
  transform(code, id) {
    if (/\/src\/features\/[^/]+\/index\.ts$/.test(id) && !/^import\s+['"]/m.test(code))
      return { moduleSideEffects: false }
  },
}

// The build uses relative asset paths: the server injects <base href="/h5/{product}-trade-h5/">
// into index.html, so one build serves any product name.
export default defineConfig(({ command }) => ({
  base: command === 'build' ? './' : `/h5/${product}-trade-h5/`,
  plugins: [react(), precompress(), pureFeatureIndexes],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...preactAlias,
    ],
  },
  server: { proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      experimental: { lazyBarrel: true },
      output: {
        codeSplitting: {
          groups: [
            {
              // The chunk-load failure screen's picture and block (first route) stay one chunk:
              // QueryView's pictures share their code (createErrorBlock, rc-util's useId and the
              // Babel helpers it takes), which would cut it in three (two more requests, 0.2 KiB
              // gzip more of the first route).
              name: 'error-block',
              includeDependenciesRecursively: false,
              test: /antd-mobile\/es\/components\/error-block\/(create-error-block|images\/disconnected)|rc-util\/lib\/hooks\/useId|@babel\/runtime\/helpers\/(slicedToArray|arrayWithHoles|iterableToArrayLimit|unsupportedIterableToArray|arrayLikeToArray|nonIterableRest)/,
            },
          ],
        },
      },
    },
    // The route table's screens are fetched without a preload list of their dependencies:
    // the lists of 280 routes were 12 KiB of the first route's gzip, for screens the visit may
    // never open (docs/architecture.md#first-load). Lazy imports inside screens keep theirs.
    modulePreload: {
      // No polyfill of <link rel="modulepreload"> (≈ 0.4 KiB gzip of the first route): the
      // browsers without it (Safari before 17) fetch the same modules as the entry imports them.
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|\/)index-[^/]*\.js$/.test(hostId) ? [] : deps,
    },
  },
}))
