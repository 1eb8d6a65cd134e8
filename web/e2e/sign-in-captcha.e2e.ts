/**
 * The sign-in captcha (docs/api.md#limits): after a few codes asked for from one phone (a
 * client address of its own, browser.ts), 获取验证码 shows 图形验证码 with the server's image;
 * a wrong answer draws a new image, the right one sends the code and signs in.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, watchCsp, type Phone } from './browser'
import { captchaAnswer, lastSmsCode, quietTabPopups } from './session'

const base = inject('baseURL')
/** The server's default: three codes a window without a captcha. */
const FREE_SENDS = 3

async function askForCode(page: Page, number: string): Promise<void> {
  await page.goto(`${base}/login`)
  await page.getByPlaceholder('请输入手机号').fill(number)
  await page.getByText('我已阅读并同意').click()
  await page.getByRole('button', { name: '获取验证码' }).click()
}

async function captchaImage(page: Page): Promise<string> {
  const img = page.getByRole('img', { name: '图形验证码' })
  await img.waitFor()
  return (await img.getAttribute('src')) ?? ''
}

describe('the sign-in captcha', () => {
  let phone: Phone
  let csp: Awaited<ReturnType<typeof watchCsp>>
  beforeAll(async () => {
    phone = await openPhone()
    csp = await watchCsp(phone.page)
    await quietTabPopups(phone.page)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('is not asked for the first codes', async () => {
    const { page } = phone
    for (let n = 0; n < FREE_SENDS; n++) {
      await askForCode(page, `1370000100${n}`)
      await page.waitForURL(/\/sms\?/)
      await page.getByText(`验证码已发送至 +86 137****100${n}`).waitFor()
    }
  })

  it('appears with the server image when the next code is asked for', async () => {
    const { page } = phone
    const drawn = page.waitForResponse((r) => r.url().endsWith('/auth/login/captcha'))
    await askForCode(page, '13700001009')
    await page.getByText('请输入图形验证码').first().waitFor()
    expect((await (await drawn).json()).data.captchaId).toBeTruthy()
    expect(await captchaImage(page)).toMatch(/^data:image\/png;base64,/)
    expect(page.url()).toBe(`${base}/login`)
    // the image is a data: URL, which the page's policy allows
    expect(await csp.seen()).toEqual([])
    await shot(page, 'sign-in-captcha-asked')
  })

  it('draws a new image on a tap and after a wrong answer', async () => {
    const { page } = phone
    const first = await captchaImage(page)
    let drawn = page.waitForResponse((r) => r.url().endsWith('/auth/login/captcha'))
    await page.getByRole('button', { name: '看不清，换一张' }).click()
    const { captchaId } = (await (await drawn).json()).data
    await expect.poll(() => captchaImage(page)).not.toBe(first)
    const right = captchaAnswer(captchaId)
    const wrong = right === 'AAAA' ? 'BBBB' : 'AAAA'
    await page.getByRole('textbox', { name: '图形验证码' }).fill(wrong.toLowerCase())
    expect(await page.getByRole('textbox', { name: '图形验证码' }).inputValue()).toBe(wrong)
    drawn = page.waitForResponse((r) => r.url().endsWith('/auth/login/captcha'))
    const before = await captchaImage(page)
    await page.getByRole('button', { name: '获取验证码' }).click()
    await page.getByText('图形验证码错误，请重新输入').waitFor()
    await drawn
    await expect.poll(() => captchaImage(page)).not.toBe(before)
    expect(await page.getByRole('textbox', { name: '图形验证码' }).inputValue()).toBe('')
    await shot(page, 'sign-in-captcha-wrong')
  })

  it('sends the code with the right answer, and the code signs in', async () => {
    const { page } = phone
    const drawn = page.waitForResponse((r) => r.url().endsWith('/auth/login/captcha'))
    await page.getByRole('button', { name: '看不清，换一张' }).click()
    const { captchaId } = (await (await drawn).json()).data
    await page.getByRole('textbox', { name: '图形验证码' }).fill(captchaAnswer(captchaId))
    await page.getByRole('button', { name: '获取验证码' }).click()
    await page.waitForURL(/\/sms\?/)
    await page.getByText('验证码已发送至 +86 137****1009').waitFor()
    await page.locator('.adm-passcode-input').click()
    await page.keyboard.type(lastSmsCode('13700001009'))
    await page.waitForURL(`${base}/mine`)
  })
})
