import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const product = process.env.OPENTAMP_PRODUCT ?? 'opentamp'
const apiTarget = process.env.OPENTAMP_API_TARGET ?? 'http://127.0.0.1:8000'

// The build uses relative asset paths: the server injects <base href="/h5/{product}-trade-h5/">
// into index.html, so one build serves any product name.
export default defineConfig(({ command }) => ({
  base: command === 'build' ? './' : `/h5/${product}-trade-h5/`,
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': apiTarget } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
}))
