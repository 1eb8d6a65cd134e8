/** The personal pension journey (docs/pension.md) on the demo world: 李明 opens his pension
 * account from 我的, contributes 5 000 元 with the recharge agreement and his trade password,
 * sees this year's quota and the tax estimate at a chosen bracket, buys a pension fund from the
 * pension shelf paid from the pension account, and a second contribution of 8 000 元 is refused
 * with the quota left named — worked out here from the demo history's contributions of the year.
 * Every pension screen is opened and photographed on the way. The clock is not moved. */
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { apiGet, press, signIn } from './session'

const base = inject('baseURL')
const PASSWORD = '135790' // docs/demo.md
const CAP = new Decimal(12000)
const FIRST = '5000'
const SECOND = '8000'
const BUY = '1000'

/** 12345.6 → "12,345.60", as the screens and the server's messages write money. */
const money = (v: Decimal.Value) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
  )

describe('个人养老金: contributions within the yearly cap and a pension fund bought with them', () => {
  let phone: Phone
  let token: string
  let year = 0
  let before = new Decimal(0)
  let balanceBefore = new Decimal(0)

  const get = (path: string, params: Record<string, string> = {}) => apiGet(token, path, params)

  async function typeInto(page: Page, testId: string, value: string): Promise<void> {
    await page.getByTestId(testId).locator('input').fill(value)
  }

  /** The amount phrases of the screen's sentences (.pension-phrase) whose text breaks onto a
   * second line or out of their box at 375 px: none, an amount never apart from what it is or
   * its 元. */
  async function brokenPhrases(page: Page): Promise<string[]> {
    return page
      .locator('.pension-phrase')
      .evaluateAll((phrases) =>
        phrases
          .filter(
            (p) =>
              p.getBoundingClientRect().height >
                parseFloat(getComputedStyle(p.parentElement!).lineHeight) * 1.5 ||
              p.getBoundingClientRect().right > p.parentElement!.getBoundingClientRect().right + 1,
          )
          .map((p) => p.textContent ?? ''),
      )
  }

  async function password(page: Page): Promise<void> {
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
  }

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page)).accessToken
    // The demo history's contributions of this year, whatever they are.
    const records = await get('/pension/queryRecharge')
    year = records.year
    before = records.list.reduce(
      (sum: Decimal, c: { amount: string }) => sum.plus(c.amount),
      new Decimal(0),
    )
    expect(records.list.length).toBeGreaterThanOrEqual(2)
    expect(new Decimal(records.yearContributed).eq(before)).toBe(true)
    balanceBefore = new Decimal((await get('/pension/tdAccount')).balance)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('opens the pension account from 我的 on pension/home', async () => {
    const { page } = phone
    await page.goto(`${base}/mine`)
    const card = page.getByTestId('fa-card').filter({ hasText: '个人养老金' })
    await card.waitFor()
    const onCard = await card.locator('.fa-card__amount').innerText()
    await card.click()
    await page.waitForURL(/\/pension\/home/)
    await page.getByTestId('pension-hero').waitFor()
    expect(await page.getByTestId('remaining-quota').innerText()).toBe(money(CAP.minus(before)))
    expect(await page.getByTestId('year-contributed').innerText()).toBe(money(before))
    await page.getByTestId('pension-holdings').getByText('博远养老2040(FOF)Y').waitFor()
    // 总资产 is the pension account's own figure (getAccountAsset): the funds held and the
    // purchases awaiting confirmation, without the balance at the bank (docs/pension.md)
    const td = await get('/pension/tdAccount')
    const asset = await get('/account/getAccountAsset', {
      financialAccountId: String(td.financialAccountId),
    })
    expect(await page.getByTestId('pension-total').innerText()).toBe(money(asset.totalAsset))
    // and 我的's card of the account says the same 总资产
    expect(onCard).toBe(money(asset.totalAsset))
    expect(new Decimal(td.totalAsset).eq(asset.totalAsset)).toBe(true)
    expect(new Decimal(td.balance).gt(0)).toBe(true)
    await page.getByText('余额在银行，不计入总资产', { exact: false }).waitFor()
    await shot(page, 'pension-home')
  })

  it('contributes 5 000 元 with the recharge agreement and the trade password', async () => {
    const { page } = phone
    await page.goto(`${base}/pension/deposit`)
    await page.getByTestId('deposit-quota').waitFor()
    expect(await page.locator('.pension-phrase').count()).toBe(3)
    expect(await brokenPhrases(page)).toEqual([])
    await typeInto(page, 'deposit-amount', FIRST)
    // The agreement's title opens its text; reading it ticks the box.
    await page.locator('.pension-agree button').click()
    await page.getByText('一、您通过本平台从本人名下已绑定的银行卡').waitFor()
    await shot(page, 'pension-recharge-agreement')
    await page.getByText('我已阅读并同意', { exact: true }).click()
    await shot(page, 'pension-deposit')
    await page.getByTestId('deposit-submit').click()
    await password(page)
    await page.waitForURL(/\/pension\/depositRecord/)
    await page
      .getByTestId('record-list')
      .getByText(`+${money(FIRST)}`)
      .first()
      .waitFor()
    await shot(page, 'pension-deposit-record')
    const records = await get('/pension/queryRecharge')
    expect(new Decimal(records.yearContributed).eq(before.plus(FIRST))).toBe(true)
  })

  it("shows this year's quota and the tax estimate at the chosen bracket", async () => {
    const { page } = phone
    await page.goto(`${base}/pension/home`)
    await page.getByTestId('pension-quota').waitFor()
    const contributed = before.plus(FIRST)
    expect(await page.getByTestId('year-contributed').innerText()).toBe(money(contributed))
    expect(await page.getByTestId('remaining-quota').innerText()).toBe(
      money(CAP.minus(contributed)),
    )
    // each bracket's button: its range on one line at 375 px, its rate on the line under it
    const brackets = await page
      .getByTestId('pension-tax')
      .locator('.pension-bracket')
      .evaluateAll((buttons) =>
        buttons.map((button) => {
          const [range, rate] = [...button.children].map((c) => c.getBoundingClientRect())
          const lineHeight = parseFloat(getComputedStyle(button.children[0]).lineHeight)
          return `${button.textContent} ${range.height < lineHeight * 1.5 && rate.top >= range.bottom - 1}`
        }),
      )
    expect(brackets.length).toBe(7)
    expect(brackets.filter((b) => !b.endsWith(' true'))).toEqual([])
    await page.getByTestId('pension-tax').getByText('14.4万至30万元').click()
    // (rate − 3 %) of what was contributed this year: 20 % now, 3 % on receipt.
    const net = contributed.mul('0.17')
    await expect.poll(() => page.getByTestId('net-saving').innerText()).toBe(money(net))
    // each figure of the estimate is one line at 375 px, its 元 never wrapped away from it
    const lines = await page.getByTestId('tax-estimate').evaluate((box) =>
      [...box.children].map((line) => {
        const height = line.getBoundingClientRect().height
        return `${line.textContent} ${height < parseFloat(getComputedStyle(line).lineHeight) * 1.5}`
      }),
    )
    expect(lines.length).toBe(5)
    expect(lines.filter((line) => !line.endsWith(' 元 true'))).toEqual([])
    await page.getByTestId('pension-tax').scrollIntoViewIfNeeded()
    await shot(page, 'pension-home-tax')
  })

  it('refuses a second contribution of 8 000 元 with the quota left named', async () => {
    const { page } = phone
    const left = CAP.minus(before).minus(FIRST)
    await page.goto(`${base}/pension/deposit`)
    await page.getByTestId('deposit-quota').waitFor()
    await typeInto(page, 'deposit-amount', SECOND)
    await page.locator('.pension-agree .adm-checkbox').click()
    await page.getByTestId('deposit-submit').click()
    const error = page.getByTestId('deposit-error')
    await error.waitFor()
    expect(await error.innerText()).toBe(
      `超过个人养老金年度缴存上限${money(CAP)}元，${year}年剩余可缴存额度为${money(left)}元`,
    )
    await shot(page, 'pension-deposit-refused')
    const records = await get('/pension/queryRecharge')
    expect(new Decimal(records.yearContributed).eq(before.plus(FIRST))).toBe(true)
  })

  it('buys a pension fund from the shelf, paid from the pension account', async () => {
    const { page } = phone
    await page.goto(`${base}/pension/shelf`)
    await page.getByTestId('pension-products').waitFor()
    await shot(page, 'pension-shelf')
    await page.getByTestId('pension-products').getByText('博远养老2040(FOF)Y').first().click()
    await page.getByTestId('buy-bar').waitFor()
    await shot(page, 'pension-fund-detail')
    await page.getByTestId('buy-bar').getByText(/^买入/).click()
    const pay = page.getByTestId('pension-pay')
    await pay.waitFor({ timeout: 10_000 }).catch(async (e) => {
      await shot(page, 'pension-buy-missing')
      throw e
    })
    // the account itself, not 去开通's sentence (which names it too)
    await pay.getByText(/个人养老金资金账户\(\d{4}\) 可用余额/).waitFor()
    await page.getByTestId('trade-amount').click()
    await press(page, BUY)
    await page.getByText('完成', { exact: true }).click()
    await page.locator('.trade-agree .adm-checkbox').click()
    await shot(page, 'pension-buy')
    await page.getByTestId('trade-submit').click()
    await password(page)
    await page.getByTestId('trade-result-status').waitFor()
    await shot(page, 'pension-buy-result')
    const account = await get('/pension/tdAccount')
    expect(new Decimal(account.balance).eq(balanceBefore.plus(FIRST).minus(BUY))).toBe(true)
    expect(new Decimal(account.pendingAmount).gte(BUY)).toBe(true)
  })

  it('a second pension account is refused, and the other pension screens read the world', async () => {
    const { page } = phone
    await page.goto(`${base}/pension/bankList?way=open`)
    await page.getByText('中国建设银行').waitFor()
    await shot(page, 'pension-bank-list')
    await page.getByText('中国建设银行').click()
    await page.waitForURL(/\/pension\/bindAccount/)
    await page.getByText('所在城市').click()
    await page.locator('.adm-picker-header-button').getByText('确定').click()
    await page.locator('.pension-agree .adm-checkbox').click()
    await page.getByTestId('pension-bind').click()
    await page
      .locator('.pension-error')
      .getByText('每人只能开立一个个人养老金资金账户，您已在中国工商银行开通')
      .waitFor()
    await shot(page, 'pension-bind-refused')

    const screens: [string, string, string][] = [
      ['pension/bindAccountResult?way=bind', '绑定成功', 'pension-bind-result'],
      ['pension/openAccountBank', '您已开通个人养老金资金账户', 'pension-open-account-bank'],
      ['pension/subShelf?category=targetRisk', '养老目标风险', 'pension-sub-shelf'],
      ['pension/static/aboutPension', '什么是个人养老金', 'pension-about'],
      ['pension/static/bankRecommondPage', '如何选择开户银行', 'pension-bank-recommend'],
      ['pension/transfer', '已绑定的资金账户', 'pension-transfer'],
    ]
    for (const [path, text, name] of screens) {
      await page.goto(`${base}/${path}`)
      await page.getByText(text).first().waitFor()
      expect(await brokenPhrases(page)).toEqual([])
      await shot(page, name)
    }
  })
})
