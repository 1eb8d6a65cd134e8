/**
 * WeChat sign-in in a WeChat browser, against the local stand-in for WeChat's OAuth: the silent
 * snsapi_base round, the snsapi_userinfo round for a new identity, binding it by SMS sign-in,
 * and the next visit signing in by WeChat alone.
 */
import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { shot } from './browser'
import { lastSmsCode } from './session'

const base = inject('baseURL')
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49 NetType/WIFI Language/zh_CN'
const PHONE = '13577770123'

describe('WeChat sign-in', () => {
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    })
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      userAgent: WECHAT_UA,
    })
    page = await context.newPage()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('authorizes, then binds the WeChat identity by SMS sign-in', async () => {
    await page.goto(`${base}/empower`)
    await page.waitForURL(`${base}/login`)
    await page.getByPlaceholder('请输入手机号').fill(PHONE)
    await page.getByText('我已阅读并同意').click()
    await page.getByRole('button', { name: '获取验证码' }).click()
    await page.waitForURL(/\/sms\?/)
    await page.locator('.adm-passcode-input').click()
    await page.keyboard.type(lastSmsCode(PHONE))
    await page.waitForURL(`${base}/mine`)
    await page.getByText('微信用户').first().waitFor()
    await shot(page, 'wechat-bound-mine')
  })

  it('signs in by WeChat alone on the next visit', async () => {
    await page.evaluate(() => localStorage.clear())
    await page.goto(`${base}/empower`)
    await page.waitForURL(`${base}/mine`)
    await page.getByText('开通基金账户').waitFor()
  })
})
