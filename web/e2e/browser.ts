/** Debian's chromium driven by playwright-core at a phone's size (docs/development.md#tests). */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const SCREENSHOTS = resolve(fileURLToPath(new URL('.', import.meta.url)), 'screenshots')

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface Phone {
  browser: Browser
  context: BrowserContext
  page: Page
  close: () => Promise<void>
}

/** An address of its own for each phone (IPv6 documentation range): the test server trusts
 * the loopback proxy's X-Forwarded-For (global-setup.ts), so each phone is a client of its own
 * for the per-client limits (docs/api.md#limits), as each real phone is. */
function phoneAddress(): string {
  const group = () => Math.floor(Math.random() * 0xffff).toString(16)
  return `2001:db8:${group()}:${group()}::${group()}`
}

/** A new browser (playwright gives each launch a fresh, empty profile) with one phone page. */
export async function openPhone(options: { args?: string[] } = {}): Promise<Phone> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...FLAGS, ...(options.args ?? [])],
  })
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    extraHTTPHeaders: { 'X-Forwarded-For': phoneAddress() },
  })
  const page = await context.newPage()
  return {
    browser,
    context,
    page,
    close: () => browser.close(),
  }
}

/** A line chart drawn: its first drawing (LineSketch), or ECharts' canvas once a touch or the
 * mouse resting over it has handed it over (docs/architecture.md#first-load). */
export const CHART_DRAWN = '.line-sketch, canvas'

/** How long a screenshot waits for the page's skeletons to give way to its data. */
const SETTLE_MS = 5000

/** Save a screenshot for people to look at (web/e2e/screenshots, git-ignored), once the
 * sections still loading (antd-mobile's skeletons) have drawn, or after SETTLE_MS: a picture
 * of a screen half loaded says little, and a screen stuck loading is still photographed. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page
    .waitForFunction(() => !document.querySelector('.adm-skeleton'), undefined, {
      timeout: SETTLE_MS,
    })
    .catch(() => undefined)
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false })
}

/** The Content-Security-Policy violations of a page from now on (docs/api.md#security-headers):
 * the page's own reports (securitypolicyviolation) and Chromium's console refusals. */
export async function watchCsp(
  page: Page,
): Promise<{ seen: () => Promise<string[]>; forget: () => void }> {
  const console: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text())
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  return {
    seen: async () => {
      const reported = await page
        .evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
        .catch(() => [] as string[])
      return [...console, ...reported]
    },
    forget: () => {
      console.length = 0
    },
  }
}
