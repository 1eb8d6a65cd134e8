/** The demo user's account screens, each fed by the API, with a screenshot to look at. */
import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { lastSmsCode, signIn } from './session'

const base = inject('baseURL')

const SCREENS: [path: string, expected: string, name: string][] = [
  ['bankCard', '工商银行', 'bank-card'],
  ['signCapital', '招商银行', 'sign-capital'],
  ['paymentLimitRaise', '各银行快捷支付限额', 'payment-limit'],
  ['selectBank', '中国农业银行', 'select-bank'],
  ['accountSecurity', '修改交易密码', 'account-security'],
  ['payAuthMode', '交易密码+短信验证码', 'pay-auth-mode'],
  ['msgPhoneManage', '138****8000', 'msg-phone-manage'],
  ['accountManagement', '1101', 'account-management'],
  ['setting', '个性化推荐', 'setting'],
  ['subscribeSetting', '收益播报', 'subscribe-setting'],
  ['surveyResult', 'C4 成长型', 'survey-result'],
  ['userSurvey', '投资偏好调研', 'user-survey'],
  ['financialAccountVisibility', '小金库', 'financial-account-visibility'],
  ['financialAccountTips', '最多可创建 5 个理财账户', 'financial-account-tips'],
  ['moreServices', '更换银行卡', 'more-services'],
  ['certificates', '2035-06-30', 'certificates'],
  ['changeCard/applyGuide', '验证身份', 'change-card-guide'],
]

describe('the demo user’s account screens', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await signIn(phone.page, { phone: '13800138000' })
  })
  afterAll(async () => {
    await phone?.close()
  })

  for (const [path, expected, name] of SCREENS) {
    it(`shows ${path}`, async () => {
      const { page } = phone
      await page.goto(`${base}/${path}`)
      await page.getByText(expected).first().waitFor()
      await shot(page, `screen-${name}`)
    })
  }

  it('signs a CMB card that waits for signing', async () => {
    const { page } = phone
    await page.goto(`${base}/signCapital`)
    await page.getByText('去签约').click()
    await page.waitForURL(/\/paymentChannelSigning\?/)
    await page.getByText('我已阅读并同意').click()
    await shot(page, 'screen-payment-channel-signing')
    await page.getByRole('button', { name: '去签约' }).click()
    await page.waitForURL(/\/bankPaymentSigningSms\?/)
    await page.locator('.adm-passcode-input').click()
    await page.keyboard.type(lastSmsCode('13800138000'))
    await page.waitForURL(/\/paymentChannelSigningResult/)
    await page.getByText('已签署成功').waitFor()
    await shot(page, 'screen-signing-result')
  })

  it('refuses an institutional account with the spec’s message', async () => {
    const other = await openPhone()
    try {
      await signIn(other.page, { phone: '13700137000' })
      await other.page.goto(`${base}/financialAccountManage`)
      await other.page.getByPlaceholder('如：子女教育').fill('机构账户')
      await other.page.getByRole('button', { name: '创建账户' }).click()
      await other.page.getByText('当前账号为机构账户，不可操作该页面').waitFor()
      await shot(other.page, 'screen-institution')
    } finally {
      await other.close()
    }
  })
})
