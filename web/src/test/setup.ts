import '@testing-library/jest-dom/vitest'
import { createRequire } from 'node:module'
import { configure } from '@testing-library/react'

// A loaded shared machine (CI's) can take several seconds to render a screen or an antd-mobile
// pop-up: every findBy…/waitFor waits up to 5 s (testing-library's default is 1 s). A limit, not a
// timing test.
configure({ asyncUtilTimeout: 5000 })

// The tests run on preact/compat, as the app ships (vitest.config.ts): a file that loaded React
// or React DOM after all (a package left to Node's require) fails here.
afterAll(() => {
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) =>
    /[\\/]node_modules[\\/](react|react-dom)[\\/]/.test(file),
  )
  if (loaded.length) throw new Error(`React loaded instead of preact/compat: ${loaded.join(', ')}`)
})

// Client rules that count days (pop-up frequencies) use the phone's local time; the app's
// users are in Beijing time, and so are the tests, whatever the machine's zone.
process.env.TZ = 'Asia/Shanghai'

// preact/hooks runs effects after the next frame or after 35 ms (its RAF_TIMEOUT), whichever
// comes first, and then calls cancelAnimationFrame. A file whose last render was less than that
// before its end would have it run after the environment took the window's functions away
// ("cancelAnimationFrame is not defined", an unhandled error that fails the run): each file
// waits for it.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)))
