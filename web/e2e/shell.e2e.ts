/** The app shell at 375×812: access to the tab pages, tabs, the fallback route, and a page
 * still to come. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { signIn } from './session'

const base = inject('baseURL')

describe('app shell', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('sends a visitor to sign in for a page that needs an account, keeping where they were going', async () => {
    const { page } = phone
    await page.goto(`${base}/transactionRecord?tab=all`)
    await page.waitForURL(`${base}/empower?storageKey=opentamp.redirect`)
    const saved = await page.evaluate(() => sessionStorage.getItem('opentamp.redirect'))
    expect(JSON.parse(saved ?? '{}')).toEqual({ path: '/transactionRecord', query: '?tab=all' })
  })

  it('opens on 首页 with the two bottom tabs once signed in', async () => {
    const { page } = phone
    await signIn(page)
    await page.goto(new URL(base).origin + '/')
    await page.waitForURL(`${base}/home`)
    await page.locator('.app-tab-bar__item').first().waitFor()
    await expect(page.locator('.app-tab-bar__item').allInnerTexts()).resolves.toEqual([
      '首页',
      '我的',
    ])
    await expect(page.locator('.page-header').innerText()).resolves.toContain('首页')
    await shot(page, 'shell-home')
  })

  it('switches to 我的 with the tab bar', async () => {
    const { page } = phone
    await page.getByText('我的', { exact: true }).last().click()
    await page.waitForURL(`${base}/mine`)
    // The title follows the screen once its chunk has rendered.
    await page.waitForFunction(() => document.title.startsWith('我的 - '))
    await shot(page, 'shell-mine')
  })

  it('sends an unknown path to /mine', async () => {
    const { page } = phone
    await page.goto(`${base}/no/such/screen?x=1`)
    await page.waitForURL(`${base}/mine`)
  })

  it('shows a page opened directly with its title and a way back', async () => {
    const { page } = phone
    await page.goto(`${base}/diagnose`)
    await page.waitForFunction(() => document.title.startsWith('持仓诊断 - '))
    await expect(page.locator('.page-header').innerText()).resolves.toContain('持仓诊断')
    await shot(page, 'shell-direct-open')
    await page.locator('.adm-nav-bar-back').click()
    await page.waitForURL(`${base}/home`)
  })

  it('gives 搜索 one way back, 取消 beside its box, which leads home when opened directly', async () => {
    const { page } = phone
    await page.goto(`${base}/search`)
    await page.getByPlaceholder('搜索基金、组合名称或代码').waitFor()
    await expect(page.locator('.page-header').innerText()).resolves.toContain('搜索')
    await expect(page.locator('.adm-nav-bar-back').count()).resolves.toBe(0)
    await expect(page.getByRole('button', { name: '后退' }).count()).resolves.toBe(0)
    // 取消 shows before anything is typed, and leaves the page rather than clearing the box
    const cancel = page.locator('.adm-search-bar-suffix').getByText('取消', { exact: true })
    await cancel.waitFor()
    await shot(page, 'shell-search-direct-open')
    await cancel.click()
    await page.waitForURL(`${base}/home`)
  })

  it('sends a signed-in user without an account from an account page to identityBinding', async () => {
    const newcomer = await openPhone()
    try {
      const { page } = newcomer
      await signIn(page, { phone: '13900139000' }) // signed up, no account opened (docs/demo.md)
      await page.goto(`${base}/fa/signContract?poCode=ZH000001`)
      await page.waitForURL(`${base}/identityBinding?storageKey=opentamp.redirect`)
      const saved = await page.evaluate(() => sessionStorage.getItem('opentamp.redirect'))
      expect(JSON.parse(saved ?? '{}')).toEqual({
        path: '/fa/signContract',
        query: '?poCode=ZH000001',
      })
    } finally {
      await newcomer.close()
    }
  })
})

describe('the floating tab bar', () => {
  it('shows inside a mini program, which has its own navigation', async () => {
    const phone = await openPhone()
    const context = await phone.browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.50 miniProgram',
    })
    try {
      const page = await context.newPage()
      await signIn(page)
      await page.goto(`${base}/home`)
      await page.locator('.app-tab-float').waitFor()
      await expect(page.locator('.app-tab-bar').count()).resolves.toBe(0)
      await shot(page, 'shell-tab-floating')
      await page.locator('.app-tab-float').getByText('我的').click()
      await page.waitForURL(`${base}/mine`)
    } finally {
      await context.close()
      await phone.close()
    }
  })
})
