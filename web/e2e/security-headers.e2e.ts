/**
 * The H5 app under its Content-Security-Policy (docs/api.md#security-headers): the screens a
 * visitor and an investor open load with no CSP violation (scripts, antd-mobile's inline
 * styles, data: images, charts), and frame-ancestors lets only the broker's partners frame it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, watchCsp, type Phone } from './browser'
import { signIn, sqlite } from './session'

const base = inject('baseURL')

const SCREENS: Array<[string, string]> = [
  ['home', '精选推荐'],
  ['fundProductDetail?productCode=000509&productType=wallet', '七日年化'],
  ['poProductDetail?productCode=SI000001&productType=signal', '最新发车'],
  ['mine', '总资产'],
  ['login', '获取验证码'],
]

describe('the app under its CSP', () => {
  let phone: Phone
  let csp: Awaited<ReturnType<typeof watchCsp>>
  beforeAll(async () => {
    phone = await openPhone()
    csp = await watchCsp(phone.page)
    await signIn(phone.page)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('sends the policy with the page', async () => {
    const res = await phone.page.goto(`${base}/home`)
    const policy = res?.headers()['content-security-policy'] ?? ''
    expect(policy).toContain("frame-ancestors 'self'")
    expect(policy).toContain("script-src 'self' 'sha256-")
    expect(res?.headers()['x-content-type-options']).toBe('nosniff')
  })

  it('would see a violation: an injected inline script is refused and reported', async () => {
    const { page } = phone
    await page.goto(`${base}/home`)
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.head.appendChild(script)
    })
    await expect.poll(() => csp.seen()).toContainEqual(expect.stringMatching(/script-src/))
    expect(await page.evaluate(() => 'injected' in window)).toBe(false)
    csp.forget()
  })

  for (const [path, text] of SCREENS) {
    it(`${path} loads with no violation`, async () => {
      const { page } = phone
      await page.goto(`${base}/${path}`)
      await page.getByText(text).first().waitFor({ timeout: 20_000 })
      await page.waitForLoadState('networkidle')
      expect(await csp.seen()).toEqual([])
    })
  }
})

describe('frame-ancestors', () => {
  let phone: Phone
  beforeAll(async () => {
    // The partner's page is served by the browser's test hook, which Chromium counts as a
    // public site: its checks of public pages reaching a loopback server would refuse the frame
    // before its policy is read.
    phone = await openPhone({ args: ['--disable-features=LocalNetworkAccessChecks'] })
  })
  afterAll(async () => {
    sqlite("update broker set frame_ancestors = '[]'")
    await phone?.close()
  })

  it('keeps the app out of another site, and lets the broker’s partner frame it', async () => {
    const { page } = phone
    const app = new URL(base)
    // The partner's site: a page of another origin (served by the browser's test hook) that
    // frames the app.
    const partner = `http://localhost:${app.port}`
    const [[brokerId]] = sqlite('select id from broker order by id limit 1')
    // A page of the partner's site that frames ``src`` (served by the browser's test hook).
    const frameFromPartner = async (src: string) => {
      const path = `/partner-${Date.now()}`
      await page.route(`${partner}${path}`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><iframe src="${src}" style="width:375px;height:700px;border:0"></iframe>`,
        }),
      )
      await page.goto(`${partner}${path}`)
    }
    // Chromium replaces a frame its ancestors may not hold with its error page.
    const framed = () =>
      page
        .frames()
        .find((f) => f !== page.mainFrame())
        ?.url() ?? ''

    // The server answers the page, with a policy that does not name the partner: refused.
    const answered = page.waitForResponse((r) => r.url().startsWith(`${base}/home`))
    await frameFromPartner(`${base}/home?brokerId=${brokerId}`)
    const refused = await answered
    expect(refused.status()).toBe(200)
    expect(refused.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'$/)
    await expect.poll(framed, { timeout: 15_000 }).toBe('chrome-error://chromewebdata/')

    sqlite('update broker set frame_ancestors = ? where id = ?', [
      JSON.stringify([partner]),
      brokerId,
    ])
    const src = `${base}/home?brokerId=${brokerId}&from=partner`
    await frameFromPartner(src)
    await page.frameLocator('iframe').getByText('精选推荐').first().waitFor({ timeout: 20_000 })
    expect(framed()).toBe(src)
    await shot(page, 'framed-by-partner')
  })
})
