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

// The build uses relative asset paths: the server injects <base href="/h5/{product}-trade-h5/">
// into index.html, so one build serves any product name.
export default defineConfig(({ command }) => ({
  base: command === 'build' ? './' : `/h5/${product}-trade-h5/`,
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The route table's screens are fetched without a preload list of their dependencies:
    // the lists of 280 routes were 12 KiB of the first route's gzip, for screens the visit may
    // never open (docs/architecture.md#first-load). Lazy imports inside screens keep theirs.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|\/)index-[^/]*\.js$/.test(hostId) ? [] : deps,
    },
  },
}))
