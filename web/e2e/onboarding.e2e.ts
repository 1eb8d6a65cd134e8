/**
 * The whole road to a first purchase for a new user, as a person takes it at 375×812: sign in
 * by SMS, open an account, bind a card, set the trade password, take the risk survey, create a
 * second financial account and hide it. SMS codes are read from the test server's outbox.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { idCheckDigit } from '../src/lib/validate'
import { openPhone, shot, type Phone } from './browser'
import { pngFile } from './images'
import { lastSmsCode, quietTabPopups } from './session'

const base = inject('baseURL')
const PHONE = '13612340987'
const FIRST17 = '11010519850621102'
const ID_NO = FIRST17 + idCheckDigit(FIRST17)

async function typeDigits(page: Page, digits: string) {
  for (const d of digits) {
    await page
      .locator('.adm-number-keyboard-key', { hasText: new RegExp(`^${d}$`) })
      .first()
      .click()
  }
}

describe('a new user gets ready to invest', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await quietTabPopups(phone.page)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('signs in by SMS', async () => {
    const { page } = phone
    await page.goto(`${base}/login`)
    await page.getByPlaceholder('请输入手机号').fill(PHONE)
    await page.getByText('我已阅读并同意').click()
    await shot(page, 'onboarding-1-login')
    await page.getByRole('button', { name: '获取验证码' }).click()
    await page.waitForURL(/\/sms\?/)
    await page.getByText('验证码已发送至 +86 136****0987').waitFor()
    await shot(page, 'onboarding-2-sms')
    await page.locator('.adm-passcode-input').click()
    await page.keyboard.type(lastSmsCode(PHONE))
    await page.waitForURL(`${base}/mine`)
    // the privacy policy was agreed to on the sign-in page: it is never asked again
    await page.getByText('开通基金账户').waitFor()
    await page.waitForLoadState('networkidle')
    await expect(page.getByText('隐私政策授权').count()).resolves.toBe(0)
    await shot(page, 'onboarding-3-mine-without-account')
  })

  it('opens an account', async () => {
    const { page } = phone
    await page.getByRole('button', { name: '去开户' }).click()
    await page.waitForURL(`${base}/identityBinding`)
    await page.getByRole('button', { name: '立即开户' }).click()
    await page.waitForURL(`${base}/openAccount`)
    await page.getByPlaceholder('与证件一致').fill('赵晓明')
    await page.getByPlaceholder('请输入证件号码').fill(ID_NO)
    // 长期有效's text is centred on its switch, and 预留手机 keeps its help icon on its line
    const longTerm = page.locator('.adm-form-item', { hasText: '长期有效' })
    const [textMiddle, switchMiddle] = await longTerm.evaluate((row) => {
      const range = document.createRange()
      range.selectNodeContents(row.querySelector('.adm-form-item-label')!)
      const text = range.getBoundingClientRect()
      const toggle = row.querySelector('.adm-switch')!.getBoundingClientRect()
      return [text.top + text.height / 2, toggle.top + toggle.height / 2]
    })
    expect(Math.abs(textMiddle - switchMiddle)).toBeLessThanOrEqual(1)
    const phoneLabel = page.locator('.adm-form-item', { hasText: '预留手机' })
    const [labelHeight, lineHeight] = await phoneLabel
      .locator('.adm-form-item-label')
      .evaluate((label) => [
        label.getBoundingClientRect().height,
        parseFloat(getComputedStyle(label).lineHeight),
      ])
    expect(labelHeight).toBeLessThan(lineHeight * 1.5)
    await longTerm.locator('.adm-switch').click()
    await page.locator('.adm-form-item', { hasText: '职业' }).click()
    await page.locator('.adm-picker-header-button', { hasText: '确定' }).click()
    await page.getByPlaceholder('省市区及街道门牌号').fill('上海市浦东新区世纪大道100号')
    await page.getByText('本人确认不是美国税收居民').click() // a declaration the user ticks
    await page.getByText('我已阅读并同意').click()
    // both sides of the ID card belong to the opening: without them nothing is sent
    await page.getByRole('button', { name: '下一步' }).click()
    await page.getByText('请上传身份证人像面和国徽面照片').waitFor()
    await expect(page.getByText('确认开户信息').count()).resolves.toBe(0)
    // the app's own picture tiles, with the photo checks of 设置 › 证件照片 (5012 人像面)
    await expect(page.locator('input[type=file]:visible').count()).resolves.toBe(0)
    await page.getByLabel('拍摄人像面').setInputFiles(pngFile('front.png', 300, 200))
    await page.getByRole('img', { name: '拍摄人像面' }).waitFor()
    await page.getByLabel('拍摄国徽面').setInputFiles(pngFile('back.png', 856, 540))
    await page.getByRole('img', { name: '拍摄国徽面' }).waitFor()
    await page.getByRole('button', { name: '下一步' }).click()
    await page.getByText('未能识别证件人像面，请重新拍摄').waitFor()
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/utils/uploadOssResource')),
      page.getByLabel('拍摄人像面').setInputFiles(pngFile('front.png', 856, 540)),
    ])
    await page.locator('.open-account__photos').scrollIntoViewIfNeeded()
    await shot(page, 'onboarding-4-open-account-form')
    await page.getByRole('button', { name: '下一步' }).click()
    await page.getByText('确认开户信息').waitFor()
    // the code was just sent: its button counts down instead of offering another at once
    await page.getByRole('button', { name: /^\d+秒后重发$/ }).waitFor()
    await page.getByPlaceholder('请输入短信验证码').fill(lastSmsCode(PHONE))
    await shot(page, 'onboarding-5-open-account-code')
    await page.getByRole('button', { name: '确认开户' }).click()
    await page.waitForURL(`${base}/accountResult`)
    await page.getByText('开户成功').waitFor()
    await shot(page, 'onboarding-6-account-result')
  })

  it('binds a card', async () => {
    const { page } = phone
    await page.getByRole('button', { name: '绑定银行卡' }).click()
    await page.waitForURL(/\/bind-payment-method/)
    await page.getByPlaceholder('请输入银行卡号').fill('6222021234567890123')
    await page.getByText('中国工商银行', { exact: true }).waitFor()
    await page.getByPlaceholder('银行预留的手机号').fill(PHONE)
    // the holder is the account's, masked; the payment agreement is agreed before the code
    await expect(page.getByLabel('持卡人').innerText()).resolves.toBe('**明')
    await page.getByText('我已阅读并同意').click()
    await shot(page, 'onboarding-7-bind-card')
    await page.getByRole('button', { name: '获取验证码' }).click()
    await page.waitForURL(/\/verify-sms\?/)
    // 重新获取 waits for the minute the server enforces
    await page.getByText(/^\d+秒后可重新获取$/).waitFor()
    await expect(page.getByRole('link', { name: '重新获取' }).count()).resolves.toBe(0)
    await page.locator('.adm-passcode-input').click()
    await page.keyboard.type(lastSmsCode(PHONE))
    await page.waitForURL(/\/bindConfirm\?/)
    await page.getByText(/已阅读并同意《/).waitFor()
    await shot(page, 'onboarding-8-bind-confirm')
    await page.getByRole('button', { name: '确认绑定' }).click()
    await page.waitForURL(`${base}/accountResult`)
    await page.getByRole('button', { name: '设置交易密码' }).waitFor()
  })

  it('sets the trade password', async () => {
    const { page } = phone
    await page.getByRole('button', { name: '设置交易密码' }).click()
    await page.waitForURL(/\/setTradePassword/)
    await page.locator('.adm-passcode-input').click()
    await typeDigits(page, '111111')
    await page.getByText('交易密码不能为相同数字').waitFor()
    await typeDigits(page, '258036')
    await page.getByText('请再次输入交易密码').waitFor()
    await shot(page, 'onboarding-9-trade-password')
    await typeDigits(page, '258036')
    await page.waitForURL(/\/tradePasswordResult/)
    await page.getByText('交易密码设置成功').waitFor()
    await shot(page, 'onboarding-10-password-result')
    await page.getByRole('button', { name: '继续' }).click()
    await page.waitForURL(`${base}/accountResult`)
  })

  it('takes the risk survey', async () => {
    const { page } = phone
    await page.getByRole('button', { name: '去风险测评' }).click()
    await page.waitForURL(/\/riskSurvey/)
    await page.getByRole('button', { name: '开始测评' }).click()
    // Answers of tests/suitability: 72 points, C4.
    const picks = [[1], [2], [2], [1, 2], [2], [2], [2], [2], [1], [2]]
    for (const [i, pick] of picks.entries()) {
      await page.getByText(`${i + 1}/10`).waitFor()
      for (const p of pick) await page.locator('.survey__option').nth(p).click()
      if (i === 3) await shot(page, 'onboarding-11-survey-multi')
      if (pick.length > 1) await page.getByRole('button', { name: '下一题' }).click()
    }
    await page.getByRole('button', { name: '提交' }).click()
    await page.waitForURL(/\/riskSurveyConfirm/)
    await page.getByText('C4 成长型').waitFor()
    await shot(page, 'onboarding-12-survey-confirm')
    await page.getByRole('button', { name: '确认提交' }).click()
    await page.waitForURL(/\/surveyResult/)
    await page.getByText('有效期至').waitFor()
    await shot(page, 'onboarding-13-survey-result')
  })

  it('buys with its only financial account chosen, never asked to choose', async () => {
    const { page } = phone
    await page.goto(`${base}/allot?productCode=004104&productType=fund`)
    await page.waitForURL(/\/allot\?productCode=004104&productType=fund&financialAccountId=\d+$/)
    await expect(page.getByText('请选择本次交易使用的理财账户').count()).resolves.toBe(0)
  })

  it('creates a second financial account and hides it', async () => {
    const { page } = phone
    await page.goto(`${base}/mine`)
    await page.locator('[data-testid="fa-card"]').first().waitFor()
    await page.getByText('+ 新增理财账户').click()
    await page.waitForURL(`${base}/financialAccountManage`)
    await page.getByPlaceholder('如：子女教育').fill('旅行基金')
    await shot(page, 'onboarding-14-create-account')
    await page.getByRole('button', { name: '创建账户' }).click()
    await page.waitForURL(/\/financialAccount\?financialAccountId=/)
    await page.getByText('隐藏该账户').click()
    await page.getByRole('button', { name: '确定' }).click()
    await page.getByText('显示该账户').waitFor()
    await page.goto(`${base}/mine`)
    await page.getByText('展开隐藏账户（1）').waitFor()
    const visible = await page.locator('.fa-card__name').allInnerTexts()
    expect(visible.map((n) => n.replace(/\s+/g, ''))).toEqual(['默认账户默认'])
    await shot(page, 'onboarding-15-mine-with-hidden')
    await page.getByText('展开隐藏账户（1）').click()
    await page.getByText('旅行基金').waitFor()
    await page.getByText('C4 成长型').waitFor()
    await shot(page, 'onboarding-16-mine-expanded')
  })
})
