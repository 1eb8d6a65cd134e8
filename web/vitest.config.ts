import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { preactAlias } from './vite.config.ts'

/** The packages that import react. Vitest leaves packages to Node, out of the alias's reach:
 * these go through Vite instead, so they get preact/compat as the app does — one renderer in the
 * run, React's never loaded (src/test/setup.ts checks). */
const ON_REACT = [
  '@testing-library/react',
  '@tanstack/react-query',
  'react-router',
  'antd-mobile',
  'antd-mobile-icons',
  'ahooks',
  'rc-[a-z-]+',
  '@use-gesture/react',
  '@react-spring/[a-z-]+',
  'echarts-for-react',
  // the CommonJS ones below, as Vite's dependency optimizer converts them
  '\\.vite',
]

// The unit tests run on what ships: react and react-dom are preact/compat, as in the build
// (docs/architecture.md#first-load).
export default defineConfig({
  plugins: [react()],
  resolve: {
    // a package's ES module build, as the build takes it: the CommonJS one would require() React
    mainFields: ['module'],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...preactAlias,
      // @testing-library/react takes act() from here when `react` has none
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      // antd-mobile's ES modules import a few files of rc-util's and rc-field-form's CommonJS
      // builds; their ES module builds are the same code
      { find: /^(rc-util|rc-field-form)\/lib\//, replacement: '$1/es/' },
    ],
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    deps: {
      // The CommonJS-only packages that require('react'), converted to ES modules as the
      // build's bundler does (their `react` then resolves through the alias)
      optimizer: {
        client: {
          enabled: true,
          include: ['antd-mobile > staged-components', 'use-sync-external-store/shim'],
        },
      },
    },
    server: { deps: { inline: [new RegExp(`/node_modules/(${ON_REACT.join('|')})/`)] } },
    // Component tests render antd-mobile pop-ups in jsdom; on a shared 2-core machine one can
    // take several seconds. A limit, not a timing assertion.
    testTimeout: 20_000,
  },
})
