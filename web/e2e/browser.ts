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

/** A new browser (playwright gives each launch a fresh, empty profile) with one phone page. */
export async function openPhone(): Promise<Phone> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
  })
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  })
  const page = await context.newPage()
  return {
    browser,
    context,
    page,
    close: () => browser.close(),
  }
}

/** Save a screenshot for people to look at (web/e2e/screenshots, git-ignored). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false })
}
