/**
 * Lighthouse's accessibility audit of 首页, 我的 and the buy screen (allot) at a phone's size, on
 * the demo world as the demo user: each scores at least 95. Lighthouse drives Debian's chromium
 * (headless) through puppeteer-core; the session is stored before each page's scripts run, as
 * the app stores it, and the pop-ups of the visit are marked as handled (e2e/session.ts).
 */
import lighthouse from 'lighthouse'
import puppeteer, { type Browser } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { issueToken } from './session'

const base = inject('baseURL')
const MIN_SCORE = 0.95

const PAGES = [
  ['首页', 'home'],
  ['我的', 'mine'],
  ['买入', 'allot?productCode=004104&productType=fund&financialAccountId=1'],
] as const

describe('accessibility (Lighthouse)', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const [name, path] of PAGES) {
    it(`${name} scores at least ${MIN_SCORE * 100}`, async () => {
      const issued = issueToken()
      const page = await browser.newPage()
      await page.evaluateOnNewDocument(
        (session, done) => {
          localStorage.setItem('opentamp.session', session)
          sessionStorage.setItem(
            'opentamp.privacySigned',
            `${JSON.parse(session).brokerUserId}:e2e`,
          )
          sessionStorage.setItem('opentamp.popupsDone', done)
        },
        JSON.stringify({
          accessToken: issued.accessToken,
          brokerUserId: issued.brokerUserId,
          accountId: issued.accountId,
          brokerId: issued.brokerId,
          visitor: false,
          expiresAt: Date.now() + (issued.expiresIn - 300) * 1000,
        }),
        JSON.stringify({
          value: [
            'nonAmerican',
            'paymentResign',
            'riskExpiry',
            'operation:HOME',
            'operation:MINE',
            'push:HOME',
          ],
          expires: null,
        }),
      )
      const result = await lighthouse(
        `${base}/${path}`,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          disableStorageReset: true,
          formFactor: 'mobile',
          screenEmulation: {
            mobile: true,
            width: 375,
            height: 812,
            deviceScaleFactor: 2,
            disabled: false,
          },
        },
        undefined,
        page,
      )
      await page.close()
      const category = result?.lhr.categories.accessibility
      const failing = Object.values(result?.lhr.audits ?? {})
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => {
          const items =
            (a.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })
              ?.items ?? []
          const nodes = items.slice(0, 8).map(
            (i) =>
              `    ${i.node?.snippet ?? ''} ${(i.node?.explanation ?? '')
                .replace(/\s+/g, ' ')
                .replace(/Fix any of the following: /, '')
                .slice(0, 160)}`,
          )
          return [`${a.id}: ${a.title}`, ...nodes].join('\n')
        })
      // the audit ran on the page itself, not on a sign-in or error page it was sent to
      expect(new URL(result?.lhr.finalDisplayedUrl ?? '').pathname).toBe(
        new URL(`${base}/${path}`).pathname,
      )
      if ((category?.score ?? 0) < MIN_SCORE) {
        throw new Error(`${name}: ${category?.score}\n${failing.join('\n')}`)
      }
      console.log(
        `${name}: accessibility ${category?.score}; ${failing.join('; ') || 'no failing audit'}`,
      )
    }, 120_000)
  }
})
